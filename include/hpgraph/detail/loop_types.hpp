// What a loop_while's rounds are run with, whichever backend runs them (hpgraph/loop.hpp): its
// condition, where it counts its rounds, and the per-thread counts that tests read. A backend's
// Storage::loop_rounds (src/<b>/storage_ops.*) takes them.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "hpgraph/types.hpp"

namespace hpg {

template <class T>
class Vector;

/// loop_while's condition: v has at least max(1, at_least) entries and fewer than `fewer_than`.
template <class T>
struct NonEmpty {
  const Vector<T>& v;
  Index fewer_than = std::numeric_limits<Index>::max();
  Index at_least = 1;
};
namespace detail {

/// Loop graphs this thread has run (for tests: whether a loop ran on the device).
inline thread_local std::uint64_t device_loop_graphs = 0;
/// The loop graphs this thread instantiated. A capture that ends well instantiates its graph
/// unless a kept executable graph of an earlier loop has its shape: that one is updated with the
/// capture instead (src/cuda/device_loop.cu; for tests, that a loop run again instantiates
/// nothing, so that its end destroys nothing either).
inline thread_local std::uint64_t device_loop_instantiations = 0;
/// The captures of loop bodies this thread has made, failed ones included (a body captured again,
/// for a vector carried wrongly or an arena too small, counts twice), and the host time they
/// took, in ns: what a loop pays before its graph runs (for tests and bench/tools/kernel_trace).
inline thread_local std::uint64_t device_loop_captures = 0;
inline thread_local std::uint64_t device_loop_capture_ns = 0;
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

}  // namespace detail
}  // namespace hpg
