// The last block of a grid to finish: the kernels that append their results in no order (a push
// under any, a select) and the counted scan end with it. That block alone sees every other
// block's writes, so it writes what needs them all (the result's count) and puts the kept-clean
// scratch back (clean_scratch.cuh) for the next launch.
#pragma once

#include <cuda/atomic>

namespace hpg::detail::cuda {

/// The fences around a ticket, both thread 0's: release (the block's writes, which its barrier
/// ordered before the fence, go before the ticket) and acquire (after the ticket's read, before
/// the barrier that passes what it saw to the rest of the last block: the pattern of a grid
/// barrier). Not __threadfence, which is sequentially consistent (membar.gl): more than a ticket
/// needs, on a short kernel's serial path.
__device__ inline void release_before_ticket() { ::cuda::atomic_thread_fence(::cuda::memory_order_release, ::cuda::thread_scope_device); }
__device__ inline void acquire_after_ticket() { ::cuda::atomic_thread_fence(::cuda::memory_order_acquire, ::cuda::thread_scope_device); }

/// Whether this block is the last of its grid to get here, for every thread of the block (each
/// must call it, as for __syncthreads). Thread 0 publishes the block's writes with a fence, then
/// takes a ticket on *arrived (zero at the launch); in the last block it fences again after the
/// ticket, and the block's barrier then lets every thread read what every other block wrote
/// before its ticket. The caller zeroes *arrived again if it is kept clean.
__device__ inline bool last_block_to_arrive(unsigned long long* arrived) {
  __shared__ bool last;
  __syncthreads();  // the block's writes are done
  if (threadIdx.x == 0) {
    release_before_ticket();  // this block's writes before its ticket
    last = atomicAdd(arrived, 1ull) == gridDim.x - 1;
    if (last) acquire_after_ticket();  // every other block's writes, seen through the ticket
  }
  __syncthreads();
  return last;
}

/// A count that the blocks add to as they run (the outputs a push appends) and the blocks'
/// tickets, in one word: the count in the low `counted_bits` bits, a ticket a unit above them. A
/// reader of the count as it runs masks the tickets off (counted_part).
inline constexpr unsigned counted_bits = 40;
__device__ inline unsigned long long counted_part(unsigned long long word) { return word & ((1ull << counted_bits) - 1); }

/// A block's ticket on a word that counts (below): whether it is the last block, and the count
/// the word held before the block's ticket.
struct CountedTicket {
  bool last;
  unsigned long long before;
};

/// last_block_to_arrive with the ticket taken on `counted` (zero at the launch), which the blocks'
/// appends count in: the last block reads the whole count in its own ticket (`before`), where a
/// read after the ticket would be one more trip to memory on a short kernel's serial path (a BFS
/// level from the host). Each block's appends precede its ticket (the block's barrier), and every
/// other ticket precedes the last one, so the count is whole. Every thread of the block gets the
/// answer. The tickets' 24 bits count up to 2^24 - 1 blocks (a push's grid is at most a wave:
/// capped_grid_for). The caller zeroes *counted again if it is kept clean.
__device__ inline CountedTicket take_counted_ticket(unsigned long long* counted) {
  __shared__ CountedTicket ticket;
  __syncthreads();  // the block's writes and appends are done
  if (threadIdx.x == 0) {
    release_before_ticket();  // this block's writes before its ticket
    const unsigned long long before = atomicAdd(counted, 1ull << counted_bits);
    ticket = {(before >> counted_bits) == gridDim.x - 1, counted_part(before)};
    if (ticket.last) acquire_after_ticket();  // every other block's writes, seen through the ticket
  }
  __syncthreads();
  return ticket;
}

}  // namespace hpg::detail::cuda
