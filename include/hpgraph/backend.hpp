// Which backend new containers use, and what the GPU is.
#pragma once

#include <cstddef>
#include <string>

#include "hpgraph/types.hpp"

namespace hpg {

/// Whether containers may live on backend b in this process: it is built into this hpgraph and
/// what it needs is present (the host: always; cuda: a usable GPU).
bool backend_usable(Backend b);

/// What backend b lacks here ("no usable GPU is present", "hpgraph was built without the cuda
/// backend"), for a message; empty when backend_usable(b).
std::string backend_unusable_why(Backend b);

/// backend_usable(Backend::cuda): this build has the CUDA backend and a usable GPU is present.
bool cuda_available();

/// Backend for containers created from now on in this program: `cuda` when a GPU is present,
/// `host` otherwise; HPGRAPH_BACKEND=host|cuda overrides the default. Setting `cuda` without a
/// GPU is an Error(invalid_value).
Backend default_backend();
void set_backend(Backend b);

/// The backend named `name`, as to_string(Backend) writes it: "host" or "cuda"
/// (Error(invalid_value) otherwise).
Backend parse_backend(const std::string& name);

struct DeviceInfo {
  std::string name;            // e.g. "NVIDIA H100 80GB HBM3"
  int compute_capability = 0;  // e.g. 90
  int multiprocessors = 0;
  int threads_per_multiprocessor = 0;  // resident at once (2048 on an H100 or H200)
  std::size_t l2_cache_bytes = 0;      // e.g. 50 MiB on an H100
  std::size_t total_memory = 0;
  std::size_t free_memory = 0;
  int driver_version = 0;
  int runtime_version = 0;
};

/// The current GPU; Error(invalid_value) when cuda_available() is false.
DeviceInfo device_info();

/// Waits until every call queued so far on backend b has finished: the GPU's calls return before
/// their kernels end (GrB_wait with GrB_COMPLETE on every object at once), so a timing of them
/// ends with this. On the GPU it waits for the calling thread's stream (the library's own, which
/// every thread shares, or the one a StreamScope chose: hpgraph/stream.hpp), not for other
/// streams. An error from queued work surfaces here as hpg::Error(cuda_error). The host
/// backend finishes each call before it returns: there it returns at once. In a device loop's body
/// it is a host wait, which a captured graph cannot hold: the loop runs its rounds from the host.
void synchronize(Backend b = default_backend());

/// "host (N threads)" or the GPU's name: for reports.
std::string backend_description(Backend b);

}  // namespace hpg
