// Tuning parameters of the CUDA backend (policy kept apart from the algorithms, as in CUB): the
// heuristics that choose a path by size or shape. The switches that turn a path off for a test or
// the ablation benchmark live apart, in switches.hpp.
#pragma once

#include <cstdint>

namespace hpg::detail {

struct Tuning {
  /// mxv / vxm push (sparse input times matrix) when nvals(u) / size(u) is below this; else pull.
  double push_pull_density = 0.05;
  /// A masked assign that sets w at a sparse mask's entries (an upsert: BFS's level and parent)
  /// turns a sparse w into bitmap form, so that it and every later one writes in place without a
  /// host wait, when w's bitmap arrays take at most this fraction of the device's memory; a larger
  /// w is merged with the mask's list in fresh arrays (waiting for the counts). 0 always merges
  /// (for tests).
  double upsert_bitmap_memory_fraction = 1.0 / 16;
  /// loop_while runs this many rounds from the host before it captures the body (at least one:
  /// the first finds the body's mistakes and builds the matrices' derived forms). A capture and its
  /// instantiation cost about as much as 5-15 rounds from the host, so a loop that ends by then
  /// (a BFS's push or pull stretch on a small-world graph) pays none.
  std::uint64_t device_loop_after_rounds = 4;
  /// ... and captures only when the fastest of those rounds took less than this many
  /// microseconds. A longer round is mostly the device's own work: the launches and waits a graph
  /// saves (tens of µs a round) are a small share of it, and the capture with its instantiation
  /// (hundreds of µs) pays back only over many rounds (PageRank on kron-21, 0.6 ms a round and 7
  /// rounds, ran 10% slower captured). 0: capture whatever the rounds took (for tests).
  std::uint64_t device_loop_slowest_round_us = 400;
  /// The HYB numbers its columns by descending degree when the matrix has at least
  /// degree_order_min_entries entries and its busiest column holds at least degree_order_skew
  /// times the mean: the pull's gathers of u then fall on a few hot cache lines (the hubs) instead
  /// of one sector per entry, at the cost of one pass over u per call. A graph without hubs (a
  /// grid, a uniform random graph) keeps its own order, which is as local as it gets.
  /// Read when a matrix's HYB is built; 0 and 0 renumber every matrix (tests do).
  std::uint64_t degree_order_min_entries = std::uint64_t(1) << 20;
  double degree_order_skew = 16;
};

inline Tuning& tuning() {
  static Tuning t;
  return t;
}

}  // namespace hpg::detail
