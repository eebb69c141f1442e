// An element-wise map of a sparse list against a full operand (ewise_mult_sparse in
// vector_ops.cuh: SSSP's better = t < dist), held back where calls may leave work for later (a
// device loop's capture, a round of a loop run from the host: DeferredWork) as a DeferredProducer.
// Two calls after it can then be done by its kernel instead of kernels of their own:
//   - a masked apply that keeps the driver's entries where the map is true, as they are
//     (frontier<better, replace> = t): the kernel appends them to the apply's result, a block's at
//     once with one atomic, as append_kept_kernel would (keep_into_held_map);
//   - the upserts masked by the list the kernel makes (dist<frontier> = frontier), for each entry
//     by the thread that makes it (fuse_into_producer, vector_upsert.cuh), as the held push does
//     BFS's.
// When the list it keeps is the only one a device loop's round copies back (SSSP's frontier), its
// kernel ends the round too (DeviceLoop::end): each kept entry is written into the frontier's
// carried storage as well, and the last block writes the counts and the loop's condition, so the
// loop's last kernel is not launched. In an SSSP round on the 2048 x 2048 grid the map (2.6 us),
// the apply (5.8) and the round's last kernel, which did the upsert and the frontier's copy (3.8),
// were three kernels.
#pragma once

#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>

#include "hpgraph/cuda/append_kept.cuh"
#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/deferred_upsert.cuh"
#include "hpgraph/cuda/last_block.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/loop_end.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/ops/unary.hpp"

namespace hpg::detail::cuda {

template <class Z, class Op>
struct apply_unary;  // vector_ops.cuh

/// Whether f of a map over u's entries (MapSelectSource's f) gives each value as it is, in u's
/// type: an apply of identity, or keep_value. Only such an apply is kept by a held map, which
/// copies the driver's values byte for byte.
template <class F, class U>
inline constexpr bool copies_value = false;
template <class U>
inline constexpr bool copies_value<apply_unary<U, identity<U>>, U> = true;
template <class U>
inline constexpr bool copies_value<keep_value, U> = true;

/// The blocks of held_map_kernel a multiprocessor holds at once, and the most it launches a
/// multiprocessor (LaunchPolicy::held_map_blocks says why 4).
inline constexpr unsigned held_map_blocks = LaunchPolicy::held_map_blocks;

/// The producer held on this thread, set aside while a call that joins it allocates (an allocation
/// goes on the stream, which would launch it; nothing else is held while a producer is), and put
/// back, as the call has changed it, when this ends: also when the allocation throws.
class SetAsideProducer {
 public:
  explicit SetAsideProducer(DeferredWork& work) : work_(work), held_(std::move(work.producer)) { work.producer.reset(); }
  SetAsideProducer(const SetAsideProducer&) = delete;
  SetAsideProducer& operator=(const SetAsideProducer&) = delete;
  ~SetAsideProducer() {
    if (held_) work_.producer = std::move(held_);
  }
  DeferredProducer* operator->() { return &*held_; }

 private:
  DeferredWork& work_;
  std::optional<DeferredProducer> held_;
};

/// The last block of a kernel that makes a held list (held_map_kernel, bit_list_kernel), every
/// thread of it: thread 0 writes the counts (`counts()`, which returns the count of the list the
/// kernel makes, whose word is `word`), and the block does the round's end, if any (a round of a
/// loop run from the host asks for that count so). The round end's reads go out before the counts
/// are written: each read that waited for a write was another trip to memory on the round's path.
template <class Counts>
__device__ void end_held_list(const RoundEnd& end, const unsigned long long* word, const Counts& counts) {
  __shared__ StagedCopies staged;  // the copies, for end_staged_copies
  __shared__ unsigned long long made;
  stage_copies(staged, end, threadIdx.x);
  RoundEndRead before{};
  if (threadIdx.x == 0) {
    before = read_round_end(end, KnownCount{word});
    made = counts();
  }
  __syncthreads();  // the count, for the round end's copies
  const KnownCount known{word, made};
  if (threadIdx.x == 0) write_round_end(end, before, known);  // all zero (no copies, no condition): nothing
  if (end.copies) end_staged_copies(staged.copies(), end.copies, threadIdx.x, blockDim.x, known);
}

/// The kept entries of a block's turn (`kept`: this thread's entry, index i and value x, is one):
/// appended to keep's list, a block's at once with one atomic (as append_kept_kernel appends), and
/// below the carried capacity to the carried storage too (0 when the round's end copies it; with
/// keep.carried_only, there alone); the
/// fused upserts done for each, after the thread's map read the full operand at i. Every thread of
/// the block calls it (its barriers); `scan` and `base` are the block's shared storage.
template <class Scan, class D>
__device__ void keep_block_entries(const KeepTarget& keep, typename Scan::TempStorage& scan, unsigned long long& base, bool kept, std::uint32_t i,
                                   const D& x, const DeferredUpserts& fused, const ClaimReads& reads) {
  unsigned rank = 0, total = 0;
  Scan(scan).ExclusiveSum(kept ? 1u : 0u, rank, total);
  if (threadIdx.x == 0 && total) base = atomicAdd(&keep.status[0], static_cast<unsigned long long>(total));
  __syncthreads();
  if (kept) {
    const unsigned long long slot = base + rank;
    const bool carried = slot < static_cast<unsigned long long>(keep.carried_capacity);
    if (!carried || !keep.carried_only) {
      keep.idx[slot] = i;
      static_cast<D*>(keep.val)[slot] = x;
    }
    if (carried) {
      keep.carried_idx[slot] = i;
      static_cast<D*>(keep.carried_val)[slot] = x;
    }
    if (fused.count) upsert_claimed(fused, WarpLanes::here(), i, x, reads);
  }
  __syncthreads();  // base and the scan's storage are taken again
}

/// T(k) = op(d(k), f(i)) (op(f(i), d(k)) when the driver is the second operand) for the driver's
/// entries k, i = idx[k], T's list a copy of the driver's; with `keep.idx`, the entries whose T is
/// true appended to keep's list with the driver's value, a block's at once (one atomic), and the
/// fused upserts done for each kept entry; without it, for every entry. What the upserts read is
/// read beside the entry's own loads (read_for_claim). The last block to finish writes the kept
/// count, zeroes the status words (kept clean) and does the round's end, if any (a round of a loop
/// run from the host asks for its list's count so).
template <bool DriverFirst, class Op, class D, class F, class Z>
__global__ void __launch_bounds__(append_threads, held_map_blocks)
    held_map_kernel(Op op, const std::uint32_t* idx, DeviceCount::View count, const D* dval, const F* fval, Z* tval, SparseCopy copy,
                    KeepTarget keep, DeferredUpserts fused, RoundEnd end) {
  using Scan = cub::BlockScan<unsigned, append_threads>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ unsigned long long base;
  const Index m = count_of(count);
  for (Index start = blockIdx.x * Index(append_threads); start < m; start += Index(gridDim.x) * append_threads) {  // block-uniform
    const Index k = start + threadIdx.x;
    bool kept = false;
    std::uint32_t i = 0;
    D x{};
    ClaimReads reads{};
    if (k < m) {
      i = idx[k];
      x = dval[k];
      if (fused.count) reads = read_for_claim(fused, i);
      Z r;
      if constexpr (DriverFirst) r = static_cast<Z>(op(x, fval[i]));
      else r = static_cast<Z>(op(fval[i], x));
      copy.idx[k] = i;  // a held map's copy has both words (hold_map)
      tval[k] = r;
      kept = static_cast<bool>(r);
      if (!keep.idx && fused.count) upsert_claimed(fused, WarpLanes::here(), i, r, reads);  // the list is the map's own
    }
    if (keep.idx) keep_block_entries<Scan>(keep, scan, base, kept, i, x, fused, reads);  // uniform: a kernel argument
  }
  if (!last_block_to_arrive(&keep.status[1])) return;
  // The list this kernel makes (the kept one, or the map's own) and its count; the map's own
  // count is written either way (T stays a vector whose count may be read).
  end_held_list(end, keep.idx ? keep.count : copy.word, [&] {
    const unsigned long long made = keep.idx ? atomicExch(&keep.status[0], 0ull) : static_cast<unsigned long long>(m);
    *copy.word = m;  // a held map's copy has both words (hold_map)
    if (keep.idx) *keep.count = made;
    keep.status[1] = 0;
    return made;
  });
}

/// Holds the map T = op(d, f) over the driver's first count entries (T's list a copy of the
/// driver's: copy) back, as a DeferredProducer, where calls may leave work for later; false: not
/// held (launch it now). Only a map whose values and driver's values are plain words of 1-8 bytes
/// and whose count stays on the device (copy.word) is held.
template <bool DriverFirst, class Op, class D, class F, class Z>
bool hold_map(const Op& op, const std::uint32_t* idx, DeviceCount::View count, const D* dval, const F* fval, Z* tval, SparseCopy copy,
              Index bound, unsigned grid, bool driver_in_order) {
  if constexpr (!(held_value<D> && held_value<Z> && std::is_convertible_v<Z, bool>)) {
    return false;
  } else {
    DeferredWork* const work = deferred_work();
    if (!work || !work->launch_deferred || !copy.word || !copy.idx) return false;
    stream();  // what waited before goes first
    grid = std::min(grid, held_map_blocks * multiprocessors());
    // The status words, held (CleanScratch) as long as the launch that uses them is: memory
    // released while the kernel is held (an allocation that failed frees idle kept memory) could
    // be handed out again before it runs.
    auto status = shared_zeroed_scratch(ScratchUse::scan_status, 2 * sizeof(unsigned long long), "ewise_mult");
    status->restored();  // the kernel's last block zeroes it
    auto keep = std::make_shared<KeepTarget>();
    keep->status = static_cast<unsigned long long*>(status->data());
    keep->in_order = grid == 1 && driver_in_order;
    DeferredProducer held;
    held.idx = copy.idx;
    held.word = copy.word;
    held.val = tval;
    held.val_bytes = static_cast<int>(sizeof(Z));
    held.capacity = bound;
    // The driver and T's own arrays; not the full operand (DeferredProducer::keep says why).
    const void* const reads[] = {idx, dval, count.word, tval, copy.idx, copy.word};
    std::copy(std::begin(reads), std::end(reads), held.reads);
    held.keep = keep;
    held.keep_from_idx = idx;
    held.keep_from_val = dval;
    held.keep_from_bytes = static_cast<int>(sizeof(D));
    held.keep_from_base = count.base;
    held.keep_from_word = count.word;
    // Everything by value but the keep target, which a masked apply may still fill in.
    held.launch = [op, idx, count, dval, fval, tval, copy, keep, grid, status](const DeferredUpserts& fused, const RoundEnd* end) {
      const RoundEnd e = end ? *end : RoundEnd{};
      held_map_kernel<DriverFirst><<<grid, append_threads, 0, stream()>>>(op, idx, count, dval, fval, tval, copy, *keep, fused, e);
      return cudaGetLastError() == cudaSuccess;
    };
    work->producer = std::move(held);
    return true;
  }
}

/// w<mask, replace> = u where u is the driver of the held map whose result is the mask (read as
/// values, not complemented) and the apply copies u's values as they are (copies_value): the
/// held map's kernel keeps those entries (KeepTarget) and T is its list, in new arrays of u's
/// bound, its count on the device; nothing is launched. nullopt: no such map is held.
template <class Z, class F, class U, class M>
std::optional<DeviceSparseResult<Z>> keep_into_held_map(const DeviceVec<U>& u, const DeviceVec<M>& mask, const Descriptor& d) {
  if constexpr (!(copies_value<F, U> && std::is_same_v<Z, U> && held_value<Z>)) {
    return std::nullopt;
  } else {
    DeferredWork* const work = deferred_work();
    if (!work || !work->producer || !work->producer->keep || work->producer->keep->idx) return std::nullopt;
    {
      const DeferredProducer& p = *work->producer;  // set aside below: read only in this block
      const DeviceCount::View uc = u.nvals.view(), mc = mask.nvals.view();
      if (mc.word != p.word || mc.base != 0 || d.mask_structure || d.mask_complement || mask.format != Sparsity::sparse ||
          u.format != Sparsity::sparse || p.idx != mask.idx.data() || p.val != static_cast<const void*>(mask.val.data()) ||
          p.keep_from_idx != u.idx.data() || p.keep_from_val != static_cast<const void*>(u.val.data()) ||
          p.keep_from_bytes != static_cast<int>(sizeof(U)) || uc.word != p.keep_from_word || uc.base != p.keep_from_base ||
          p.fused.count > 0)
        return std::nullopt;
    }
    SetAsideProducer held(*work);  // while T's arrays are allocated
    DeviceSparseResult<Z> t;
    t.size = u.size;
    const Index bound = held->capacity;
    t.idx.allocate(bound, "apply");
    t.val.allocate(bound, "apply");
    DeviceArray<unsigned long long> kept(1, "apply");  // written by the held kernel's last block
    KeepTarget& k = *held->keep;
    k.idx = t.idx.data();
    k.val = t.val.data();
    k.count = kept.data();
    // The list it makes is now T: the upserts masked by T that follow are its to do.
    held->idx = t.idx.data();
    held->word = kept.data();
    held->val = t.val.data();
    held->val_bytes = static_cast<int>(sizeof(Z));
    held->keep_from_idx = nullptr;  // kept once
    t.nvals = DeviceCount::on_device(std::move(kept));
    t.jumbled = !k.in_order;
    t.masked = true;
    return t;
  }
}

}  // namespace hpg::detail::cuda
