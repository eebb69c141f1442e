// A device loop's capture (hpgraph/loop.hpp) as the memory layer and the containers see it: the
// thread-local state that device_allocate, device_free, the host copies and waits, and the vectors
// consult while a loop body is being captured into a CUDA graph (src/core/device_memory.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "hpgraph/types.hpp"

namespace hpg::detail {

namespace cuda {
struct RoundEnd;      // the end of a device loop's round (src/cuda/loop_end.cuh)
class CleanScratch;   // memory kept clean from call to call (src/cuda/clean_scratch.cuh)
}

/// A carried sparse vector's write-back at the end of a captured round, done by the loop's last
/// kernel (src/cuda/device_loop.cu), which does every one of them and then sets the loop's
/// condition: one launch a round for all carried vectors, not one each and one more for the
/// condition (each is ~2 us in a round's chain of small kernels). The first count entries of the
/// list (count = from_base + *from_word, or from_base) go into the carried arrays (idx and val,
/// each unless null) and the count into *count (unless null); a count past `capacity` sets the
/// loop's overflow word instead and copies nothing.
struct CarryCopy {
  const std::uint32_t* from_idx = nullptr;
  const void* from_val = nullptr;
  Index from_base = 0;
  const unsigned long long* from_word = nullptr;
  std::uint32_t* idx = nullptr;
  void* val = nullptr;
  std::size_t val_bytes = 0;
  unsigned long long* count = nullptr;
  Index capacity = 0;
  unsigned grid = 1;  // the blocks of 256 threads the copy wants
  /// A count alone (a bitmap's, whose arrays are copied apart): *count = from_base + *from_word.
  static CarryCopy count_only(Index from_base, const unsigned long long* from_word, unsigned long long* count) {
    CarryCopy c;
    c.from_base = from_base;
    c.from_word = from_word;
    c.count = count;
    c.capacity = std::numeric_limits<Index>::max();
    return c;
  }
};
/// An upsert (w<struct(M)> = x or u, hpgraph/cuda/vector_upsert.cuh) into a bitmap w whose value
/// type is the source's, deferred in a capture: GraphBLAS's non-blocking mode lets a call's work
/// wait until something needs its result. One masked by the list that a held-back kernel makes
/// (BFS's parent and level after its push) is done by that kernel (DeferredProducer); one that
/// nothing in the body runs after (SSSP's distances) by the round's last kernel, which has the
/// blocks and the launch already: a kernel node a round fewer for each (~2 us in a chain of small
/// kernels). Anything else put on the captured stream first launches the deferred upserts
/// (LoopCapture::launch_deferred), in the order they were called. For the first count_of(M)
/// entries k of M, i = idx[k]: w's value i = `bytes` bytes from the source, w's presence byte i
/// set (unless null), and the entries that were absent counted into *added (unless null).
struct DeferredUpsert {
  /// round_counter: a scalar_at that is the loop's round counter (LoopCapture::round_counter),
  /// which the loop's own kernels count: the last kernel leaves such an upsert to a launch before
  /// it, and a launch that runs every round supplies the round's count.
  enum Source : int { inline_scalar, scalar_at, aligned, at_index, round_counter };
  const std::uint32_t* idx = nullptr;
  Index base = 0;                               // M's count: base + *word, or base when word is null
  const unsigned long long* word = nullptr;
  Source source = inline_scalar;
  const void* from = nullptr;                   // scalar_at, round_counter: the value; aligned: M's k-th; at_index: i-th
  alignas(8) unsigned char scalar[8] = {};      // inline_scalar: the value
  void* val = nullptr;
  std::uint8_t* present = nullptr;
  unsigned long long* added = nullptr;
  int bytes = 0;                                // 1, 2, 4 or 8
  unsigned grid = 1;                            // the blocks of 256 threads M's bound wants
};
/// The most upserts a capture defers; another first launches those.
inline constexpr int max_deferred_upserts = 4;
/// Deferred upserts in one kernel argument (a fixed array: nothing to copy to local memory).
struct DeferredUpserts {
  int count = 0;
  DeferredUpsert upsert[max_deferred_upserts];
};
/// Where a held element-wise map (DeferredProducer::keep, src/cuda/held_map.cuh) appends the entries
/// of its driver list whose result is true, when a masked apply that keeps just those follows it
/// (SSSP's frontier<better, replace> = t after better = t < dist): the list, its count, and two
/// zero words kept clean (`status`: the appends' count and the blocks' tickets). idx null: nothing
/// is kept (the map alone). Shared by the producer and its launch, which reads it when it runs.
struct KeepTarget {
  std::uint32_t* idx = nullptr;
  void* val = nullptr;
  unsigned long long* count = nullptr;
  unsigned long long* status = nullptr;
  bool in_order = false;  // the kept list comes out sorted (one block, and a sorted driver)
  /// When the held map ends a device loop's round (DeviceLoop::end): the carried storage that the
  /// kept list goes back into, of `carried_capacity` entries. Each kept entry is written there
  /// too (below the capacity), so that no copy follows; the list itself stays whole for a loop
  /// that stops on an overflow. Null: not so.
  std::uint32_t* carried_idx = nullptr;
  void* carried_val = nullptr;
  Index carried_capacity = 0;
  /// The entries below the carried capacity go to the carried storage alone: a launch that runs
  /// every round (push_bit_list_rounds_kernel) writes them into the list once, after its last
  /// round, not in every round.
  bool carried_only = false;
};
struct HeldBitList;
/// What a push gives its held list step (HeldBitList::rounds) for a launch that runs every round
/// of a device loop whose round is the mark and the list step and whose kept list goes back into
/// the push's input (DeviceLoop::end): what the push's mark kernel read as its input list (the
/// pushed vector's arrays and count; `input_bound`, the most entries the push was sized for), and
/// the launch: the mark of each round after the first, the list step, the compare, the keep and
/// the fused upserts in one cooperative launch (src/cuda/push_atomic.cuh). No launch: it cannot.
struct ListStepRounds {
  const std::uint32_t* input_idx = nullptr;
  const void* input_val = nullptr;
  Index input_base = 0;
  const unsigned long long* input_word = nullptr;
  Index input_bound = 0;
  std::function<bool(const HeldBitList&, const KeepTarget&, const DeferredUpserts&, const cuda::RoundEnd&)> launch;
};
/// A push's list step held back (src/cuda/held_bit_list.cuh): its mark kernel has set a bit in
/// `bits` (`words` words) for each output and folded the output's value into its slot of `slots`
/// (the monoid's identity, `identity`'s first bytes, elsewhere); one kernel lists them
/// into the push's result (`idx`, `val`, `count`), in no order, and leaves the bits and the slots
/// clean. An element-wise map of that list against a full operand that follows (SSSP's better =
/// t < dist) is done by the same kernel (`mapped`), and so, through the map's KeepTarget, are the
/// masked apply and the upserts after it (held_map.cuh says how): in an SSSP round on the 2048 x
/// 2048 grid the list step and the map were two kernels that each walked the ~10^5 candidates.
struct HeldBitList {
  std::uint32_t* bits = nullptr;
  void* slots = nullptr;
  Index words = 0;
  alignas(8) unsigned char identity[8] = {};
  std::uint32_t* idx = nullptr;
  void* val = nullptr;
  unsigned long long* count = nullptr;
  unsigned long long* status = nullptr;  // three zero words kept clean (the list's and the kept appends, the blocks done)
  unsigned grid = 1;
  bool mapped = false;                   // a map took it (one at most)
  /// The kept-clean memory above (the bits, the slots, the status words), held while the launch
  /// is; its launch counts it clean again.
  std::array<std::shared_ptr<cuda::CleanScratch>, 3> memory;
  /// The map that took it, when it is a comparison of the listed values against a full operand of
  /// their type with a bool result (SSSP's better = t < dist): as data (`compare`, the GraphBLAS
  /// op; `driver_first`: op(listed, full), else op(full, listed)), so that a kernel instantiated
  /// where the push's mark is known, not the map's types, can do it (push_bit_list_rounds_kernel,
  /// push_atomic.cuh). none: not such a map.
  enum class Compare : int { none, lt, le, gt, ge };
  Compare compare = Compare::none;
  bool driver_first = true;
  const void* full = nullptr;
  std::uint32_t* map_idx = nullptr;
  bool* map_val = nullptr;
  unsigned long long* map_count = nullptr;
  /// The push's input and a launch that runs every round (ListStepRounds).
  ListStepRounds rounds;
};
/// The maps that a held list step took on this thread (HeldBitList::mapped), for tests.
inline thread_local std::uint64_t held_list_maps = 0;
/// A kernel that makes a sparse list, held back in a capture (a push under any's one kernel,
/// push_atomic.cuh): the upserts masked by that list that follow it (BFS's parent<frontier> =
/// frontier and level<frontier> = depth) are done by its threads, each for the output it claims
/// as it claims it (`fused`). Each cost a kernel that read the list back, a kernel node a round in a
/// road network's BFS. It reads its mask (only a claimed output is written, and a claimed output's
/// mask entry no longer matters), so an upsert may write the mask, but not what is in `reads`.
struct DeferredProducer {
  const std::uint32_t* idx = nullptr;          // the list it makes
  const unsigned long long* word = nullptr;    // the list's count
  const void* val = nullptr;                   // the list's values (an aligned source)
  int val_bytes = 0;
  Index capacity = 0;                          // the most entries the list may have
  static constexpr int max_reads = 6;
  const void* reads[max_reads] = {};           // the arrays it reads besides its mask's
  DeferredUpserts fused;
  /// The most entries of its list the kernel's last block may copy back into the loop's carried
  /// storage as the round's end (0: it does not end rounds). When its list is the only one the
  /// round copies back, it ends the round: the copy, the counts and the loop's condition, the work
  /// of the loop's last kernel, done by its last block (every other block has read what the copy
  /// overwrites), and the round is one kernel.
  Index ends_round_up_to = 0;
  /// What the kernel reads as its input list (a pushed vector's index and value arrays and count),
  /// and the blocks a launch that runs every round of the loop takes (0: it cannot): when the
  /// round is this kernel alone and copies its list back into that input, one cooperative launch
  /// runs every round (RoundEnd::rounds), each reading the list the round before made.
  const std::uint32_t* input_idx = nullptr;
  const void* input_val = nullptr;
  Index input_base = 0;                        // its count: input_base + *input_word
  const unsigned long long* input_word = nullptr;
  unsigned all_rounds_grid = 0;
  /// A held element-wise map of a list against a full operand (src/cuda/held_map.cuh): its driver
  /// list (keep_from_*), whose entries where the map is true a masked apply that copies them may
  /// keep in the same kernel (`keep` then names where, and the list it makes is that one). The full
  /// operand is not among `reads`: the map reads it at each entry's own index before the upserts
  /// masked by its list write that index, in the same thread, so they may write it (SSSP's
  /// dist<frontier> = frontier after frontier<t < dist> = t). Null keep: not such a map.
  std::shared_ptr<KeepTarget> keep;
  const std::uint32_t* keep_from_idx = nullptr;
  const void* keep_from_val = nullptr;
  int keep_from_bytes = 0;
  Index keep_from_base = 0;                    // the driver's count: keep_from_base + *keep_from_word
  const unsigned long long* keep_from_word = nullptr;
  /// A push's list step (HeldBitList), or null: not one. A map that takes it fills in `keep` and
  /// keep_from_* as a held map does.
  std::shared_ptr<HeldBitList> bit_list;
  /// Launches the kernel with `fused` and the round's end (or null) on the captured stream; false
  /// when CUDA refused it.
  std::function<bool(const DeferredUpserts&, const cuda::RoundEnd*)> launch;
  bool reads_array(const void* p) const noexcept {
    if (!p) return false;
    for (const void* r : reads)
      if (r == p) return true;
    return false;
  }
};
/// Work that calls have left for later (GraphBLAS's non-blocking mode lets a call's work wait until
/// something needs its result): a producer held back (DeferredProducer), launched first, and
/// upserts not launched yet (DeferredUpsert). A device loop's capture holds such work
/// (LoopCapture), and so does a round of an algebraic loop run from the host (DeferralScope): in
/// both, the memory layer launches it before anything else goes on the stream (a launch, a copy,
/// an allocation, a free), so what the calls meant does not change, only how many kernels do it.
/// While a producer is held `deferred` is empty (holding it launched those, and an upsert it
/// cannot take launches it). Nothing throws where the work is launched: a launch CUDA refuses
/// spoils it (a capture then loops on the host; a host round reports Error(cuda_error) at its
/// end, or at the copy to the host that wanted the work).
struct DeferredWork {
  std::vector<DeferredUpsert> deferred;
  std::optional<DeferredProducer> producer;
  int fused = 0;                         // the upserts producers took (for tests)
  const void* round_counter = nullptr;   // a capture's loop counter's device word (DeferredUpsert::round_counter)
  bool pending() const noexcept { return producer.has_value() || !deferred.empty(); }
  /// Launches everything held (set by whoever holds the work; null: nothing is held back).
  void (*launch_deferred)(DeferredWork&) noexcept = nullptr;
  /// A host round's: launches the held producer so that its last block also writes its list's
  /// count to `host` (page-locked memory the device writes), and then the rest; false when CUDA
  /// refused a launch. The host's read of that count is then the wait alone, not a copy after
  /// the kernel (null: not offered).
  bool (*launch_reporting_count)(DeferredWork&, unsigned long long* host) noexcept = nullptr;
  std::string spoiled;                   // why the work failed, found where nothing may throw
  void spoil(const char* why) noexcept {
    try {
      if (spoiled.empty()) spoiled = why;
    } catch (...) {
    }
  }
};
class LoopCarried {
 public:
  virtual ~LoopCarried() = default;
  virtual const void* object() const noexcept = 0;
  /// Captured at the end of the body, for every carried vector before any write_back: the arrays
  /// the vector holds that are another one's carried storage are copied aside.
  virtual void stage(const std::vector<const void*>& carried_storage) = 0;
  /// Captured at the end of the body: the vector's state as the body left it, copied into its
  /// carried storage; a sparse list that outgrew it sets the loop's overflow word instead (the
  /// loop stops). A sparse list's copy is added to `copies` (the loop's last kernel does it).
  virtual void write_back(std::vector<CarryCopy>& copies) = 0;
  /// After a loop that stopped on an overflow (outside any capture): a vector whose last list
  /// outgrew its carried storage takes that list (from the loop's arena) into arrays of its own.
  virtual void recover() = 0;
  /// After the graph ran (outside any capture, before the arena goes): a vector that was not
  /// carried into the rounds (LoopCapture::overwrites) copies what the last round left in it out
  /// of the arena, and then (once every such copy succeeded, so that an error leaves every vector
  /// as it was before the loop's graph) takes it.
  virtual void copy_last_round() = 0;
  virtual void take_last_round() noexcept = 0;
  /// Whether the vector was left out of the rounds (LoopCapture::overwritten).
  virtual bool overwritten() const noexcept = 0;
  /// The vector holds its carried storage again (host side only; nothing runs).
  virtual void restore() noexcept = 0;
  /// The device arrays of the carried storage.
  virtual void storage(std::vector<const void*>& out) const = 0;
};
/// A device loop's capture in progress on this thread (hpgraph/loop.hpp). A loop body is captured
/// once into a CUDA graph and replayed, so while a capture lasts:
/// - allocations come from the loop's arena (a conditional node's body may hold no allocation
///   node), always at the same addresses, and frees of arena memory are nothing;
/// - memory from before the loop that the body lets go of is kept until the loop has run (the
///   graph still reads it), in `freed`;
/// - anything a graph cannot hold (a copy to or from the host, a host wait) throws
///   CaptureUnsupported before it reaches CUDA, and the loop runs on the host instead;
/// - every vector the body touches is carried (LoopCarried): brought into a form that holds any
///   count, and written back into it at the end of the body, so each round starts where the
///   last ended.
struct LoopCapture : DeferredWork {
  char* arena = nullptr;
  std::size_t used = 0, capacity = 0;
  std::size_t wanted = 0;        // the arena the body needs, when it did not fit (capture again)
  std::vector<void*> freed;      // memory from before the loop that the body freed
  std::vector<std::unique_ptr<LoopCarried>> carried;
  Index capacity_scale = 4;      // carried sparse vectors hold this many times their entries
  // round_counter (DeferredWork): the user's round counter's device word, or null
  // How a vector is carried is first taken from its state before the loop: a full vector with its
  // count known (every later call takes its full-vector paths), a sparse list as sorted or
  // jumbled as it is (DeviceVec::jumbled). A round may prove that wrong: it leaves a full vector
  // with fewer entries, or a list carried sorted jumbled. The body is then captured again with
  // that vector carried with its count a device word, or jumbled (what reads it in order sorts
  // it). `recarry`: those vectors and how, from the captures before; `found`: what this one found
  // (a null object: nothing).
  enum Carry : unsigned { carry_counted = 1, carry_jumbled = 2, carry_live = 4 };
  struct CarryAs {
    const void* object = nullptr;
    unsigned as = 0;
  };
  std::vector<CarryAs> recarry;
  CarryAs found;
  unsigned carry_as(const void* object) const noexcept {
    unsigned as = 0;
    for (const CarryAs& r : recarry)
      if (r.object == object) as |= r.as;
    return as;
  }
  /// Whether `found` names a way of carrying that the captures before did not use (capture again).
  bool found_new() const noexcept { return found.object && (carry_as(found.object) & found.as) != found.as; }
  // What the body's calls hold back (DeferredWork): the device loop launches it; a launch CUDA
  // refuses spoils the capture (`spoiled`), and the loop runs on the host.
  bool in_arena(const void* p) const noexcept {
    return p && static_cast<const char*>(p) >= arena && static_cast<const char*>(p) < arena + capacity;
  }
  // Vectors whose first touch in the body is a call that replaces them whole (no accumulator, no
  // mask or replace, not an input of the call): a round never reads what the round before left
  // in them, so they are not carried into the rounds. Nothing is copied into them before the
  // loop or back at the end of a round (on SSSP's grid, its candidates and their improvement
  // flags were two of the three lists the round's last kernel copied); after the loop they take
  // what the last round left, from the arena. The condition's vector is always carried (the
  // round's last kernel reads its count), and one whose last arrays a capture finds outside the
  // arena is carried in the next (carry_live).
  std::vector<const void*> overwritten;
  const void* condition = nullptr;
  // The first array tag of this capture (DeviceArray::same_elements_as): a relation between
  // arrays made before it may not hold in a later round, where kernels the host does not see
  // have rewritten what the loop carries.
  std::uint64_t first_tag = 0;
  void overwrites(const void* object) noexcept {
    if (object == condition || find(object) || is_born(object) || (carry_as(object) & carry_live)) return;
    for (const void* p : overwritten)
      if (p == object) return;
    try {
      overwritten.push_back(object);
    } catch (...) {
    }
  }
  bool is_overwritten(const void* object) const noexcept {
    for (const void* p : overwritten)
      if (p == object) return true;
    return false;
  }
  std::vector<const void*> made;  // vectors made inside the body: its own, never carried
  void born(const void* object) noexcept {
    try {
      made.push_back(object);
    } catch (...) {
      spoil("out of host memory");
    }
  }
  bool is_born(const void* object) const noexcept {
    for (const void* p : made)
      if (p == object) return true;
    return false;
  }
  /// Whether any of these arrays is the body's arena memory or a carried vector's storage.
  bool in_arena_or_carried(const void* a, const void* b, const void* c) const {
    std::vector<const void*> kept;
    for (const auto& v : carried) v->storage(kept);
    for (const void* p : {a, b, c}) {
      if (!p) continue;
      if (in_arena(p)) return true;
      for (const void* k : kept)
        if (k == p) return true;
    }
    return false;
  }
  LoopCarried* find(const void* object) const noexcept {
    for (const auto& c : carried)
      if (c->object() == object) return c.get();
    return nullptr;
  }
  void forget(const void* object) noexcept {
    for (auto it = made.begin(); it != made.end(); ++it)
      if (*it == object) {
        made.erase(it);
        break;
      }
    for (auto it = carried.begin(); it != carried.end(); ++it)
      if ((*it)->object() == object) {
        carried.erase(it);
        return;
      }
  }
};
/// Why a loop body cannot be captured into a graph; loop_while catches it and loops on the host.
class CaptureUnsupported : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
/// This thread's loop capture, or null.
LoopCapture* loop_capture() noexcept;
/// Where this thread's calls may leave work for later: its loop capture, or the host round it is
/// in (DeferralScope), or null (every call launches its own work).
DeferredWork* deferred_work() noexcept;
/// While it lives, on the CUDA backend, the calls this thread makes may leave their work for later
/// as a device loop's capture does (DeferredWork): a push under any holds its kernel back, and the
/// assigns masked by its list that follow it are done by that kernel (BFS's parent and level: a
/// level looping from the host was three kernels, a copy and a wait; it is one kernel and a
/// wait). loop_while opens one around each round it runs from the host. Nothing is held inside a
/// capture, inside another scope (that one holds it), or with switches().defer_in_host_rounds
/// off. finish() launches what is held and reports a launch CUDA refused as Error(cuda_error);
/// the destructor launches it too (an error in the body), reporting nothing.
class DeferralScope {
 public:
  /// on = false: inert (a loop on the host backend).
  explicit DeferralScope(bool on = true);
  ~DeferralScope();
  DeferralScope(const DeferralScope&) = delete;
  DeferralScope& operator=(const DeferralScope&) = delete;
  /// Launches what is held; returns the assigns the held kernels took (for tests).
  int finish();

 private:
  DeferredWork* work_ = nullptr;  // this thread's host-round work, or null: inert
};
/// Whether a loop capture is open on this thread, even while an UncapturedScope sets it aside:
/// memory that a captured graph may read is then kept until the capture is over.
bool loop_capture_open() noexcept;
/// Throws CaptureUnsupported("<what> inside a captured loop body") while a capture lasts.
void refuse_in_capture(const char* what);
/// While it lives, this thread captures a loop body into `c` (see LoopCapture).
class LoopCaptureScope {
 public:
  explicit LoopCaptureScope(LoopCapture* c);
  ~LoopCaptureScope();
  LoopCaptureScope(const LoopCaptureScope&) = delete;
  LoopCaptureScope& operator=(const LoopCaptureScope&) = delete;

 private:
  LoopCapture* previous_;
  DeferredWork* deferral_;  // a host round's work (DeferralScope), launched first and set aside while the capture lasts
};
/// While it lives, this thread's library work runs now on the thread's stream (the one an
/// hpg::StreamScope chose, else the library's: the one a device loop's graph is launched on),
/// outside any capture: for what depends only on data from before the loop (a matrix's derived forms, a
/// carried vector's storage), built once and kept after the loop.
class UncapturedScope {
 public:
  UncapturedScope();
  ~UncapturedScope();
  UncapturedScope(const UncapturedScope&) = delete;
  UncapturedScope& operator=(const UncapturedScope&) = delete;

 private:
  LoopCapture* capture_;
  void* stream_;
};

}  // namespace hpg::detail
