// The push SpMV by atomics, for a monoid whose fold comes out the same in any order and can be
// done by atomic updates of one word: any, min, max, lor, land, and plus on integers (a float
// plus is left to the sort, whose order is fixed). The general push (spmv.cuh) sorts every
// product by its output and reduces by key, and the host waits three times to size its arrays;
// this one waits for nothing:
//   1. the products are found one of two ways, and the kernels read u's count (if it is still on
//      the device) and run on a grid sized from what the host knows (a bound on nvals(u), times
//      the longest row): when every row is short (a road network's, a grid's) a few threads take
//      a u entry's row, one product each (ByRowSlots); otherwise the products are laid out by a
//      scan of u's row lengths and each warp takes an equal run of them (ByProducts), so a hub
//      row costs no thread more than any other;
//   2. each allowed product sets its output's bit in a bitmap of one bit per output and folds its
//      value into the output's slot of an n-entry array of the monoid's identity (under any, the
//      product that set the bit writes its value there, and nobody else does);
//   3. the set bits become the sorted list of T's indices and the slots its values (a counted scan
//      of the words' popcounts, bit_list.cuh, which also writes the list; T's count is a device
//      word nobody waits for). It clears every bit and slot it read.
// The bitmap and the slots are kept from call to call, clean (clean_scratch.cuh): a call pays no
// fill of n / 32 words and no pass over n slots, and step 2 is the only pass over the products
// (a second pass that folded into T's slots, found by the rank of its bit, was 11.5 of an SSSP
// round's 51 us on the 2048 x 2048 grid).
// T's arrays hold min(size, nvals(u) x longest row) entries, of which the first nvals are T's.
// When that bound is small, step 3 is one block's sort of the outputs step 2 appended (below),
// which clears their bits and slots. Under any, while T's bound is within the bitmap's words, step
// 2 appends the output and the value to T, in no order, and there is no step 3 (T is jumbled,
// DeviceVec's word: what needs it in order sorts it then, jumbled.cuh; a BFS level on a road-like
// graph never does); that kernel claims its outputs by stamps, not bits (claim_stamps.cuh).
#pragma once

#include <cooperative_groups.h>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>

#include "hpgraph/cuda/bit_list.cuh"
#include "hpgraph/cuda/claim_stamps.cuh"
#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/deferred_upsert.cuh"
#include "hpgraph/cuda/held_bit_list.cuh"
#include "hpgraph/cuda/last_block.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/loop_end.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/cuda/spmv_product.cuh"
#include "hpgraph/cuda/warp_lanes.cuh"
#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/detail/switches.hpp"

namespace hpg::detail::cuda {

template <class M>
struct atomic_fold : std::false_type {};
template <class T>
struct atomic_fold<any_monoid<T>> : std::true_type {};
template <class T>
struct atomic_fold<min_monoid<T>> : std::true_type {};
template <class T>
struct atomic_fold<max_monoid<T>> : std::true_type {};
template <class T>
struct atomic_fold<lor_monoid<T>> : std::true_type {};
template <class T>
struct atomic_fold<land_monoid<T>> : std::true_type {};
template <class T>
struct atomic_fold<plus_monoid<T>> : std::bool_constant<std::is_integral_v<T>> {};

/// Whether a push under monoid Add with values Z may fold by atomics.
template <class Add, class Z>
inline constexpr bool push_folds_atomically =
    atomic_fold<Add>::value && std::is_arithmetic_v<Z> && (sizeof(Z) == 1 || sizeof(Z) == 2 || sizeof(Z) == 4 || sizeof(Z) == 8);

template <class Add>
inline constexpr bool is_any_monoid = false;
template <class T>
inline constexpr bool is_any_monoid<any_monoid<T>> = true;

/// Which fold of 4- and 8-byte integers the hardware does in one atomic: min, max, plus.
enum class NativeFold { none, min, max, plus };
template <class Add>
inline constexpr NativeFold native_fold = NativeFold::none;
template <class T>
inline constexpr NativeFold native_fold<min_monoid<T>> = NativeFold::min;
template <class T>
inline constexpr NativeFold native_fold<max_monoid<T>> = NativeFold::max;
template <class T>
inline constexpr NativeFold native_fold<plus_monoid<T>> = NativeFold::plus;

/// The same integer type as Z among those CUDA's atomics take (int, unsigned, long long, unsigned
/// long long).
template <class Z>
using atomic_integer = std::conditional_t<sizeof(Z) == 4, std::conditional_t<std::is_signed_v<Z>, int, unsigned>,
                                          std::conditional_t<std::is_signed_v<Z>, long long, unsigned long long>>;

/// *slot = add(*slot, v), atomically. An integer of 4 or 8 bytes under min, max or plus: the
/// hardware's atomic, one trip to memory. Otherwise a compare-and-swap on the word that holds the
/// slot (the aligned 4-byte word around a 1- or 2-byte value), after a read: a value that would
/// not change is not written.
template <class Add, class Z>
__device__ void atomic_fold_into(const Add& add, Z* slot, Z v) {
  if constexpr (std::is_integral_v<Z> && !std::is_same_v<Z, bool> && (sizeof(Z) == 4 || sizeof(Z) == 8) &&
                native_fold<Add> != NativeFold::none) {
    (void)add;
    using I = atomic_integer<Z>;
    I* word = reinterpret_cast<I*>(slot);
    if constexpr (native_fold<Add> == NativeFold::min) atomicMin(word, static_cast<I>(v));
    else if constexpr (native_fold<Add> == NativeFold::max) atomicMax(word, static_cast<I>(v));
    else {  // plus: two's complement, so the unsigned add is the signed one
      using U = std::make_unsigned_t<I>;
      atomicAdd(reinterpret_cast<U*>(slot), static_cast<U>(v));
    }
  } else if constexpr (sizeof(Z) == 8 || sizeof(Z) == 4) {
    using Word = std::conditional_t<sizeof(Z) == 8, unsigned long long, unsigned int>;
    Word* word = reinterpret_cast<Word*>(slot);
    Word old = *reinterpret_cast<volatile Word*>(word), assumed;
    do {
      assumed = old;
      Z cur;
      memcpy(&cur, &assumed, sizeof(Z));
      const Z next = static_cast<Z>(add(cur, v));
      Word bits;
      memcpy(&bits, &next, sizeof(Z));
      if (bits == assumed) return;
      old = atomicCAS(word, assumed, bits);
    } while (old != assumed);
  } else {
    const auto addr = reinterpret_cast<std::uintptr_t>(slot);
    unsigned* word = reinterpret_cast<unsigned*>(addr & ~std::uintptr_t(3));
    const unsigned shift = static_cast<unsigned>(addr & 3) * 8;
    const unsigned field = ((1u << (8 * sizeof(Z))) - 1) << shift;
    unsigned old = *reinterpret_cast<volatile unsigned*>(word), assumed;
    do {
      assumed = old;
      const unsigned cur_bits = (assumed & field) >> shift;
      Z cur;
      memcpy(&cur, &cur_bits, sizeof(Z));
      const Z next = static_cast<Z>(add(cur, v));
      unsigned next_bits = 0;
      memcpy(&next_bits, &next, sizeof(Z));
      if (next_bits == cur_bits) return;
      old = atomicCAS(word, assumed, (assumed & ~field) | (next_bits << shift));
    } while (old != assumed);
  }
}

/// Where product e of the expansion comes from: u entry `q` and the matrix entry `p`. A binary
/// search in the scanned row lengths, so every thread does the same work however uneven the rows.
struct PushProduct {
  Index q;
  std::uint64_t p;
};
template <class Offset>
__device__ PushProduct push_product_at(std::uint64_t e, const Offset* ptr, const std::uint32_t* uidx, Index nu,
                                               const std::uint64_t* start) {
  const Index lo = last_at_most_in(start, nu, e);  // the last q with start[q] <= e
  return {lo, ptr[uidx[lo]] + (e - start[lo])};
}

/// Step 1, by products, laid out by `start`, the exclusive scan of u's row lengths whose slot
/// nvals(u) is the number of products. Warp w takes the w-th of as many equal runs of products as
/// the grid has warps, 32 at a time, a lane a product, so that a hub row's products are read side
/// by side. One binary search in `start` finds the u entry of the run's first product; then each
/// lane finds its own among the 32 row starts after the last window's, read a lane each, by
/// shuffles (a search of all of `start` where a window spans more than 32 of them). A binary
/// search for every product made the push instruction-bound: the third level of a BFS on
/// kron-21, 154 µs (66.8% of the SMs' issue slots, 8% of DRAM's bandwidth); 112 µs so.
template <class Offset>
struct ByProducts {
  const Offset* ptr;
  const std::uint64_t* start;
  __device__ bool one_product_a_thread(Index) const { return false; }  // the total is in start: not asked
  template <class F>
  __device__ void for_each(const std::uint32_t* uidx, Index nu, const F& f, Index = 0) const {
    const std::uint64_t total = start[nu];
    const unsigned lane = threadIdx.x % 32;
    const std::uint64_t warps = std::uint64_t(gridDim.x) * blockDim.x / 32;
    const std::uint64_t warp = (blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x) / 32;
    // Whole windows: with fewer products than the grid's threads, warps idle rather than run
    // with lanes idle (a warp more a window is one more atomic where the products append).
    const std::uint64_t run = ((total + warps - 1) / warps + 31) / 32 * 32;
    const std::uint64_t begin = warp * run, end = begin + run < total ? begin + run : total;
    if (begin >= end) return;  // uniform across the warp
    // base: a u entry whose row starts at or before every product of the window (the last one
    // that holds the window's first product, then that of the last window's last product).
    Index base = last_at_most_in(start, nu, begin);
    // The loop bounds are uniform across the warp (blockDim is a multiple of 32), so every lane
    // reaches the shuffles.
    for (std::uint64_t e0 = begin; e0 < end; e0 += 32) {
      const std::uint64_t e = e0 + lane;
      const Index next = base + 1 + lane;
      const std::uint64_t s = next <= nu ? start[next] : ~std::uint64_t(0);  // none after the last row
      // How many of the 32 starts are <= e (they ascend): a binary search over the lanes.
      unsigned below = 0;
#pragma unroll
      for (unsigned step = 16; step > 0; step /= 2) {
        const std::uint64_t probe = __shfl_sync(0xffffffffu, s, below + step - 1);
        if (probe <= e) below += step;
      }
      const std::uint64_t last = __shfl_sync(0xffffffffu, s, 31), before = __shfl_sync(0xffffffffu, s, (below + 31) % 32);
      if (below == 31 && last <= e) below = 32;
      Index q = base;
      if (e < end) {
        std::uint64_t first;
        if (below == 32) {  // start[base + 32] <= e < start[nu]: q is past base + 32, before nu
          q = upper_bound_in(start, base + 33, nu, e) - 1;
          first = start[q];
        } else if (below == 0) {
          first = start[base];
        } else {
          q = base + below;
          first = before;
        }
        f(PushProduct{q, ptr[uidx[q]] + (e - first)});
      }
      base = __shfl_sync(0xffffffffu, q, 31);  // lane 31's entry (when its e < end: else the loop ends here)
    }
  }
};

/// u's entry q read before u's count is known, where q is below `room` (else nothing is read):
/// `of` gives entry q from it, or reads the entry a loop turn asks for when it is another. An
/// entry at or past the count may never have been written (compute-sanitizer's initcheck would
/// say so); its value is not used. A guess at the wrong q (ByRows' mode) costs that one load.
struct FirstEntry {
  Index q;
  std::uint32_t k;
  bool read;
  __device__ std::uint32_t of(const std::uint32_t* uidx, Index at) const { return read && at == q ? k : uidx[at]; }
};
__device__ inline FirstEntry first_entry(const std::uint32_t* uidx, Index q, Index room) {
  const bool read = q < room;
  return FirstEntry{q, read ? uidx[q] : 0u, read};
}

/// Step 1, by row slots: 2^shift threads per u entry (at least its longest row), thread j of them
/// taking product j of the entry's row if the row has one. No scan and no search, and a thread
/// follows one product's chain of dependent loads (its output's column, mask, bit), not a
/// row's one after another: for matrices whose rows are all short.
/// Both row expansions take `room`: u's list may be read below it whatever its count (its
/// bound: the entries its storage holds), so a thread's first entry is read together with the
/// count (first_entry), not after it: one trip to memory fewer on the path of a short push, whose
/// kernel is its chain of dependent loads (a host-loop BFS level on the 2048 x 2048 grid: the
/// count, u's entry, its row's offsets, the column, the stamp and the mask, the append, the ticket).
template <class Offset>
struct ByRowSlots {
  const Offset* ptr;
  unsigned shift;
  __device__ bool one_product_a_thread(Index nu) const { return (std::uint64_t(nu) << shift) <= std::uint64_t(gridDim.x) * blockDim.x; }
  template <class F>
  __device__ void for_each(const std::uint32_t* uidx, Index nu, const F& f, Index room = 0) const {
    const std::uint64_t first = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
    const FirstEntry early = first_entry(uidx, first >> shift, room);
    const std::uint64_t slots = std::uint64_t(nu) << shift, last = (std::uint64_t(1) << shift) - 1;
    for (std::uint64_t e = first; e < slots; e += std::uint64_t(gridDim.x) * blockDim.x) {
      const Index q = e >> shift;
      const std::uint32_t k = early.of(uidx, q);
      const std::uint64_t p = ptr[k] + (e & last);
      if (p < ptr[k + 1]) f(PushProduct{q, p});
    }
  }
};

/// Step 1, by rows: thread q takes u entry q's whole row, one product after another. For short
/// rows when u's bound is too long for row slots: SSSP's frontier on the grid, whose room grows to
/// hundreds of thousands of entries, pushed 3.7 us a round slower by slots (mark and fold 10.1 +
/// 12.7 us against 7.5 + 11.6 by rows, both on 2048 blocks; each entry's loads made 4 times).
/// A round whose u is short enough that its row slots fit the grid's threads at once (read on the
/// device: the bound is the room, the count what the round holds) takes them by row slots anyway
/// (`slots_that_fit`): a thread then follows one product's chain of dependent loads, not up to
/// 2^shift of them one after another.
template <class Offset>
struct ByRows {
  const Offset* ptr;
  unsigned shift = 0;  // 2^shift slots per u entry hold its longest row
  bool slots_that_fit = false;
  __device__ bool one_product_a_thread(Index nu) const {
    return slots_that_fit && (std::uint64_t(nu) << shift) <= std::uint64_t(gridDim.x) * blockDim.x;
  }
  template <class F>
  __device__ void for_each(const std::uint32_t* uidx, Index nu, const F& f, Index room = 0) const {
    const std::uint64_t threads = std::uint64_t(gridDim.x) * blockDim.x, first = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x;
    const FirstEntry early = first_entry(uidx, slots_that_fit ? first >> shift : first, room);  // a guess at the mode, checked by `of`
    const bool by_slots = slots_that_fit && (std::uint64_t(nu) << shift) <= threads;  // grid-uniform
    const unsigned per_entry = by_slots ? shift : 0;
    const std::uint64_t items = std::uint64_t(nu) << per_entry, last = (std::uint64_t(1) << per_entry) - 1;
    for (std::uint64_t e = first; e < items; e += threads) {
      const Index q = e >> per_entry;
      const std::uint32_t k = early.of(uidx, q);
      const std::uint64_t row_end = ptr[k + 1];
      std::uint64_t p = ptr[k] + (e & last);
      const std::uint64_t end = by_slots ? std::min(p + 1, row_end) : row_end;  // a slot: its one product, if the row has it
      for (; p < end; ++p) f(PushProduct{q, p});
    }
  }
};

/// The longest row that a push takes by row slots or by rows (up to 32 products per u entry).
inline constexpr Index push_by_rows_up_to = 32;

/// Step 1, by blocks per entry: for a few u entries whose rows may be long (a hub's), `per_entry`
/// blocks share each entry's row, strided. No scan of the row lengths: a launch and an
/// allocation fewer than by products (a 1-entry push on rmat-22, whose longest row is a hub's,
/// was a scan, a fill and the push: 22 us, H200). Blocks idle where a row is shorter than the
/// longest, which a few entries afford.
template <class Offset>
struct ByEntryBlocks {
  const Offset* ptr;
  unsigned per_entry;
  __device__ bool one_product_a_thread(Index) const { return false; }  // long rows
  template <class F>
  __device__ void for_each(const std::uint32_t* uidx, Index nu, const F& f, Index = 0) const {
    for (Index b = blockIdx.x; b < nu * per_entry; b += gridDim.x) {
      const Index q = b / per_entry;
      const std::uint32_t k = uidx[q];
      const std::uint64_t end = ptr[k + 1], stride = std::uint64_t(per_entry) * blockDim.x;
      for (std::uint64_t p = ptr[k] + std::uint64_t(b % per_entry) * blockDim.x + threadIdx.x; p < end; p += stride)
        f(PushProduct{q, p});
    }
  }
};

/// Whether a launch of the one-kernel push may run every round of a device loop
/// (push_list_rounds_kernel): an expansion of short rows, a road network's (its loops run
/// thousands of rounds), that needs no layout made before the kernel. Not by products (a scan
/// first) nor by blocks per entry (long rows: a loop of few rounds); each kernel more is compiled
/// for every push under any.
template <class Expansion>
inline constexpr bool runs_rounds = false;
template <class Offset>
inline constexpr bool runs_rounds<ByRowSlots<Offset>> = true;
template <class Offset>
inline constexpr bool runs_rounds<ByRows<Offset>> = true;

/// The most u entries that a push with long rows takes by blocks per entry.
inline constexpr Index push_entry_blocks_up_to = 16;

/// Step 2's claim: whether this thread is the one that sets output `out`'s bit. A bit already
/// set costs a read, not an atomic (a grid's or a hub's outputs are reached many times).
__device__ inline bool claim_output(std::uint32_t* bits, std::uint32_t out) {
  const std::uint32_t bit = 1u << (out % 32);
  if (bits[out / 32] & bit) return false;
  return !(atomicOr(&bits[out / 32], bit) & bit);
}

/// Step 2's mark where no list asks who set an output's bit: the bit set, if it is not, by an
/// atomicOr whose result is not read (a reduction, which nothing waits for). SSSP's rounds on the
/// 2048 x 2048 grid: mark and fold 10.2 -> 9.7 us (H200). Without the read first (an atomic for
/// every product) it was 12.9: a grid's output is reached up to four times, and a bit word by
/// every product of a band of 32 outputs.
__device__ inline void mark_output(std::uint32_t* bits, std::uint32_t out) {
  const std::uint32_t bit = 1u << (out % 32);
  if (!(bits[out / 32] & bit)) atomicOr(&bits[out / 32], bit);
}

/// The most outputs (a bound known on the host) that a held push's last block copies back as its
/// loop's round end (DeferredProducer::ends_round_up_to), 64 a thread of one block. Past it the
/// copy is the loop's last kernel's, on a grid.
inline constexpr Index push_copied_by_last_block = 16384;

/// Steps 2 and 3 under any for one round: the product that claims an output (its stamp) appends
/// the output and its own value to T at *listed - base (one atomic per group of threads that
/// append together), in no order, and does the fused upserts for it. Every read a product makes
/// once it knows its output (the mask, the stamp, what the fused upserts read) goes out at once:
/// each is a trip to memory on the kernel's serial path, which is what a short push (a BFS level
/// on a road network) costs. When every product has a thread of its own (the expansion says so,
/// alike for the whole grid) the claim's atomic goes out with them too, not after them: one trip
/// fewer, for an atomic on every product, whether the mask refuses its output or another product
/// claimed it first (a stamp set for a refused output claims nothing: only this round's stamp
/// counts). That relies on the mask's answer for an output being the same for every product of a
/// round that reaches it, which holds because only the claiming thread writes what the mask reads
/// of that output (the fused upserts are masked by T).
/// Else the stamp is read first, so that an output reached many times costs reads, not atomics.
/// The appends count in *listed's low bits (counted_part): push_list_kernel's blocks take their
/// tickets above them. `uroom`: how many of u's entries may be read before its count is known
/// (the expansion's `room`; 0 in push_list_rounds_kernel, whose later rounds read T or the second
/// list, which it does not bound).
template <bool UFirst, class SR, class Expansion, class A, class U, class Probe, class Z>
__device__ __forceinline__ void push_list_round(const SR& s, const Expansion& x, const std::uint32_t* col, const A* val,
                                                const std::uint32_t* uidx, const U* uval, Index nu, Index uroom, const Probe& allows,
                                                bool entry_out_first, std::uint32_t* stamps, std::uint32_t stamp,
                                                unsigned long long* listed, unsigned long long base, std::uint32_t* tidx, Z* tval,
                                                const DeferredUpserts& fused, KnownRound round) {
  const bool eager = x.one_product_a_thread(nu);
  x.for_each(uidx, nu, [&](const PushProduct& at) {
    const std::uint32_t out = col[at.p];
    const std::uint32_t was = eager ? atomicExch(&stamps[out], stamp) : 0;
    const bool seen = !eager && stamps[out] == stamp;
    const bool allowed = allows(out);
    const ClaimReads reads = fused.count ? read_for_claim(fused, out, round) : ClaimReads{};
    if (!allowed || seen || (eager ? was : atomicExch(&stamps[out], stamp)) == stamp) return;
    const WarpLanes appending = WarpLanes::here();
    const Z v = static_cast<Z>(spmv_product<UFirst>(s.mul, val[at.p], uval[at.q], out, uidx[at.q], entry_out_first));
    if (fused.count) upsert_claimed(fused, appending, out, v, reads);  // stores only: they do not wait for the slot
    unsigned long long first = 0;
    if (appending.leads()) first = atomicAdd(listed, static_cast<unsigned long long>(appending.size()));
    const unsigned long long slot = counted_part(appending.from_leader(first)) + appending.rank() - base;
    tidx[slot] = out;
    tval[slot] = v;
  }, uroom);
}

/// Under any, steps 2 and 3 at once (push_list_round); the last block to finish, which learns T's
/// count from its ticket (take_counted_ticket), writes it and leaves the counter zero and the
/// epoch advanced.
/// In a device loop's capture the launch may be held back (DeferredProducer) so that the upserts
/// masked by T that follow it are done here too, `fused`, for each output as it is claimed, and
/// the last block ends the loop's round (`round_end`: T copied into the carried storage that u
/// came from, which every block has read by then; the counts and the condition). The copies are
/// one function (end_staged_copies, not inlined) that every instantiation calls, on the copies
/// staged in shared memory: inlined, they were 30% of the device code of a translation unit that
/// runs a BFS, compiled again for each push.
/// The call would take the kernel past 64 registers; the bound keeps it at 64 (the call's saved
/// registers go to a stack frame of 48 bytes, on the last block's path only).
template <bool UFirst, class SR, class Expansion, class A, class U, class Probe, class Z>
__global__ void __launch_bounds__(LaunchPolicy::push_threads, 4)
    push_list_kernel(SR s, Expansion x, const std::uint32_t* col, const A* val, const std::uint32_t* uidx, const U* uval,
                     DeviceCount::View ucount, Index uroom, Probe allows, bool entry_out_first, ClaimStamps claims,
                     std::uint32_t* tidx, Z* tval, unsigned long long* count, DeferredUpserts fused, RoundEnd round_end) {
  const std::uint32_t stamp = *claims.epoch + 1;  // the last block writes the epoch after every block is done
  push_list_round<UFirst>(s, x, col, val, uidx, uval, count_of(ucount), uroom, allows, entry_out_first, claims.stamp, stamp, claims.listed[0], 0,
                          tidx, tval, fused, KnownRound{});
  const CountedTicket ticket = take_counted_ticket(claims.listed[0]);
  if (!ticket.last) return;
  const unsigned long long m = ticket.before;
  __shared__ StagedCopies staged;  // the copies, for end_staged_copies
  stage_copies(staged, round_end, threadIdx.x);
  const bool wraps = stamp == ~std::uint32_t(0);
  RoundEndRead before{};  // the leader's: the round end's words
  if (threadIdx.x == 0) {
    before = read_round_end(round_end, KnownCount{count});
    *count = m;
    *claims.listed[0] = 0;
    *claims.epoch = wraps ? 0 : stamp;
  }
  __syncthreads();  // the staged copies
  if (wraps)  // every stamp the memory holds, 4 at a time (its bytes are whole 16-byte words)
    for (std::size_t k = threadIdx.x; k < claims.kept / 4; k += blockDim.x) reinterpret_cast<uint4*>(claims.stamp)[k] = uint4{0, 0, 0, 0};
  const KnownCount known{count, m};
  if (threadIdx.x == 0) write_round_end(round_end, before, known);  // all zero (no copies, no condition): nothing
  if (round_end.copies) end_staged_copies(staged.copies(), round_end.copies, threadIdx.x, blockDim.x, known);
}

/// Every round of a device loop whose round is push_list_kernel alone and whose list goes back
/// where the kernel reads its input (RoundEnd::rounds, DeviceLoop::end), in one cooperative
/// launch: a WHILE node's iteration (4.5 us on an H200) a round becomes a grid-wide barrier (about
/// 0.9 us). Each round reads the list the round before made where it made it, in T or in the
/// second list (AllRounds), by turns, so a round's end is only the barrier: then every thread
/// takes the round's count and decides alike, from what it knows, whether another round runs (the
/// count, the rounds run, the condition's bounds and the input's capacity). The appends count in
/// claims.listed[0] and [1] by turns, never reset until the last round. The loop's round counter,
/// which a fused upsert may read, is the kernel's to know (KnownRound). After the last round the
/// list goes into the input's storage (or the overflow is set) and into T, and the leader writes
/// what the rounds would have left: T's count, the carried counts, the rounds run, the user's
/// counter, the condition false, the counters zero and the epoch at the last stamp. Each round
/// takes the next stamp; the round whose stamp is the last before the wrap zeroes every stamp,
/// behind a second barrier.
template <bool UFirst, class SR, class Expansion, class A, class Probe, class Z>
__global__ void __launch_bounds__(LaunchPolicy::push_threads)
    push_list_rounds_kernel(SR s, Expansion x, const std::uint32_t* col, const A* val, const std::uint32_t* uidx, const Z* uval,
                            DeviceCount::View ucount, Probe allows, bool entry_out_first, ClaimStamps claims,
                            std::uint32_t* tidx, Z* tval, unsigned long long* count, DeferredUpserts fused, RoundEnd e) {
  namespace cg = cooperative_groups;
  const cg::grid_group grid = cg::this_grid();
  const CarryCopy& input = e.rounds.input;
  const RoundsRun run = RoundsRun::start(e);
  unsigned long long base0 = 0, base1 = 0;  // listed[0] and [1] at the start of the round that last appended to it
  std::uint32_t stamp = *claims.epoch + 1;
  const std::uint32_t* in_idx = uidx;
  const Z* in_val = uval;
  Index nu = count_of(ucount), m = 0;
  std::uint32_t* out_idx = tidx;
  Z* out_val = tval;
  const Index rank = blockIdx.x * Index(blockDim.x) + threadIdx.x, threads = Index(gridDim.x) * blockDim.x;
  unsigned long long r = 0;
  for (;; ++r) {
    const bool odd = r & 1;  // selected, not indexed: an array indexed at run time goes to local memory
    unsigned long long* const listed = odd ? claims.listed[1] : claims.listed[0];
    push_list_round<UFirst>(s, x, col, val, in_idx, in_val, nu, 0, allows, entry_out_first, claims.stamp, stamp, listed, odd ? base1 : base0,
                            out_idx, out_val, fused, KnownRound{true, run.counted + r});
    grid.sync();
    const unsigned long long total = *reinterpret_cast<volatile unsigned long long*>(listed);
    m = static_cast<Index>(total - (odd ? base1 : base0));
    (odd ? base1 : base0) = total;
    const bool again = run.again(e, r, m);  // the condition is on the list's count (DeviceLoop::end)
    const bool wraps = stamp == ~std::uint32_t(0);
    if (wraps) {  // every stamp the memory holds, 4 at a time (its bytes are whole 16-byte words), before the next round claims
      for (std::size_t w = rank; w < claims.kept / 4; w += threads) reinterpret_cast<uint4*>(claims.stamp)[w] = uint4{0, 0, 0, 0};
      grid.sync();
    }
    if (!again) break;
    stamp = wraps ? 1 : stamp + 1;
    in_idx = out_idx;
    in_val = out_val;
    nu = m;
    out_idx = out_idx == tidx ? e.rounds.idx2 : tidx;
    out_val = out_val == tval ? static_cast<Z*>(e.rounds.val2) : tval;
  }
  // The last round's list: into the input's storage, and into T when it is in the second list.
  CarryCopy last = input;  // input.val is not null (input_copy)
  last.from_idx = out_idx;
  last.from_val = out_val;
  if (m <= input.capacity) copy_list<Z, 1>(last, m, rank, threads);
  last.idx = tidx;
  last.val = tval;
  if (out_idx != tidx) copy_list<Z, 1>(last, m, rank, threads);
  grid.sync();  // every thread has read the counters
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  *claims.listed[0] = 0;
  *claims.listed[1] = 0;
  *claims.epoch = stamp == ~std::uint32_t(0) ? 0 : stamp;
  *count = m;
  run.end(e, r, m);
}

/// Appends `out` to list, which has room for `room` outputs, counting in *listed: one atomic per
/// group of threads that append together. Once the count reaches the room nothing more is written
/// and the count soon stops (it is read before the atomic), so a reader that finds *listed >= room
/// knows the list is not whole.
__device__ inline void append_output(std::uint32_t* list, std::uint32_t* listed, std::uint32_t room, std::uint32_t out) {
  const WarpLanes appending = WarpLanes::here();
  std::uint32_t first = room;
  if (appending.leads() && *reinterpret_cast<volatile std::uint32_t*>(listed) < room)
    first = atomicAdd(listed, static_cast<std::uint32_t>(appending.size()));
  const std::uint64_t slot = std::uint64_t(appending.from_leader(first)) + appending.rank();
  if (slot < room) list[slot] = out;
}

/// Step 2: sets the bit of every output a product may reach and folds the product into the
/// output's slot, slots[out] (an n-entry array of the monoid's identity). Under any (First) only
/// the product that set the bit writes its value there. With `list`, the product that set a bit
/// also appends its output there, in no order (append_output: at most `room` of them). The body
/// of push_mark_kernel, and of each round after the first of push_bit_list_rounds_kernel.
template <bool First, bool UFirst, class SR, class Expansion, class A, class U, class Probe, class Z>
__device__ __forceinline__ void mark_products(const SR& s, const Expansion& x, const std::uint32_t* col, const A* val, const std::uint32_t* uidx,
                                              const U* uval, Index nu, const Probe& allows, bool entry_out_first, std::uint32_t* bits, Z* slots,
                                              std::uint32_t* list, std::uint32_t* listed, std::uint32_t room) {
  x.for_each(uidx, nu, [&](const PushProduct& at) {
    const std::uint32_t out = col[at.p];
    if (!allows(out)) return;
    const auto product = [&] { return static_cast<Z>(spmv_product<UFirst>(s.mul, val[at.p], uval[at.q], out, uidx[at.q], entry_out_first)); };
    if constexpr (First) {  // only the product that claims reads its operands
      if (!claim_output(bits, out)) return;
      if (list) append_output(list, listed, room, out);
      slots[out] = product();
    } else {
      atomic_fold_into(s.add, &slots[out], product());
      if (!list) {  // nobody asks who set the bit: an atomic whose result is not read, waited for by nothing
        mark_output(bits, out);
        return;
      }
      if (claim_output(bits, out)) append_output(list, listed, room, out);
    }
  });
}

template <bool First, bool UFirst, class SR, class Expansion, class A, class U, class Probe, class Z>
__global__ void __launch_bounds__(LaunchPolicy::push_threads)
    push_mark_kernel(SR s, Expansion x, const std::uint32_t* col, const A* val, const std::uint32_t* uidx, const U* uval,
                     DeviceCount::View ucount, Probe allows, bool entry_out_first, std::uint32_t* bits, Z* slots,
                     std::uint32_t* list, std::uint32_t* listed, std::uint32_t room) {
  mark_products<First, UFirst>(s, x, col, val, uidx, uval, count_of(ucount), allows, entry_out_first, bits, slots, list, listed, room);
}

/// Every round of a device loop whose round is a push under a monoid that folds by atomics (not
/// any), its list step held (held_bit_list.cuh), a comparison of the list against a full operand
/// (HeldBitList::compare), the masked apply that keeps the entries where it is true and the
/// upserts masked by those (SSSP's round: t = frontier min.+ A, better = t < dist,
/// frontier<better, replace> = t, dist<frontier> = frontier), and whose kept list goes back into
/// the push's input (DeviceLoop::end), in one cooperative launch after the first round's mark
/// (the graph's node before it). A round is the mark (after the first), the list step's two
/// parts (list_set_bits, list_entries), three grid barriers: a WHILE node's iteration a round
/// (4.5 us on an H200) and the list step's second launch become barriers (about 0.9 us each). A
/// probe of this shape on the 2048 x 2048 grid took 18.3 us a round where the library's two
/// kernels took 22.7 (bench/results/sssp-round-probe-h200-2026-11-30/). The kept entries go to
/// the input's storage alone (KeepTarget::carried_only; into the kept list once, after the last
/// round). The status words take turns: the list's appends (status[0]) are zeroed after the
/// round's last barrier, the kept appends' (status[1]) after the next round's mark. After the last
/// round the leader writes what the rounds would have left: the counts (T's, the map's, the kept
/// list's, the input's or the overflow), the rounds run, the user's counter and the condition.
template <bool UFirst, class SR, class Expansion, class A, class Probe, class Z>
__global__ void __launch_bounds__(bit_list_threads, 2)
    push_bit_list_rounds_kernel(SR s, Expansion x, const std::uint32_t* col, const A* val, Probe allows, bool entry_out_first, BitListStep<Z> b,
                                CompareMap<Z> map, KeepTarget keep, DeferredUpserts fused, RoundEnd e) {
  namespace cg = cooperative_groups;
  using Scan = cub::BlockScan<unsigned, bit_list_threads>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ unsigned long long base;
  const cg::grid_group grid = cg::this_grid();
  const CarryCopy& input = e.rounds.input;
  const RoundsRun run = RoundsRun::start(e);
  const bool leader = blockIdx.x == 0 && threadIdx.x == 0;
  Index m = 0, kept = 0;
  unsigned long long r = 0;
  for (;; ++r) {
    if (r > 0) {
      mark_products<false, UFirst>(s, x, col, val, input.idx, static_cast<const Z*>(input.val), kept, allows, entry_out_first, b.bits, b.slots,
                                   nullptr, nullptr, 0u);
      grid.sync();                  // every product folded, and every thread has read the last round's kept count
      if (leader) b.status[1] = 0;  // for this round's kept appends, after the next barrier
    }
    list_set_bits<Scan>(b, scan, base);
    grid.sync();  // every index listed, and the count whole
    m = static_cast<Index>(*reinterpret_cast<volatile unsigned long long*>(&b.status[0]));
    list_entries<Scan>(b, map, keep, fused, m, KnownRound{true, run.counted + r}, scan, base);
    grid.sync();  // every entry kept, every upsert done, every slot put back
    kept = static_cast<Index>(*reinterpret_cast<volatile unsigned long long*>(&b.status[1]));
    if (leader) b.status[0] = 0;  // every thread read it before the barrier; the next appends come after the next
    if (!run.again(e, r, kept)) break;  // the condition is on the input's count (DeviceLoop::end)
  }
  // The kept list whole: its entries below the carried capacity went to the input's storage alone.
  const Index rank = blockIdx.x * Index(blockDim.x) + threadIdx.x, threads = Index(gridDim.x) * blockDim.x;
  if (keep.carried_only) {
    CarryCopy back;
    back.from_idx = keep.carried_idx;
    back.from_val = keep.carried_val;
    back.idx = keep.idx;
    back.val = keep.val;
    copy_list<Z, 1>(back, std::min(kept, keep.carried_capacity), rank, threads);
  }
  grid.sync();  // every thread has read the status words
  if (!leader) return;
  b.status[1] = 0;
  *b.count = m;
  *map.count = m;
  *keep.count = kept;
  run.end(e, r, kept);
}

/// Whether a push under monoid Add of values Z with expansion X may run every round of a device
/// loop with its held list step (push_bit_list_rounds_kernel): min (SSSP's), an arithmetic Z, an
/// expansion of short rows (runs_rounds). Each kernel more is compiled for every such push.
template <class Add, class Z, class Expansion>
inline constexpr bool list_step_runs_rounds =
    std::is_same_v<Add, min_monoid<Z>> && std::is_arithmetic_v<Z> && !std::is_same_v<Z, bool> && runs_rounds<Expansion>;

/// The length of u entry q's row, and 0 for q >= nvals(u) (so that the exclusive scan's slot
/// nvals(u) and every one after it is the number of products).
template <class Offset>
struct push_row_length {
  const Offset* ptr;
  const std::uint32_t* uidx;
  DeviceCount::View ucount;
  __device__ std::uint64_t operator()(Index q) const {
    return q < count_of(ucount) ? std::uint64_t(ptr[uidx[q] + 1] - ptr[uidx[q]]) : 0;
  }
};

/// ByProducts' layout as a counted scan: start[q] = the products of u entries before q, and
/// start[nvals(u)] = all of them.
template <class Offset>
struct PushStarts {
  using value_type = std::uint64_t;
  const Offset* ptr;
  const std::uint32_t* uidx;
  std::uint64_t* start;
  __device__ std::uint64_t value(Index q) const { return std::uint64_t(ptr[uidx[q] + 1] - ptr[uidx[q]]); }
  __device__ void emit(Index q, std::uint64_t at, std::uint64_t) const { start[q] = at; }
  __device__ void total(Index nu, std::uint64_t all) const { start[nu] = all; }
};

// The small path: when T can hold at most push_block_items entries (a bound on nvals(u) x the
// longest row, known on the host: a BFS or SSSP frontier on a road-like graph), one block sorts
// the appended outputs instead of a scan over all n / 32 words of the bitmap and a list pass (two
// launches fewer, and no pass that grows with n); and when u has at most that many entries, one
// block scans their row lengths.
inline constexpr unsigned push_block_threads = LaunchPolicy::push_block_threads;
inline constexpr Index push_block_items = 8 * push_block_threads;

/// start[q] = the products of u entries before q, start[nvals(u)] = all of them; the bound on
/// nvals(u) is at most Items x 1024.
template <int Items, class Offset>
__global__ void __launch_bounds__(push_block_threads) push_scan_block_kernel(const Offset* ptr, const std::uint32_t* uidx,
                                                                             DeviceCount::View ucount, std::uint64_t* start) {
  const Index nu = count_of(ucount);
  using Scan = cub::BlockScan<std::uint64_t, push_block_threads>;
  __shared__ typename Scan::TempStorage scratch;
  std::uint64_t len[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const Index q = Index(threadIdx.x) * Items + k;
    len[k] = push_row_length<Offset>{ptr, uidx, ucount}(q);
  }
  std::uint64_t total = 0;
  Scan(scratch).ExclusiveSum(len, len, total);
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const Index q = Index(threadIdx.x) * Items + k;
    if (q < nu) start[q] = len[k];
  }
  if (threadIdx.x == 0) start[nu] = total;
}

/// Sorts the *listed outputs (at most Items x 1024) into T's indices, each value taken from its
/// slot, and writes T's count; clears what step 2 set (the outputs' bits and slots, the list's
/// length) for the next call. Keys past the listed ones are padded with ~0, which sorts last; only
/// the bits an index can have are sorted.
template <int Items, class Z>
__global__ void __launch_bounds__(push_block_threads) push_sort_block_kernel(const std::uint32_t* list, std::uint32_t* listed,
                                                                             int end_bit, std::uint32_t* bits, Z* slots,
                                                                             bool restore_slots, Z identity, std::uint32_t* idx,
                                                                             Z* tval, unsigned long long* count) {
  using Sort = cub::BlockRadixSort<std::uint32_t, push_block_threads, Items>;
  __shared__ typename Sort::TempStorage scratch;
  const std::uint32_t m = *listed;
  std::uint32_t keys[Items];
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const std::uint32_t i = threadIdx.x * Items + k;
    keys[k] = i < m ? list[i] : ~0u;
  }
  Sort(scratch).Sort(keys, 0, end_bit);  // its barriers: every thread has read *listed
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const std::uint32_t i = threadIdx.x * Items + k;
    if (i >= m) continue;
    const std::uint32_t out = keys[k];
    idx[i] = out;
    tval[i] = slots[out];
    if (restore_slots) slots[out] = identity;
    bits[out / 32] = 0;  // every bit of the word is a listed output's
  }
  if (threadIdx.x == 0) {
    *count = m;
    *listed = 0;
  }
}

/// T from the outputs that step 2 appended to idx (*listed of them, in no order): each value
/// taken from its slot, and what step 2 set cleared for the next call (the outputs' bits and
/// slots; the last block to finish zeroes *listed and *finished, kept clean). The small path's
/// sort and the scan of all n / 32 words both cost more for a few thousand outputs in a big n:
/// SSSP's round on the 2048 x 2048 grid spent 7.7 us of its 36 in that scan (H200).
template <class Z>
__global__ void __launch_bounds__(LaunchPolicy::push_threads)
    push_gather_kernel(const std::uint32_t* idx, std::uint32_t* listed, std::uint32_t* bits, Z* slots, bool restore_slots,
                       Z identity, Z* tval, unsigned long long* count, unsigned long long* finished) {
  const std::uint32_t m = *reinterpret_cast<volatile std::uint32_t*>(listed);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t out = idx[k];
    tval[k] = slots[out];
    if (restore_slots) slots[out] = identity;
    bits[out / 32] = 0;  // every bit of the word is a listed output's
  }
  if (last_block_to_arrive(finished) && threadIdx.x == 0) {
    *count = m;
    *listed = 0;
    *finished = 0;
  }
}

/// Calls f(std::integral_constant<int, Items>) with the fewest items per thread (1, 2, 4 or 8) of a
/// 1024-thread block that hold n.
template <class F>
void with_block_items(Index n, const F& f) {
  if (n <= push_block_threads) f(std::integral_constant<int, 1>{});
  else if (n <= 2 * push_block_threads) f(std::integral_constant<int, 2>{});
  else if (n <= 4 * push_block_threads) f(std::integral_constant<int, 4>{});
  else f(std::integral_constant<int, 8>{});
}

/// What a push whose list step is held gives that step for a launch that runs every round of a
/// device loop (ListStepRounds), where it may (list_step_runs_rounds, in a capture, cooperative
/// launches): its input and a launch of push_bit_list_rounds_kernel on min(resident, 2) blocks a
/// multiprocessor (the probe's best: 18.3 us a round on 264 blocks of an H200, 19.0 on 528, 21.9
/// on 132). Everything by value: the launch outlives this call (the arrays it names outlive the
/// loop's graph: the matrix's, the loop's arena, kept scratch).
template <bool UFirst, class Z, class SR, class A, class Expansion, class U, class Probe>
ListStepRounds list_step_rounds(const SR& s, const DeviceCsr<A>& p, const Expansion& x, const SparseInput<U>& u, const Probe& allows,
                                bool entry_out_first) {
  ListStepRounds r;
  if constexpr (std::is_same_v<U, Z> && list_step_runs_rounds<std::remove_cvref_t<decltype(s.add)>, Z, Expansion>) {
    if (!loop_capture() || !switches().loop_rounds_in_one_kernel) return r;
    const int resident = once_per_device([](int) {
      return cooperative_launches() ? resident_blocks(push_bit_list_rounds_kernel<UFirst, SR, Expansion, A, Probe, Z>, bit_list_threads) : 0;
    });
    if (resident <= 0) return r;
    const unsigned grid = static_cast<unsigned>(std::min(resident, 2)) * multiprocessors();
    r.input_idx = u.idx;
    r.input_val = u.val;
    r.input_base = u.count.base;
    r.input_word = u.count.word;
    r.input_bound = u.nvals;
    r.launch = [s, x, grid, allows, entry_out_first, col = p.col.data(), val = p.val.data()](const HeldBitList& list, const KeepTarget& keep,
                                                                                           const DeferredUpserts& fused, const RoundEnd& e) {
      return list_step_launched(list, launch_cooperative(push_bit_list_rounds_kernel<UFirst, SR, Expansion, A, Probe, Z>, grid, bit_list_threads, s,
                                                         x, col, val, allows, entry_out_first, BitListStep<Z>::of(list), CompareMap<Z>::of(list),
                                                         keep, fused, e));
    };
  } else {
    (void)s, (void)p, (void)x, (void)u, (void)allows, (void)entry_out_first;
  }
  return r;
}

/// Steps 2 and 3 over the products as `x` finds them, on `grid` blocks.
template <bool UFirst, class SR, class Expansion, class A, class U, class Probe, class Z>
void push_atomic_steps(const SR& s, const DeviceCsr<A>& p, const Expansion& x, unsigned grid, Index cap, const SparseInput<U>& u,
                       const Probe& allows, bool entry_out_first, DeviceSparseResult<Z>& t) {
  const Index n = t.size;
  const Index nwords = (n + 31) / 32;
  t.idx.allocate(cap, "push result");
  t.val.allocate(cap, "push result");
  DeviceArray<unsigned long long> count(1, "push result count");  // written by the list or sort kernel
  constexpr bool keep = is_any_monoid<std::remove_cvref_t<decltype(s.add)>>;
  // Under any, the outputs are appended (one kernel, T jumbled) while they are at most the
  // bitmap's words (or the small path's bound): every warp that appends takes one atomic on the
  // same counter, which past that may cost more than the scan of the words. (With every push
  // under any appending, BFS on kron-21, whose pushed levels reach 10^5-10^6 outputs, was 5-8%
  // slower; the counter and the jumbled order of the later upserts were not measured apart.)
  // A push from one entry appends whatever its bound: its products are one row's, taken by
  // consecutive threads, so the outputs a warp claims share one atomic (a 1-entry push on
  // rmat-22, whose longest row bounds T past its n / 32 words, was the push and the words'
  // scan: two launches).
  if constexpr (keep) {
    if (cap <= std::max(nwords, push_block_items) || u.nvals == 1) {
      // The stamps and counters, kept clean by the kernel itself (ClaimStamps).
      CleanScratch kept = zeroed_scratch(ScratchUse::push_stamps, push_stamps_bytes(n), "push output stamps");
      const ClaimStamps claims = claim_stamps(kept);
      // Held back where the calls may leave work for later (a device loop's capture, a host round:
      // DeferredWork), so that the upserts masked by T that follow are done by this kernel.
      LoopCapture* const capture = loop_capture();
      DeferredWork* const work = deferred_work();
      const bool holding = work && work->launch_deferred;
      // Held in a device loop's capture, the launch may run every round (push_list_rounds_kernel):
      // a cooperative launch of at most one block a multiprocessor (a grid barrier costs more with
      // more blocks, and a road network's round has a few thousand products), which the device
      // must hold at once. Only when the list can go back where the kernel reads its input (u of
      // T's type), and for short rows (runs_rounds). DeviceLoop::end decides, and gives it the
      // second list (AllRounds).
      unsigned rounds_grid = 0;
      if constexpr (std::is_same_v<U, Z> && runs_rounds<Expansion>) {
        const int resident = capture && holding
                                 ? resident_blocks(push_list_rounds_kernel<UFirst, SR, Expansion, A, Probe, Z>, LaunchPolicy::push_threads)
                                 : 0;
        if (resident > 0) rounds_grid = std::min(grid, multiprocessors());
      }
      // Everything by value: a held-back launch outlives this call (the arrays it names outlive the
      // loop's graph: the arena's, kept scratch, the matrix's).
      const auto launch = [s, x, grid, rounds_grid, allows, entry_out_first, claims, col = p.col.data(), val = p.val.data(), uidx = u.idx,
                           uval = u.val, ucount = u.count, uroom = u.nvals, tidx = t.idx.data(), tval = t.val.data(),
                           counted = count.data()](const DeferredUpserts& fused, const RoundEnd* end) {
        const RoundEnd e = end ? *end : RoundEnd{};
        if constexpr (std::is_same_v<U, Z> && runs_rounds<Expansion>) {
          if (e.all_rounds()) {
            launch_cooperative(push_list_rounds_kernel<UFirst, SR, Expansion, A, Probe, Z>, rounds_grid, LaunchPolicy::push_threads, s, x,
                               col, val, uidx, uval, ucount, allows, entry_out_first, claims, tidx, tval, counted, fused, e);
            return;  // a refused launch is taken by the held launch's check
          }
        }
        push_list_kernel<UFirst><<<grid, LaunchPolicy::push_threads, 0, stream()>>>(s, x, col, val, uidx, uval, ucount, uroom, allows,
                                                                                    entry_out_first, claims, tidx, tval, counted, fused, e);
      };
      // Held, the launch waits for the upserts masked by T (DeferredProducer).
      if (holding) {
        stream();  // what waited before goes first
        DeferredProducer held;
        held.idx = t.idx.data();
        held.word = count.data();
        held.val = t.val.data();
        held.val_bytes = static_cast<int>(sizeof(Z));
        held.capacity = cap;
        held.ends_round_up_to = cap <= push_copied_by_last_block ? cap : 0;  // one block copies it back
        held.input_idx = u.idx;
        held.input_val = u.val;
        held.input_base = u.count.base;
        held.input_word = u.count.word;
        held.all_rounds_grid = rounds_grid;
        const void* const reads[] = {p.col.data(), p.val.data(), p.wide_offsets() ? static_cast<const void*>(p.ptr64.data()) : p.ptr32.data(),
                                     u.idx, u.val, u.count.word};
        std::copy(std::begin(reads), std::end(reads), held.reads);
        held.launch = [launch](const DeferredUpserts& fused, const RoundEnd* end) {
          launch(fused, end);
          return cudaGetLastError() == cudaSuccess;
        };
        work->producer = std::move(held);
      } else {
        launch(DeferredUpserts{}, nullptr);
        check_launch("push_list_kernel");
      }
      kept.restored();
      t.jumbled = true;
      t.nvals = DeviceCount::on_device(std::move(count));
      return;
    }
  }
  const bool small = !keep && cap <= push_block_items;
  // Past the small path's bound but short of the bitmap's words, step 2 appends the outputs to T
  // itself and a gather reads their values (T jumbled), instead of the scan of every word.
  const bool gathers = !keep && !small && cap <= nwords;
  DeviceArray<std::uint32_t> list(small ? cap : 0, "push output list");
  // The slots: under any, an array of this call's own that only the product that claims an output
  // writes; else the monoid's identity, kept clean (a 1- or 2-byte slot is folded through its
  // aligned 4-byte word, and the memory is whole 16-byte words).
  const Z identity = s.add.identity();
  DeviceArray<Z> own_slots(keep ? n : 0, "push values");
  std::shared_ptr<CleanScratch> folded;  // shared with a held list step (hold_bit_list)
  if constexpr (!keep) folded = std::make_shared<CleanScratch>(ScratchUse::push_values, n * sizeof(Z), &identity, sizeof(Z), "push values");
  Z* const slots = folded ? static_cast<Z*>(folded->data()) : own_slots.data();
  // The bits and, after them, the small path's list length, kept clean.
  auto bitmap = shared_zeroed_scratch(ScratchUse::bitmap, (nwords + 1) * sizeof(std::uint32_t), "push output bits");
  std::uint32_t* const bits = static_cast<std::uint32_t*>(bitmap->data());
  // The list (the small path's, or T's own) holds T's bound, which no append passes.
  push_mark_kernel<keep, UFirst><<<grid, LaunchPolicy::push_threads, 0, stream()>>>(
      s, x, p.col.data(), p.val.data(), u.idx, u.val, u.count, allows, entry_out_first, bits, slots, gathers ? t.idx.data() : list.data(),
      bits + nwords, static_cast<std::uint32_t>(cap));
  check_launch("push_mark_kernel");
  if (gathers) {
    CleanScratch finished = zeroed_scratch(ScratchUse::scan_status, sizeof(unsigned long long), "push result list");
    const unsigned gather_grid =
        std::min(grid_for(cap, 4 * LaunchPolicy::push_threads), multiprocessors() * 2u);  // 4 outputs a thread at the bound
    push_gather_kernel<<<gather_grid, LaunchPolicy::push_threads, 0, stream()>>>(t.idx.data(), bits + nwords, bits, slots, !keep, identity,
                                                                                 t.val.data(), count.data(),
                                                                                 static_cast<unsigned long long*>(finished.data()));
    check_launch("push_gather_kernel");
    finished.restored();
    t.jumbled = true;
  } else if (small) {
    int end_bit = 1;  // the bits an index below n has
    while (end_bit < 32 && (Index(1) << end_bit) < n) ++end_bit;
    with_block_items(cap, [&](auto items) {
      push_sort_block_kernel<decltype(items)::value><<<1, push_block_threads, 0, stream()>>>(
          list.data(), bits + nwords, end_bit, bits, slots, !keep, identity, t.idx.data(), t.val.data(), count.data());
    });
    check_launch("push_sort_block_kernel");
  } else if (folded && hold_bit_list<Z>(bitmap, folded, nwords, identity, t.idx.data(), t.val.data(), count.data(), cap,
                                         list_step_rounds<UFirst, Z>(s, p, x, u, allows, entry_out_first))) {
    t.jumbled = true;  // listed in no order, by a kernel held back (held_bit_list.cuh), whose launch marks the memory restored
    t.nvals = DeviceCount::on_device(std::move(count));
    return;
  } else {
    counted_scan(DeviceCount::View{nwords}, nwords, BitList<Z>{bits, slots, !keep, identity, t.idx.data(), t.val.data(), count.data()},
                 "push result list");
  }
  bitmap->restored();
  if (folded) folded->restored();
  t.nvals = DeviceCount::on_device(std::move(count));
}

template <bool UFirst, class SR, class Offset, class A, class U, class Probe, class Z>
void push_atomic_with(const SR& s, const DeviceCsr<A>& p, const Offset* ptr, Index longest_row, const SparseInput<U>& u,
                      const Probe& allows, bool entry_out_first, DeviceSparseResult<Z>& t) {
  const Index nu = u.nvals, n = t.size;  // nu: nvals(u), or a bound on it when u.count is on the device
  const std::uint64_t most = std::min<std::uint64_t>(std::uint64_t(nu) * longest_row, p.nvals);  // products, at most
  const Index cap = static_cast<Index>(std::min<std::uint64_t>(most, n));
  if (cap == 0) return;
  if (longest_row <= push_by_rows_up_to) {
    unsigned shift = 0;  // 2^shift slots per u entry hold its longest row
    while ((Index(1) << shift) < longest_row) ++shift;
    const std::uint64_t slots = std::uint64_t(nu) << shift;
    if (slots <= wave_threads())  // every slot a thread of one wave
      push_atomic_steps<UFirst>(s, p, ByRowSlots<Offset>{ptr, shift}, capped_grid_for(slots, LaunchPolicy::push_threads), cap, u, allows,
                                entry_out_first, t);
    else
      push_atomic_steps<UFirst>(s, p, ByRows<Offset>{ptr, shift, switches().push_row_slots_that_fit},
                                capped_grid_for(nu, LaunchPolicy::push_threads), cap, u, allows, entry_out_first, t);
    return;
  }
  if (nu <= push_entry_blocks_up_to) {
    // Enough blocks for a 2048-product share of the longest row each, at most 4 x SMs in all
    // (half a wave of 256-thread blocks at full occupancy).
    const std::uint64_t wanted = (std::uint64_t(longest_row) + 2047) / 2048;
    const unsigned per_entry =
        static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(wanted, 4 * std::uint64_t(multiprocessors()) / nu)));
    push_atomic_steps<UFirst>(s, p, ByEntryBlocks<Offset>{ptr, per_entry}, static_cast<unsigned>(nu) * per_entry, cap, u, allows,
                              entry_out_first, t);
    return;
  }
  DeviceArray<std::uint64_t> start(nu + 1, "push offsets");
  if (nu <= push_block_items) {
    with_block_items(nu, [&](auto items) {
      push_scan_block_kernel<decltype(items)::value><<<1, push_block_threads, 0, stream()>>>(ptr, u.idx, u.count, start.data());
    });
    check_launch("push_scan_block_kernel");
  } else {
    counted_scan(u.count, nu, PushStarts<Offset>{ptr, u.idx, start.data()}, "push offsets");
  }
  push_atomic_steps<UFirst>(s, p, ByProducts<Offset>{ptr, start.data()}, capped_grid_for(most, LaunchPolicy::push_threads), cap, u, allows,
                            entry_out_first, t);
}

/// Push: T (sparse, masked, its count on the device) from a sparse u through the rows of P (the
/// CSR whose row k lists the outputs that u(k) reaches; its longest row has `longest_row` entries).
template <bool UFirst, class SR, class A, class U, class Probe, class Z>
void push_atomic(const SR& s, const DeviceCsr<A>& p, Index longest_row, const SparseInput<U>& u, const Probe& allows,
                 bool entry_out_first, DeviceSparseResult<Z>& t) {
  t.masked = true;
  if (u.nvals == 0 || t.size == 0) return;
  guarded("push SpMV", [&] {
    if (p.wide_offsets()) push_atomic_with<UFirst>(s, p, p.ptr64.data(), longest_row, u, allows, entry_out_first, t);
    else push_atomic_with<UFirst>(s, p, p.ptr32.data(), longest_row, u, allows, entry_out_first, t);
  });
}

}  // namespace hpg::detail::cuda
