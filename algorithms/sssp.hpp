// Single-source shortest paths as GraphBLAS calls (docs/design.md, "The four primitives"): frontier
// Bellman-Ford (HPGraph's Algorithm 1). Each round relaxes the out-edges of the vertices whose
// distance changed in the round before (one vxm with min.plus over a sparse frontier: push), keeps
// the candidates that improve, and makes them the next frontier. Negative weights are fine; a
// frontier still non-empty after n rounds means a negative cycle reachable from the source, which
// is an Error, not a hang.
// Defined cases: a non-square matrix is Error(dimension_mismatch); a source outside [0, n) (any
// source when n = 0) is Error(invalid_index), a negative cycle reachable from the source
// Error(invalid_value); a self-loop of weight >= 0 changes nothing, a negative one is such a cycle;
// an isolated source gives dist(source) = 0 and unreached everywhere else.
#pragma once

#include <string>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

/// What sssp gives a vertex the source cannot reach: the min monoid's identity (+inf for floating
/// point, the type's max for integers).
template <class T>
inline constexpr T sssp_unreached = ops_detail::highest<T>();

/// dist(v) for every vertex: the length of a shortest path source -> v, sssp_unreached<T> where v
/// is unreachable.
template <class T>
Vector<T> sssp(const Matrix<T>& a, Index source) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>, "sssp: weights must be a number type");
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "sssp: the matrix must be square");
  if (source >= n) throw Error(Info::invalid_index, "sssp: source " + std::to_string(source) + " outside [0, " + std::to_string(n) + ")");
  const Backend b = a.backend();
  Vector<T> dist(n, b), frontier(n, b), t(n, b);
  Vector<bool> better(n, b);
  assign(dist, no_mask, no_accum, sssp_unreached<T>, all);
  dist.set_element(T(0), source);
  frontier.set_element(T(0), source);
  // At most n rounds: a frontier still non-empty after them means a negative cycle. On the GPU
  // the rounds run as one device loop (hpgraph/loop.hpp).
  loop_while(nonempty(frontier), [&] {
    vxm(t, no_mask, no_accum, min_plus<T>, frontier, a);                  // candidate distances
    ewise_mult(better, no_mask, no_accum, lt<T>{}, t, dist);              // those that improve
    apply(frontier, better, no_accum, identity<T>{}, t, desc::replace);   // frontier<better> = t
    assign(dist, frontier, no_accum, frontier, all, desc::structure);     // dist<frontier> = frontier
  }, n);
  if (frontier.nvals() > 0) throw Error(Info::invalid_value, "sssp: a negative-weight cycle is reachable from source " + std::to_string(source));
  return dist;
}

}  // namespace hpg
