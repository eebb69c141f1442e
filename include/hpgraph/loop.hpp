// hpg::loop_while: an algebraic loop whose rounds stay on the GPU. The body is ordinary hpg calls;
// on the CUDA backend it is captured once into a CUDA graph with a conditional WHILE node, so a
// round costs its kernels and no host round trip. The host backend runs the same loop as a plain
// loop.
//
//   hpg::Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
//     hpg::vxm(t, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, frontier, a);
//     ...                                       // frontier changes here
//   });
//
// Semantics: rounds = 0; while (rounds < max_rounds && the condition holds) { body(); ++rounds; }
// with the condition read before every round, and the body's calls meaning what they mean
// outside a loop. The result (every vector, the rounds returned) is the same whether the loop ran
// on the device or on the host.
//
// loop_while(cond, body, max_rounds, counter) also adds one to an integer hpg::Scalar after every
// round (on the GPU, on the device): the body reads the round's number through it.
//
// How the CUDA backend runs it: the first rounds run as written (they find the body's mistakes,
// and build what the matrices need once: transposes, HYB; a loop that ends within
// tuning().device_loop_after_rounds pays no capture, and one whose rounds each take longer than
// tuning().device_loop_slowest_round_us, mostly device work, stays on the host: the capture
// would cost more than it saves). The body is then captured; every
// vector it touches is carried: brought into a form that holds any count of entries, and what the
// body leaves in it is copied back into that form at the end of every round; except a vector whose
// first touch in the body is a call that replaces it whole (no accumulator, no mask or replace,
// not one of the call's inputs: SSSP's candidates), which no round reads from the round before:
// it is not carried, and after the loop holds what the last round left. A body that asks the
// host for a number (nvals, a reduce to a scalar, extract_element), sets elements, writes a
// matrix or uses a host vector cannot be a graph: the loop then runs its rounds on the host, with
// the same results. C++ values the body computes on the host are captured as they were at the
// capture: a number that changes every round belongs in a vector or a Scalar. An error in the
// body is an hpg::Error from the first rounds, naming the
// operation; a fault of the device inside the graph is Error(cuda_error) naming loop_while.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"

#if HPG_HAS_CUDA
#include "hpgraph/cuda/device_loop.cuh"
#endif

namespace hpg {

/// loop_while's condition: v has at least max(1, at_least) entries and fewer than `fewer_than`.
template <class T>
struct NonEmpty {
  const Vector<T>& v;
  Index fewer_than = std::numeric_limits<Index>::max();
  Index at_least = 1;
};
/// Holds while v has an entry (GrB_Vector_nvals(v) > 0).
template <class T>
NonEmpty<T> nonempty(const Vector<T>& v) {
  return {v};
}
/// Holds while v has an entry and fewer than `fewer_than` of them: a BFS pushes while its
/// frontier is small.
template <class T>
NonEmpty<T> nonempty_below(const Vector<T>& v, Index fewer_than) {
  return {v, fewer_than};
}
/// Holds while v has at least `at_least` entries (and at least one): a BFS pulls while its
/// frontier is large.
template <class T>
NonEmpty<T> nonempty_at_least(const Vector<T>& v, Index at_least) {
  return {v, std::numeric_limits<Index>::max(), at_least};
}

namespace detail {

/// Loop graphs this thread has run (for tests: whether a loop ran on the device).
inline thread_local std::uint64_t device_loop_graphs = 0;
/// The deferred assigns that this thread's loop graphs do in their rounds' last kernels (for
/// tests: that the assigns ending a body were deferred; loop_capture.hpp, DeferredUpsert).
inline thread_local std::uint64_t device_loop_end_upserts = 0;
/// The deferred assigns that kernels of this thread's loop graphs do as they make the list that
/// masks them (loop_capture.hpp, DeferredProducer; for tests).
inline thread_local std::uint64_t device_loop_fused_upserts = 0;
/// This thread's loop graphs whose round is one held-back kernel that also ends the round
/// (DeferredProducer::ends_round_up_to; for tests).
inline thread_local std::uint64_t device_loop_producer_ends = 0;
/// Of those, the loop graphs whose kernel is the whole round and runs every round in one
/// cooperative launch (RoundEnd::rounds, switches().loop_rounds_in_one_kernel; for tests).
inline thread_local std::uint64_t device_loop_kernel_rounds = 0;
/// The vectors this thread's last loop graph did not carry into its rounds, because the body
/// overwrites them before it reads them (LoopCapture::overwritten; for tests).
inline thread_local std::uint64_t device_loop_overwritten = 0;
/// The assigns that held-back kernels of this thread's loop rounds run from the host did as they
/// made the list that masks them (DeferralScope; for tests).
inline thread_local std::uint64_t host_round_fused_upserts = 0;
/// Why this thread's last device loop ran its rounds from the host instead (what its body did that
/// a graph cannot hold), or empty: for a test's message and for a user asking why a loop is slow.
inline thread_local std::string device_loop_declined;

template <class T>
bool loop_condition_holds(const NonEmpty<T>& c) {
  const Index k = c.v.nvals();
  return k > 0 && k >= c.at_least && k < c.fewer_than;
}

/// Where a loop counts its rounds (a Scalar the body may read), or nowhere.
struct RoundCounter {
  void* scalar = nullptr;
  void (*count_on_host)(void*) = nullptr;  // a round run from the host
  void* (*on_device)(void*) = nullptr;     // where a device loop adds one (the value moves there)
  int bytes = 0;
};

template <class C>
RoundCounter round_counter(Scalar<C>& counter, Backend b) {
  static_assert(std::is_integral_v<C> && !std::is_same_v<C, bool> && sizeof(C) <= 8, "loop_while: the round counter must be an integer Scalar");
  if (counter.backend() != b)
    throw Error(Info::invalid_object, "loop_while: the round counter and the condition's vector live on different backends");
  if (counter.nvals() == 0) throw Error(Info::invalid_value, "loop_while: the round counter has no value to count from");
  RoundCounter r;
  r.scalar = &counter;
  r.count_on_host = [](void* s) { ScalarAccess::count_round(*static_cast<Scalar<C>*>(s)); };
  r.on_device = [](void* s) -> void* { return ScalarAccess::counted_on_device(*static_cast<Scalar<C>*>(s)); };
  r.bytes = sizeof(C);
  return r;
}

#if HPG_HAS_CUDA
/// The rounds after the first on the device: the rounds run in all, or nullopt when the body
/// cannot be captured (the rounds not run yet then run on the host; every vector is as the last
/// round left it). A round whose sparse result outgrows its carried storage stops the graph; the
/// body is then captured again with more room and the loop goes on.
template <class T, class Body>
std::optional<Index> device_rounds(const NonEmpty<T>& c, Body& body, Index& done, Index max_rounds, const RoundCounter& counter) {
  std::size_t arena = std::size_t(64) << 20;
  Index scale = 4;
  std::vector<LoopCapture::CarryAs> recarry;  // vectors a capture found carried wrongly, and how to carry them
  for (int attempt = 0; attempt < 12; ++attempt) {
    std::optional<cuda::DeviceLoop> made;
    try {
      made.emplace(arena);
    } catch (const Error& e) {
      if (e.code() == Info::out_of_memory) return std::nullopt;  // no room for the arena: loop on the host
      throw;
    }
    cuda::DeviceLoop& loop = *made;
    void* counter_word = counter.scalar ? counter.on_device(counter.scalar) : nullptr;  // before the capture: it may copy
    LoopCapture& cap = loop.capture();
    cap.capacity_scale = scale;
    cap.round_counter = counter_word;
    cap.recarry = recarry;
    cap.condition = &c.v;
    bool captured = false, again = false;
    std::exception_ptr failure;  // the body's own error (not a capture refused): reported once the vectors are back
    {
      LoopCaptureScope capturing(&cap);
      StreamScope on(loop.stream());
      try {
        loop.begin();
        body();
        c.v.wait();  // the condition's vector is carried too: its count is read from its carried storage
        if (!cap.spoiled.empty()) throw CaptureUnsupported(cap.spoiled);
        std::vector<const void*> storage;
        for (const auto& v : cap.carried) v->storage(storage);
        for (const auto& v : cap.carried) v->stage(storage);
        std::vector<CarryCopy> copies;  // done by the round's last kernel, which also sets the condition
        for (const auto& v : cap.carried) v->write_back(copies);
        const auto* cv = static_cast<const CarriedVector<T>*>(cap.find(&c.v));
        const int ended = loop.end(copies, cv->count(), c.at_least, c.fewer_than, max_rounds, counter_word, counter.bytes);
        device_loop_end_upserts += static_cast<std::uint64_t>(ended);
        device_loop_fused_upserts += static_cast<std::uint64_t>(cap.fused);
        if (loop.ended_by_producer()) ++device_loop_producer_ends;
        if (loop.rounds_in_one_kernel()) ++device_loop_kernel_rounds;
        captured = true;
      } catch (const CaptureUnsupported& e) {
        loop.abort();
        device_loop_declined = e.what();
        if (cap.found_new()) {
          recarry.push_back(cap.found);
          again = true;
        }
      } catch (const Error&) {
        if (!loop.abort()) failure = std::current_exception();  // else CUDA refused a call: loop on the host
        else device_loop_declined = "CUDA refused a call of the capture";
      } catch (...) {
        loop.abort();
        failure = std::current_exception();
      }
      for (const auto& v : cap.carried) v->restore();
    }
    if (!captured) {
      loop.release_freed();
      if (failure) std::rethrow_exception(failure);
      if (again) continue;
      if (cap.wanted <= arena) return std::nullopt;
      arena = std::max(arena * 4, cap.wanted + cap.wanted / 2);  // the body needs more: capture again
      continue;
    }
    done = loop.run(done);
    // The overwritten vectors' last values, from the arena. (An error here leaves them as they were
    // before the graph, and the carried ones as it left them.)
    for (const auto& v : cap.carried) v->copy_last_round();
    device_loop_overwritten = 0;
    for (const auto& v : cap.carried) {
      v->take_last_round();
      device_loop_overwritten += v->overwritten();
    }
    ++device_loop_graphs;
    device_loop_declined.clear();
    loop.release_freed();  // after the graph: it read them
    if (!loop.overflowed()) return done;
    for (const auto& v : cap.carried) v->recover();  // the last round's lists that outgrew their storage
    if (done >= max_rounds || !loop_condition_holds(c)) return done;
    scale *= 8;
    arena = std::max(arena, cap.used * 4);
  }
  return std::nullopt;
}
#endif

template <class T, class Body>
Index loop_while(const NonEmpty<T>& c, Body& body, Index max_rounds, const RoundCounter& counter) {
  Index rounds = 0;
  // A round run from the host, and whether the next one runs. Its calls may leave their work for
  // later as a capture's do (DeferralScope): a BFS level's push does the two assigns after it,
  // and writes its frontier's count where the condition's read finds it. So the condition is
  // read before the scope launches what it holds.
  const auto round = [&] {
    DeferralScope held(c.v.backend() == Backend::cuda);
    body();
    if (counter.scalar) counter.count_on_host(counter.scalar);
    ++rounds;
    const bool holds = rounds < max_rounds && loop_condition_holds(c);
    host_round_fused_upserts += static_cast<std::uint64_t>(held.finish());
    return holds;
  };
#if HPG_HAS_CUDA
  if (c.v.backend() == Backend::cuda && switches().device_loops && !loop_capture()) {
    // The first rounds as written: errors surface here, with their operation's name, the matrices'
    // derived forms get built, and a loop that ends by then pays no capture.
    // A round is timed up to its condition's check, which waits for its count.
    const Index eager = std::max<Index>(1, tuning().device_loop_after_rounds);
    auto fastest = std::chrono::steady_clock::duration::max();
    bool holds = rounds < max_rounds && loop_condition_holds(c);
    while (holds && rounds < eager) {
      const auto start = std::chrono::steady_clock::now();
      holds = round();
      fastest = std::min(fastest, std::chrono::steady_clock::now() - start);
    }
    if (holds && rounds == eager) {
      const std::uint64_t slowest_us = tuning().device_loop_slowest_round_us;
      if (slowest_us == 0 || fastest < std::chrono::microseconds(slowest_us)) {
        if (std::optional<Index> all = device_rounds(c, body, rounds, max_rounds, counter)) return *all;  // else on from `rounds`
      } else {
        device_loop_declined = "its rounds are long enough to run from the host";
      }
    }
  }
#endif
  for (bool holds = rounds < max_rounds && loop_condition_holds(c); holds;) holds = round();
  return rounds;
}
}  // namespace detail

/// Runs body() while the condition holds, at most max_rounds times; returns the rounds run. See
/// the top of this header for what the body may do and how it runs on the GPU.
template <class T, class Body>
Index loop_while(const NonEmpty<T>& c, Body&& body, Index max_rounds = std::numeric_limits<Index>::max()) {
  return detail::loop_while(c, body, max_rounds, detail::RoundCounter{});
}

/// The same, and every round adds one to `counter` when it ends (on the GPU, on the device): the
/// body reads the round's number through it, as a BFS assigns its depth (level<frontier> =
/// depth). counter must hold a value, on the condition's backend.
template <class T, class Body, class C>
Index loop_while(const NonEmpty<T>& c, Body&& body, Index max_rounds, Scalar<C>& counter) {
  return detail::loop_while(c, body, max_rounds, detail::round_counter(counter, c.v.backend()));
}

}  // namespace hpg
