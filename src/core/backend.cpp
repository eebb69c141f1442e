#include "hpgraph/backend.hpp"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/error.hpp"

#if HPG_HAS_CUDA
#include <cuda_runtime.h>
#endif

namespace hpg {

namespace {

bool probe_cuda() {
#if HPG_HAS_CUDA
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
#else
  return false;
#endif
}

std::once_flag g_probe_once;
bool g_cuda = false;
std::atomic<int> g_backend{-1};  // -1: not chosen yet

Backend initial_backend() {
  if (const char* env = std::getenv("HPGRAPH_BACKEND"); env && *env) {
    Backend b = parse_backend(env);
    if (b == Backend::cuda && !cuda_available())
      detail::throw_error(Info::invalid_value, "HPGRAPH_BACKEND=cuda but no usable GPU is present");
    return b;
  }
  return cuda_available() ? Backend::cuda : Backend::host;
}

}  // namespace

bool cuda_available() {
  std::call_once(g_probe_once, [] { g_cuda = probe_cuda(); });
  return g_cuda;
}

// Compiled with -Wall: listed_backend's switch names a Backend value the backend list lacks.
static_assert(detail::listed_backend(Backend::host) && detail::listed_backend(Backend::cuda));

Backend parse_backend(const std::string& name) {
  if (name == "host") return Backend::host;
  if (name == "cuda") return Backend::cuda;
  detail::throw_error(Info::invalid_value, "unknown backend '" + name + "' (expected host or cuda)");
}

Backend default_backend() {
  int b = g_backend.load();
  if (b < 0) {
    int chosen = static_cast<int>(initial_backend());
    g_backend.compare_exchange_strong(b, chosen);
    return static_cast<Backend>(g_backend.load());
  }
  return static_cast<Backend>(b);
}

void set_backend(Backend b) {
  if (b == Backend::cuda && !cuda_available())
    detail::throw_error(Info::invalid_value, HPG_HAS_CUDA ? "set_backend(cuda): no usable GPU is present"
                                                          : "set_backend(cuda): hpgraph was built without CUDA");
  g_backend.store(static_cast<int>(b));
}

DeviceInfo device_info() {
  if (!cuda_available()) detail::throw_error(Info::invalid_value, "device_info: no usable GPU is present");
  DeviceInfo info;
#if HPG_HAS_CUDA
  int dev = 0;
  cudaGetDevice(&dev);
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess) detail::throw_error(Info::cuda_error, "cudaGetDeviceProperties failed");
  info.name = prop.name;
  info.compute_capability = prop.major * 10 + prop.minor;
  info.multiprocessors = prop.multiProcessorCount;
  cudaMemGetInfo(&info.free_memory, &info.total_memory);
  cudaDriverGetVersion(&info.driver_version);
  cudaRuntimeGetVersion(&info.runtime_version);
#endif
  return info;
}

void synchronize(Backend b) {
  if (b == Backend::cuda) detail::device_synchronize("synchronize");
}

std::string backend_description(Backend b) {
  if (b == Backend::cuda) return cuda_available() ? device_info().name : std::string("cuda (no GPU)");
  return "host (" + std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads)";
}

}  // namespace hpg
