// Switches that turn one of the CUDA backend's paths off, for the tests (each path is compared
// with the other) and the ablation benchmark (bench/bench_ablation.cpp): they change how an
// operation runs, never its result. Not tuning (tuning.hpp): nothing in the library sets them.
#pragma once

namespace hpg::detail {

struct Switches {
  /// mxm under a mask that is present and not complemented computes only the mask's entries, as
  /// dot products (false: Gustavson's method with the mask applied to the products).
  bool mxm_masked_dot = true;
  /// The pull SpMV's stages: pull_over_hyb = false reads the CSR, a thread per row, instead of
  /// HYB; fuse_mask = false computes every row and leaves the mask to the finish instead of
  /// skipping masked-out rows.
  bool pull_over_hyb = true;
  bool fuse_mask = true;
  /// A push whose monoid folds by atomics (any, min, max, lor, land, integer plus) marks its
  /// outputs in a bitmap and folds in place, waiting for nothing (push_atomic.cuh); false sorts
  /// and reduces by key as every other monoid does.
  bool push_atomics = true;
  /// loop_while captures its body into a CUDA graph and loops on the device; false loops on the
  /// host.
  bool device_loops = true;
  /// A round loop_while runs from the host leaves work for later as a capture does (DeferralScope):
  /// the assigns after a push under any are done by the push's kernel; false: each call launches
  /// its own.
  bool defer_in_host_rounds = true;
  /// A device loop whose round is one held-back kernel that ends the round itself (a road
  /// network's pushed BFS level) runs every round in one cooperative launch of that kernel, a
  /// grid-wide barrier between rounds; false runs one launch a round, a WHILE node's iteration each.
  bool loop_rounds_in_one_kernel = true;
  /// A push over short rows whose u's bound is too long for a thread per product (ByRows in
  /// push_atomic.cuh) still takes a thread per product in a call whose u, counted on the device,
  /// is short enough for that; false: a thread per u entry's whole row whatever the count.
  bool push_row_slots_that_fit = true;
  /// Where calls may leave work for later, the list step of a push by atomics under a monoid other
  /// than any is held back, and a map of its list against a full vector that follows is done by
  /// its kernel (held_bit_list.cuh: SSSP's candidates and their flags); false: the ordered list
  /// step (a counted scan) runs at once.
  bool hold_list_steps = true;
};

inline Switches& switches() {
  static Switches s;
  return s;
}

}  // namespace hpg::detail
