// Execution policy and error translation for Thrust/CUB calls: temporaries come from the checked
// allocator (so a failed allocation is Error(out_of_memory) with the sizes), and Thrust's own
// exceptions become Error(cuda_error).
#pragma once

#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/system/system_error.h>

#include <atomic>
#include <cstddef>
#include <new>
#include <string>
#include <utility>

#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/error.hpp"

namespace hpg::detail::cuda {

struct checked_allocator {
  using value_type = char;
  char* allocate(std::ptrdiff_t n) {
    return static_cast<char*>(device_allocate(static_cast<std::size_t>(n), "temporary storage"));
  }
  void deallocate(char* p, std::size_t) noexcept { device_free(p); }
};

/// The stream this thread's library work is ordered on (hpgraph/detail/device_memory.hpp).
inline cudaStream_t stream() { return static_cast<cudaStream_t>(current_stream()); }

/// Thrust on the library's stream without its optional synchronizations (after a scan, a sort, a
/// copy): every kernel, allocation and free of the library is ordered on that one stream, so only
/// a result the host reads (a count, a reduction) needs to wait, and those calls still do.
inline auto policy() {
  static checked_allocator alloc;
  return thrust::cuda::par_nosync(alloc).on(stream());
}

/// Error(cuda_error) "<what> failed: <CUDA's message>" unless e is cudaSuccess.
inline void check_cuda(cudaError_t e, const std::string& what) {
  if (e != cudaSuccess) throw_error(Info::cuda_error, what + " failed: " + cudaGetErrorString(e));
}

/// Checks the launch of a kernel we wrote ourselves.
inline void check_launch(const char* kernel) { check_cuda(cudaGetLastError(), std::string("launch of ") + kernel); }

/// Runs f (which calls Thrust/CUB) and translates their failures into hpg::Error.
template <class F>
decltype(auto) guarded(const char* what, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const Error&) {
    throw;
  } catch (const thrust::system_error& e) {
    throw Error(Info::cuda_error, std::string(what) + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw Error(Info::out_of_memory, std::string(what) + ": allocation failed");
  }
}

inline unsigned grid_for(std::size_t n, unsigned block) {
  std::size_t g = (n + block - 1) / block;
  return static_cast<unsigned>(g > 0x7fffffffu ? 0x7fffffffu : (g ? g : 1));
}

/// ask(device) for the current device, asked once a device: what a device is or holds (its SMs,
/// a kernel's resident blocks), which launch sites would otherwise ask at every launch. ask returns
/// an int >= 0. Each ask (a lambda's own type) has its own answers; a device past the first 64 is
/// asked every time.
template <class Ask>
int once_per_device(const Ask& ask) {
  constexpr int cached_devices = 64;
  static std::atomic<int> known[cached_devices];  // the answer plus one; 0: not asked yet
  int dev = 0;
  check_cuda(cudaGetDevice(&dev), "cudaGetDevice");
  const bool cached = dev >= 0 && dev < cached_devices;
  if (cached)
    if (const int k = known[dev].load(std::memory_order_relaxed)) return k - 1;
  const int answer = ask(dev);
  if (cached) known[dev].store(answer + 1, std::memory_order_relaxed);
  return answer;
}

/// The current device's number of SMs (a grid of a few blocks per SM fills it; a hard-coded 132
/// would be an H100's or H200's and nobody else's).
inline unsigned multiprocessors() {
  return static_cast<unsigned>(once_per_device([](int dev) {
    int sms = 0;
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "cudaDeviceGetAttribute(multiprocessors)");
    return sms > 0 ? sms : 1;
  }));
}

/// The blocks of `threads` threads of `kernel` that an SM of the current device holds at once; 0
/// when CUDA cannot say.
template <class Kernel>
int resident_blocks(Kernel kernel, int threads) {
  int resident = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, threads, 0) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return resident;
}

/// Whether the current device takes cooperative launches (every block resident at once, a grid
/// barrier allowed): push_list_rounds_kernel, bit_list_kernel.
inline bool cooperative_launches() {
  int dev = 0, yes = 0;
  if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&yes, cudaDevAttrCooperativeLaunch, dev) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return yes != 0;
}

/// kernel<<<grid, block>>>(args...) on the library's stream, every block resident at once (a
/// cooperative launch: the kernel may wait at a grid barrier); CUDA's answer. The grid must fit
/// (resident_blocks a multiprocessor at most).
template <class... Params, class... Args>
cudaError_t launch_cooperative(void (*kernel)(Params...), unsigned grid, unsigned block, Args&&... args) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(grid);
  config.blockDim = dim3(block);
  config.stream = stream();
  cudaLaunchAttribute cooperative{};
  cooperative.id = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  config.attrs = &cooperative;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...);
}

/// A grid-stride kernel's grid when its work is read on the device (a count a kernel before it
/// wrote) or each block ends with a global atomic: the blocks of `block` threads one wave of the
/// device holds (2048 threads an SM: 1056 blocks of 256 on 132 SMs), no more. Blocks past the
/// work still cost their launch: on an H200 a kernel of 2048 such blocks took 2.7 us where 1056
/// took 2.1-2.3 (4,096 entries or none), and a wave copies 4M entries as fast as more blocks do
/// (bench/results/grid-cap-h200-2026-11-25).
inline unsigned capped_grid_for(std::size_t n, unsigned block) {
  const unsigned g = grid_for(n, block);
  const unsigned wave = multiprocessors() * (2048u / block);
  return g < wave ? g : wave;
}

}  // namespace hpg::detail::cuda
