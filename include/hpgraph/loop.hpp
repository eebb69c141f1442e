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

#include <cstdint>
#include <limits>
#include <type_traits>

#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/detail/loop_types.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"

namespace hpg {

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

template <class T, class Body>
Index loop_while(const NonEmpty<T>& c, Body& body, Index max_rounds, const RoundCounter& counter) {
  Index rounds = 0;
  // A round run from the host, and whether the next one runs. Its calls may leave their work for
  // later as a capture's do (DeferralScope): a BFS level's push does the two assigns after it,
  // and writes its frontier's count where the condition's read finds it. So the condition is
  // read before the scope launches what it holds.
  const auto round = [&] {
    DeferralScope held([&] { HPG_DETAIL_ON_BACKEND(c.v.backend(), S::loop_defers_work); }());
    body();
    if (counter.scalar) counter.count_on_host(counter.scalar);
    ++rounds;
    const bool holds = rounds < max_rounds && loop_condition_holds(c);
    host_round_fused_upserts += static_cast<std::uint64_t>(held.finish());
    return holds;
  };
  // The backend runs what rounds it chooses its own way (the CUDA backend: the first ones with
  // round(), then the rest as a graph on the device); the rest run here, from `rounds`.
  const bool all_run = [&] { HPG_DETAIL_ON_BACKEND(c.v.backend(), S::loop_rounds(c, body, round, rounds, max_rounds, counter)); }();
  if (all_run) return rounds;
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
