// Launch shapes: the block size of each kind of kernel the library launches, chosen in one policy
// per architecture (CUB's policy hubs are the model), and what the device says that a grid is made
// from (its SMs, the threads an SM holds). The sizes were literals at each launch, one number
// (256) for unrelated reasons (a map, a push, a pull), so trying another size for one kind of
// kernel, or another architecture's sizes, meant finding every launch of that kind by hand. They
// are compile-time so that a kernel's __launch_bounds__ (the largest block it is launched with)
// comes from the same constant as its launches: the compiler fits the kernel's registers to a
// block it will get, and a launch of a larger one fails at once. What differs between parts of
// one architecture (an H100 PCIe has 114 SMs, an SXM 132) is read from the device instead, once a
// device.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstddef>

#include "hpgraph/cuda/exec.cuh"

namespace hpg::detail::cuda {

/// The block sizes tuned on Hopper (sm_90: H100, H200), one per kind of kernel. A kind is what
/// its threads take and what its block shares, not the file it is in: two kernels of one kind
/// change together.
struct Sm90LaunchPolicy {
  /// A thread an entry or an index, over a grid-stride loop: the maps, fills, scatters, gathers
  /// and element-wise kernels, mxm's keys and products and the sort-based push's, masks, upserts,
  /// counts into one word, the generator's edges; also the deferred upserts and the loop's last
  /// kernel (device_loop.cu), whose grids the upserts and carried lists they take were sized for
  /// in these blocks (DeferredUpsert::grid, CarryCopy::grid).
  static constexpr unsigned map_threads = 256;
  /// A thread, a warp or a few lanes a row: the pulls (spmv.cuh), a row's reduction, a column's
  /// spread, the HYB layout's row kernels.
  static constexpr unsigned row_threads = 256;
  /// A thread an output row of a CSR made in two passes, its count and then its fill at the
  /// scanned offsets: the merges into C (matrix_finish.cuh), the element-wise CSR kernels and
  /// extract's rows (matrix_ops.cuh).
  static constexpr unsigned csr_build_threads = 128;
  /// The push's steps over the products (push_atomic.cuh: the list, its every-round form, the mark
  /// and the gather), whose grids each expansion sizes in these blocks.
  static constexpr unsigned push_threads = 256;
  /// A push's one-block steps (push_atomic.cuh): the sort of a few outputs and the scan of a few
  /// inputs' row lengths, up to 8 items a thread (push_block_items), in one block and no second
  /// launch.
  static constexpr unsigned push_block_threads = 1024;
  /// The appends of kept entries, a block's scan placing them (append_kept_kernel, held_map_kernel).
  static constexpr unsigned append_threads = 256;
  /// The blocks of held_map_kernel a multiprocessor holds at once, and the most it launches a
  /// multiprocessor (a grid-stride loop does the rest). Unbounded, the kernel took 80 registers
  /// (the round end's and the fused upserts' words), 3 blocks a multiprocessor, and SSSP's round on
  /// the 2048 x 2048 grid launched 1,056 blocks: 7.95 us a round, 7.3 with the grid capped at 2 or
  /// 4 blocks a multiprocessor, 9.65 at 1 (H200).
  static constexpr unsigned held_map_blocks = 4;
  /// A held list step's cooperative kernels (bit_list_kernel, push_bit_list_rounds_kernel): a word
  /// a thread, a block's tile is 256 words.
  static constexpr unsigned bit_list_threads = 256;
  /// bit_list_kernel's blocks an SM holds, and the most launched an SM (bit_list_grid says why 4).
  static constexpr unsigned bit_list_blocks = 4;
  /// A reduction into one value, a block's reduction and then the last block's (reduce_fold_kernel).
  static constexpr unsigned reduce_threads = 256;
  /// The counted scan's blocks (counted_scan_kernel); its items a thread and blocks an SM are the
  /// items' own (CountedScanPolicy).
  static constexpr unsigned counted_scan_threads = 256;
};

/// The policy every launch takes its shape from: the one place an architecture's policy is chosen.
/// A new architecture adds its own struct (the same names) beside Sm90LaunchPolicy and the choice
/// here, and every launch and every kernel's bound follows. Compile-time, as __launch_bounds__
/// needs: a build is tuned for one architecture (CMAKE_CUDA_ARCHITECTURES).
using LaunchPolicy = Sm90LaunchPolicy;

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

/// The threads one wave of the current device holds: its SMs times the threads an SM holds at
/// once (2048 on sm_80 and sm_90, 1536 on sm_86 and sm_89): read, not assumed, as the SMs are.
/// One lookup, not two, as capped_grid_for asks at every launch it sizes.
inline std::size_t wave_threads() {
  return static_cast<std::size_t>(once_per_device([](int dev) {
    int sms = 0, threads = 0;
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "cudaDeviceGetAttribute(multiprocessors)");
    check_cuda(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, dev),
               "cudaDeviceGetAttribute(threads per multiprocessor)");
    return std::max(sms, 1) * std::max(threads, 32);
  }));
}

inline unsigned grid_for(std::size_t n, unsigned block) {
  std::size_t g = (n + block - 1) / block;
  return static_cast<unsigned>(g > 0x7fffffffu ? 0x7fffffffu : (g ? g : 1));
}

/// A grid-stride kernel's grid when its work is read on the device (a count a kernel before it
/// wrote) or each block ends with a global atomic: the blocks of `block` threads one wave of the
/// device holds (wave_threads: on an H200 2048 threads an SM, 1056 blocks of 256 on 132 SMs), no
/// more. Blocks past the work still cost their launch: on an H200 a kernel of 2048 such
/// blocks took 2.7 us where 1056 took 2.1-2.3 (4,096 entries or none), and a wave copies 4M
/// entries as fast as more blocks do (bench/results/grid-cap-h200-2026-11-25).
inline unsigned capped_grid_for(std::size_t n, unsigned block) {
  const unsigned g = grid_for(n, block);
  const std::size_t wave = std::max<std::size_t>(wave_threads() / block, 1);
  return g < wave ? g : static_cast<unsigned>(wave);
}

}  // namespace hpg::detail::cuda
