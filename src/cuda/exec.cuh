// Execution policy and error translation for Thrust/CUB calls: temporaries come from the checked
// allocator (so a failed allocation is Error(out_of_memory) with the sizes), and Thrust's own
// exceptions become Error(cuda_error). The shapes of our own kernels' launches, and what the
// device says that they are made from, are launch_policy.cuh's.
#pragma once

#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/system/system_error.h>

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

}  // namespace hpg::detail::cuda
