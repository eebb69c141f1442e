// The CUDA backend's answers to the library's runtime questions (src/core/backend_runtime.hpp).
// Plain C++ over the CUDA runtime API: compiled into the library where the backend is built.
#include <cuda_runtime.h>

#include <mutex>
#include <string>
#include <tuple>

#include "hpgraph/backend.hpp"
#include "core/backend_runtime.hpp"
#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/error.hpp"

namespace hpg::detail::cuda {

namespace {
void check(cudaError_t e, const char* call) {
  if (e != cudaSuccess) throw_error(Info::cuda_error, std::string("device_info: ") + call + " failed: " + cudaGetErrorString(e));
}

bool probe() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    return false;
  }
  // The device must also run our code: the build is for sm_90 by default.
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return true;
}
}  // namespace

bool usable() {
  static std::once_flag once;
  static bool present = false;
  std::call_once(once, [] { present = probe(); });
  return present;
}
std::string unusable_why() { return "no usable GPU is present"; }
void synchronize() { device_synchronize("synchronize"); }
std::string description() { return usable() ? device_info().name : std::string("cuda (no GPU)"); }

DeviceInfo gpu_info() {
  DeviceInfo info;
  int dev = 0;
  check(cudaGetDevice(&dev), "cudaGetDevice");
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, dev), "cudaGetDeviceProperties");
  info.name = prop.name;
  info.compute_capability = prop.major * 10 + prop.minor;
  info.multiprocessors = prop.multiProcessorCount;
  info.threads_per_multiprocessor = prop.maxThreadsPerMultiProcessor;
  info.l2_cache_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  std::tie(info.free_memory, info.total_memory) = device_memory_info();
  check(cudaDriverGetVersion(&info.driver_version), "cudaDriverGetVersion");
  check(cudaRuntimeGetVersion(&info.runtime_version), "cudaRuntimeGetVersion");
  return info;
}

}  // namespace hpg::detail::cuda
