// A push's list step held back (HeldBitList, loop_capture.hpp), and an element-wise map of the
// push's result against a full operand done by the same kernel. The push by atomics under a monoid
// other than any (push_atomic.cuh: SSSP's min.plus) sets a bit for each output it reaches and
// folds the output's value into a slot; its list step turns the set bits into T's list. Where
// calls may leave work for later (a device loop's capture, a round of a loop run from the host:
// DeferredWork) that step is held back as a DeferredProducer, and:
//   - the upserts masked by T that follow are done by its kernel, for each entry as it is listed
//     (fuse_into_producer, vector_upsert.cuh);
//   - a map of T against a full operand that follows (better = t < dist) is done by its kernel
//     too (map_into_held_bit_list), and from there, as a held map's are (held_map.cuh), the masked
//     apply that keeps T's entries where the map is true (frontier<better, replace> = t), the
//     upserts masked by what it keeps (dist<frontier> = frontier) and the round's end.
// An SSSP round on the 2048 x 2048 grid (~10^5 candidates a round) was three kernels: the mark,
// the list step (a counted scan of the bitmap's words, 8.2 us) and the held map (7.8 us), the
// last two each a chain of dependent loads over the same candidates.
//
// The kernel lists in no order (T is jumbled, DeviceVec's word: what needs T in order sorts it),
// in two parts with a grid barrier between them (a cooperative launch): the set bits' indices,
// a tile of bitmap words a block, one atomic a tile placing the tile's entries (no look-back
// across blocks, as the ordered counted scan needs); then T's entries shared out evenly, a thread
// an entry, for the loads of their values and of the map's operand and for everything after.
#pragma once

#include <cooperative_groups.h>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>

#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/held_map.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/ops/binary.hpp"

namespace hpg::detail::cuda {

inline constexpr unsigned bit_list_threads = LaunchPolicy::bit_list_threads;  // a word a thread: a block's tile is 256 words
inline constexpr unsigned bit_list_blocks = LaunchPolicy::bit_list_blocks;    // blocks an SM holds, and the most launched an SM

/// HeldBitList, typed: the list step's arrays.
template <class D>
struct BitListStep {
  std::uint32_t* bits;
  D* slots;
  D identity;
  Index words;
  std::uint32_t* idx;
  D* val;
  unsigned long long* count;
  unsigned long long* status;  // zero at the launch: the list's appends, the kept appends, the blocks done
  static BitListStep of(const HeldBitList& h) {
    D identity;
    std::memcpy(&identity, h.identity, sizeof(D));
    return {h.bits, static_cast<D*>(h.slots), identity, h.words, h.idx, static_cast<D*>(h.val), h.count, h.status};
  }
};

/// The list step alone.
struct NoMap {
  using operand = unsigned char;  // nothing is read
};

/// The map T(k) = op(d(k), f(i)) (op(f(i), d(k)) when the listed driver is the second operand)
/// over the listed entries; T's list is a copy of the driver's.
template <bool DriverFirst, class Op, class F, class Z>
struct MapOf {
  using operand = F;
  Op op;
  const F* full;
  std::uint32_t* idx;
  Z* val;
  unsigned long long* count;
  __device__ F load(std::uint32_t i) const { return full[i]; }
  template <class D>
  __device__ Z operator()(const D& x, const F& y) const {
    if constexpr (DriverFirst) return static_cast<Z>(op(x, y));
    else return static_cast<Z>(op(y, x));
  }
};

/// The map as data (HeldBitList::compare): a comparison of the listed value and the full
/// operand's, both of type D, into a bool, as lt, le, gt and ge (ops/binary.hpp) compare.
template <class D>
struct CompareMap {
  using operand = D;
  HeldBitList::Compare op;
  bool driver_first;
  const D* full;
  std::uint32_t* idx;
  bool* val;
  unsigned long long* count;
  static CompareMap of(const HeldBitList& h) {
    return {h.compare, h.driver_first, static_cast<const D*>(h.full), h.map_idx, h.map_val, h.map_count};
  }
  __device__ D load(std::uint32_t i) const { return full[i]; }
  __device__ bool operator()(const D& listed, const D& f) const {
    const D& x = driver_first ? listed : f;
    const D& y = driver_first ? f : listed;
    switch (op) {
      case HeldBitList::Compare::lt: return x < y;
      case HeldBitList::Compare::le: return x <= y;
      case HeldBitList::Compare::gt: return x > y;
      default: return x >= y;
    }
  }
};

/// Which of HeldBitList's comparisons Op is, as a map of a list of D against a full operand of D
/// into Z (none: not one).
template <class Op, class D, class F, class Z>
inline constexpr HeldBitList::Compare compare_of = HeldBitList::Compare::none;
template <class D>
inline constexpr HeldBitList::Compare compare_of<hpg::lt<D>, D, D, bool> = HeldBitList::Compare::lt;
template <class D>
inline constexpr HeldBitList::Compare compare_of<hpg::le<D>, D, D, bool> = HeldBitList::Compare::le;
template <class D>
inline constexpr HeldBitList::Compare compare_of<hpg::gt<D>, D, D, bool> = HeldBitList::Compare::gt;
template <class D>
inline constexpr HeldBitList::Compare compare_of<hpg::ge<D>, D, D, bool> = HeldBitList::Compare::ge;

/// The list step's first part: the set bits' indices into b.idx, in no order, a tile of
/// bit_list_threads words a block at a time, one atomic on b.status[0] a tile placing the tile's
/// entries; nothing read but the words, and the bitmap left clear. Every thread of the block calls
/// it (its barriers); `scan` and `base` are the block's shared storage.
template <class Scan, class D>
__device__ __forceinline__ void list_set_bits(const BitListStep<D>& b, typename Scan::TempStorage& scan, unsigned long long& base) {
  const unsigned lane = threadIdx.x % 32;
  for (Index tile = Index(blockIdx.x) * bit_list_threads; tile < b.words; tile += Index(gridDim.x) * bit_list_threads) {  // block-uniform
    const Index w = tile + threadIdx.x;
    const std::uint32_t word = w < b.words ? b.bits[w] : 0u;
    if (word) b.bits[w] = 0;
    __syncthreads();  // the scan's storage and base, from the tile before
    unsigned before = 0, total = 0;
    Scan(scan).ExclusiveSum(static_cast<unsigned>(__popc(word)), before, total);
    if (total == 0) continue;  // uniform
    if (threadIdx.x == 0) base = atomicAdd(&b.status[0], static_cast<unsigned long long>(total));
    __syncthreads();
    const unsigned long long at = base + before;
    // A word at a time, lane j writing bit j's index: a word's entries are one coalesced store.
    for (unsigned busy = __ballot_sync(~0u, word != 0); busy; busy &= busy - 1) {  // warp-uniform
      const unsigned from = static_cast<unsigned>(__ffs(busy) - 1);
      const std::uint32_t bits = __shfl_sync(~0u, word, from);
      const unsigned long long at_word = __shfl_sync(~0u, at, from);
      if (bits >> lane & 1u)
        b.idx[at_word + __popc(bits & ((1u << lane) - 1u))] = static_cast<std::uint32_t>(w - lane + from) * 32 + lane;
    }
  }
  __syncthreads();  // scan and base are the caller's again
}

/// The list step's second part, after a grid barrier: the m listed entries shared out evenly over
/// the grid, a thread an entry: its value taken from its slot (and the slot put back), the map,
/// the keep and the fused upserts (`round`: the loop's round counter, when the launch knows it).
/// Every thread of the block calls it (keep_block_entries' barriers).
template <class Scan, class D, class Map>
__device__ __forceinline__ void list_entries(const BitListStep<D>& b, const Map& map, const KeepTarget& keep, const DeferredUpserts& fused,
                                             Index m, KnownRound round, typename Scan::TempStorage& scan, unsigned long long& base) {
  constexpr bool maps = !std::is_same_v<Map, NoMap>;
  const bool keeps = maps && keep.idx != nullptr;  // uniform: a kernel argument
  for (Index start = Index(blockIdx.x) * bit_list_threads; start < m; start += Index(gridDim.x) * bit_list_threads) {  // block-uniform
    const Index k = start + threadIdx.x;
    bool kept = false;
    std::uint32_t i = 0;
    D x{};
    ClaimReads reads{};
    if (k < m) {
      i = __ldcg(b.idx + k);  // written by other blocks before the barrier: from L2
      x = b.slots[i];
      typename Map::operand y{};
      if constexpr (maps) y = map.load(i);
      if (fused.count) reads = read_for_claim(fused, i, round);
      b.slots[i] = b.identity;  // put back
      b.val[k] = x;
      if constexpr (maps) {
        const auto r = map(x, y);
        map.idx[k] = i;
        map.val[k] = r;
        kept = static_cast<bool>(r);
        if (!keeps && fused.count) upsert_claimed(fused, WarpLanes::here(), i, r, reads);
      } else if (fused.count) {
        upsert_claimed(fused, WarpLanes::here(), i, x, reads);
      }
    }
    if (keeps) keep_block_entries<Scan>(keep, scan, base, kept, i, x, fused, reads);  // uniform: a kernel argument
  }
}

/// The list step, as the top of this file says, on a grid that is resident at once (a cooperative
/// launch): first the set bits' indices into T's list, a tile of 256 words a block at a time,
/// nothing read but the words (and the bitmap left clear); then, after a grid barrier, T's entries
/// shared out evenly over the grid, a thread an entry: its value taken from its slot (and the slot
/// put back), the map, the keep and the upserts. Work shared out by words alone left the few
/// tiles that a grid's wavefront fills with most of it: a kernel that loaded the entries' values
/// tile by tile, each warp its words' in turn, took 18.6 us a round on SSSP's 2048 x 2048 grid,
/// more than the list step and the held map apart (8.2 + 7.6). The last block to finish writes
/// the counts (T's, the map's, the kept list's), zeroes the status words (kept clean) and does
/// the round's end, if any.
template <class D, class Map>
__global__ void __launch_bounds__(bit_list_threads, bit_list_blocks)
    bit_list_kernel(BitListStep<D> b, Map map, KeepTarget keep, DeferredUpserts fused, RoundEnd end) {
  namespace cg = cooperative_groups;
  constexpr bool maps = !std::is_same_v<Map, NoMap>;
  using Scan = cub::BlockScan<unsigned, bit_list_threads>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ unsigned long long base;
  list_set_bits<Scan>(b, scan, base);
  cg::this_grid().sync();  // every index is listed, and the count is whole
  const Index m = static_cast<Index>(*reinterpret_cast<volatile unsigned long long*>(&b.status[0]));
  const bool keeps = maps && keep.idx != nullptr;  // uniform: a kernel argument
  list_entries<Scan>(b, map, keep, fused, m, KnownRound{}, scan, base);
  if (!last_block_to_arrive(&b.status[2])) return;
  const unsigned long long* word = b.count;
  if constexpr (maps) word = keeps ? keep.count : map.count;
  end_held_list(end, word, [&] {
    const unsigned long long made = keeps ? atomicExch(&keep.status[0], 0ull) : static_cast<unsigned long long>(m);
    *b.count = m;
    if constexpr (maps) *map.count = m;
    if (keeps) *keep.count = made;
    b.status[0] = 0;
    b.status[2] = 0;
    return made;
  });
}

/// The blocks bit_list_kernel<D, Map> runs on for `words` bitmap words and at most `capacity`
/// entries: a tile or an entry a thread where that fits, as many as the device holds at once (at
/// most bit_list_blocks an SM); 0 when it cannot be launched so (no cooperative launch). On SSSP's
/// 2048 x 2048 grid (H200) 4 blocks an SM took 11.6 us a round, 3 11.9-12.0, 2 12.1-12.2 and 1
/// 15.9 (bench/results/list-step-h200-2026-11-30/).
template <class D, class Map>
unsigned bit_list_grid(Index words, Index capacity) {
  // Asked of the device once (a host round asks at each push and map).
  const int resident = once_per_device([](int) { return cooperative_launches() ? resident_blocks(bit_list_kernel<D, Map>, bit_list_threads) : 0; });
  if (resident <= 0) return 0;
  const Index most = Index(std::min<int>(resident, bit_list_blocks)) * multiprocessors();
  const Index wanted = std::max<Index>((words + bit_list_threads - 1) / bit_list_threads, (capacity + bit_list_threads - 1) / bit_list_threads);
  return static_cast<unsigned>(std::min<Index>(std::max<Index>(wanted, 1), most));
}

/// What a held list step's cooperative launch (bit_list_kernel, or push_bit_list_rounds_kernel
/// for every round) came to, from what launch_cooperative returned: false when CUDA refused it,
/// its error taken here (the next launch's check would report it under its own name). Else the
/// memory the kernel leaves clean counts as clean from here; a launch refused leaves the mark
/// kernel's bits and values in it, and it is filled again at its next use.
inline bool list_step_launched(const HeldBitList& list, cudaError_t launched) {
  const cudaError_t late = cudaGetLastError();  // taken on every path
  if (launched != cudaSuccess || late != cudaSuccess) return false;
  for (const auto& m : list.memory) m->restored();
  return true;
}

/// Launches bit_list_kernel<D, Map> cooperatively on the list's grid, on the library's stream;
/// false when CUDA refused it.
template <class D, class Map>
bool launch_bit_list(const HeldBitList& list, const Map& map, const KeepTarget& keep, const DeferredUpserts& fused, const RoundEnd* end) {
  const RoundEnd e = end ? *end : RoundEnd{};
  return list_step_launched(list, launch_cooperative(bit_list_kernel<D, Map>, list.grid, bit_list_threads, BitListStep<D>::of(list), map, keep, fused, e));
}

/// Holds the list step of a push whose mark kernel is launched (push_atomic.cuh) back, as a
/// DeferredProducer, where calls may leave work for later: T's list, values and count (at most
/// `capacity` entries) from the bits and slots, which it leaves clean (`bits_memory` and
/// `slots_memory` hold them as long as the launch is held, and the launch marks them restored:
/// the caller must not). `rounds`: what a launch that runs every round needs (DeviceLoop::end
/// decides). False: not held (list them now).
template <class D>
bool hold_bit_list(std::shared_ptr<CleanScratch> bits_memory, std::shared_ptr<CleanScratch> slots_memory, Index words, const D& identity,
                   std::uint32_t* idx, D* val, unsigned long long* count, Index capacity, ListStepRounds rounds = {}) {
  if constexpr (!held_value<D>) {
    return false;
  } else {
    DeferredWork* const work = deferred_work();
    if (!work || !work->launch_deferred || !switches().hold_list_steps) return false;
    const unsigned grid = bit_list_grid<D, NoMap>(words, capacity);
    if (grid == 0) return false;
    stream();  // what waited before goes first
    auto status = shared_zeroed_scratch(ScratchUse::scan_status, 3 * sizeof(unsigned long long), "push result list");
    auto list = std::make_shared<HeldBitList>();
    list->bits = static_cast<std::uint32_t*>(bits_memory->data());
    list->slots = slots_memory->data();
    list->words = words;
    std::memcpy(list->identity, &identity, sizeof(D));
    list->idx = idx;
    list->val = val;
    list->count = count;
    list->status = static_cast<unsigned long long*>(status->data());
    list->grid = grid;
    list->rounds = std::move(rounds);
    // Held, and counted clean only once the kernel is launched (list_step_launched): the mark
    // kernel has set bits and folded values into it already.
    list->memory = {std::move(bits_memory), std::move(slots_memory), std::move(status)};
    DeferredProducer held;
    held.idx = idx;
    held.word = count;
    held.val = val;
    held.val_bytes = static_cast<int>(sizeof(D));
    held.capacity = capacity;
    const void* const reads[] = {idx, val, count};  // the mark kernel has read the push's inputs
    std::copy(std::begin(reads), std::end(reads), held.reads);
    held.bit_list = list;
    held.launch = [list](const DeferredUpserts& fused, const RoundEnd* end) { return launch_bit_list<D>(*list, NoMap{}, KeepTarget{}, fused, end); };
    work->producer = std::move(held);
    return true;
  }
}

/// T = op(d, f) (op(f, d) when !DriverFirst) over d's entries, f full, where d is the list a held
/// list step makes (hold_bit_list) and no upsert has been fused into it: its kernel does the map
/// (T's list a copy of d's, its count on the device), and, as a held map's would, may keep the
/// entries where T is true for a masked apply that follows (keep_into_held_map) and do the
/// upserts masked by them. Nothing is launched. nullopt: d is not such a list.
template <bool DriverFirst, class Z, class Op, class D, class F>
std::optional<DeviceSparseResult<Z>> map_into_held_bit_list(const Op& op, const DeviceVec<D>& d, const F* full) {
  if constexpr (!(held_value<D> && held_value<Z> && std::is_convertible_v<Z, bool>)) {
    return std::nullopt;
  } else {
    DeferredWork* const work = deferred_work();
    if (!work || !work->producer || !work->producer->bit_list) return std::nullopt;
    const DeviceCount::View dc = d.nvals.view();
    using Map = MapOf<DriverFirst, Op, F, Z>;
    unsigned grid = 0;
    {
      const DeferredProducer& p = *work->producer;  // set aside below: read only in this block
      if (p.bit_list->mapped || p.fused.count > 0 || p.keep || d.format != Sparsity::sparse || !dc.word || dc.base != 0 ||
          p.word != dc.word || p.idx != d.idx.data() || p.val != static_cast<const void*>(d.val.data()) ||
          p.val_bytes != static_cast<int>(sizeof(D)))
        return std::nullopt;
      grid = bit_list_grid<D, Map>(p.bit_list->words, p.capacity);
    }
    if (grid == 0) return std::nullopt;
    SetAsideProducer held(*work);  // while T's arrays are allocated
    DeviceSparseResult<Z> t;
    t.size = d.size;
    const Index bound = held->capacity;
    t.idx.allocate(bound, "ewise_mult");
    t.idx.mark_copy_of(d.idx);  // the held kernel writes it, before anything reads it
    t.val.allocate(bound, "ewise_mult");
    DeviceArray<unsigned long long> word(1, "ewise_mult");  // written by the held kernel's last block
    auto keep = std::make_shared<KeepTarget>();
    keep->status = held->bit_list->status + 1;  // the kept appends' word
    const Map map{op, full, t.idx.data(), t.val.data(), word.data()};
    held->idx = t.idx.data();
    held->word = word.data();
    held->val = t.val.data();
    held->val_bytes = static_cast<int>(sizeof(Z));
    // d's arrays and T's; not the full operand (DeferredProducer::keep says why).
    const void* const reads[] = {d.idx.data(), d.val.data(), dc.word, t.idx.data(), t.val.data(), word.data()};
    std::copy(std::begin(reads), std::end(reads), held->reads);
    held->keep = keep;
    held->keep_from_idx = d.idx.data();
    held->keep_from_val = d.val.data();
    held->keep_from_bytes = static_cast<int>(sizeof(D));
    held->keep_from_base = 0;
    held->keep_from_word = dc.word;
    held->bit_list->mapped = true;
    held->bit_list->grid = grid;
    if constexpr (compare_of<Op, D, F, Z> != HeldBitList::Compare::none) {  // as data, for a launch that runs every round
      HeldBitList& l = *held->bit_list;
      l.compare = compare_of<Op, D, F, Z>;
      l.driver_first = DriverFirst;
      l.full = full;
      l.map_idx = t.idx.data();
      l.map_val = t.val.data();
      l.map_count = word.data();
    }
    // The keep target by reference: a masked apply may still fill it in.
    held->launch = [list = held->bit_list, map, keep](const DeferredUpserts& fused, const RoundEnd* end) {
      if (end && end->all_rounds())  // DeviceLoop::end chose it: the list has a compare and a launch for it
        return list->compare != HeldBitList::Compare::none && list->rounds.launch && list->rounds.launch(*list, *keep, fused, *end);
      return launch_bit_list<D>(*list, map, *keep, fused, end);
    };
    ++held_list_maps;
    t.nvals = DeviceCount::on_device(std::move(word));
    t.jumbled = d.jumbled;
    return t;
  }
}

}  // namespace hpg::detail::cuda
