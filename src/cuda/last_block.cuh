// The last block of a grid to finish: the kernels that append their results in no order (a push
// under any, a select) and the counted scan end with it. That block alone sees every other
// block's writes, so it writes what needs them all (the result's count) and puts the kept-clean
// scratch back (clean_scratch.cuh) for the next launch.
#pragma once

namespace hpg::detail::cuda {

/// Whether this block is the last of its grid to get here, for every thread of the block (each
/// must call it, as for __syncthreads). Thread 0 publishes the block's writes with a fence, then
/// takes a ticket on *arrived (zero at the launch); the last block's threads fence again after the
/// ticket, so that they read what every other block wrote before its own. The caller zeroes *arrived again
/// if it is kept clean.
__device__ inline bool last_block_to_arrive(unsigned long long* arrived) {
  __shared__ bool last;
  __syncthreads();  // the block's writes are done
  if (threadIdx.x == 0) {
    __threadfence();  // this block's writes before its ticket
    last = atomicAdd(arrived, 1ull) == gridDim.x - 1;
  }
  __syncthreads();
  if (last) __threadfence();  // every other block's writes, seen through the ticket
  return last;
}

}  // namespace hpg::detail::cuda
