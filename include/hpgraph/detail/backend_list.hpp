// The backend list's registration: what each backend's folder provides, included and declared
// over the names of detail/backend_names.hpp. Everything that does one thing per backend is
// written once over that list: the storage a container holds (one_storage.hpp), the switch that
// sends a container's method to its backend's Storage functions, on_backend's switch
// (backends.hpp) and the runtime's questions (src/core/backend_runtime.hpp). A backend is a
// folder of src/ (docs/design.md,
// "Adding a backend") plus its name in backend_names.hpp and its include lines here and in
// backends.hpp.
//
// A backend's folder has, each under the same names so that the lists below can name them:
//   storage.hpp       plain data (g++-safe, in every build): `Sca<T>`, `Vec<T>` and `Csr<T>`,
//                     the storage of a Scalar, a Vector and a Matrix;
//   storage_ops.hpp   (.cuh where it needs nvcc) `struct Storage`: static functions over those
//                     types, the same signatures on every backend (below, and docs/design.md);
//   backend.hpp/.cuh  `struct Ops : Storage`: the operations;
//   runtime.cpp       (plain C++, compiled into the library where the backend is built) the
//                     non-template functions of src/core/backend_runtime.hpp.
#pragma once

#include <string>

#include "hpgraph/backend.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

// The storage types of every backend, and the functions of those built.
#include "hpgraph/cuda/storage.hpp"
#include "hpgraph/host/storage.hpp"
#include "hpgraph/host/storage_ops.hpp"
#if HPG_HAS_CUDA && defined(__CUDACC__)  // kernels: nvcc only (the library's g++ sources use the list alone)
#include "hpgraph/cuda/storage_ops.cuh"
#endif

namespace hpg::detail {

/// What a switch over the built backends does with any other value: no container of it can be
/// made in this build, so only a value that is not a Backend at all gets here.
[[noreturn]] inline void unbuilt_backend(Backend b) {
  throw_error(Info::invalid_value, "backend " + std::string(to_string(b)) + " (" + std::to_string(static_cast<int>(b)) +
                                       ") is not built into this hpgraph");
}

}  // namespace hpg::detail
