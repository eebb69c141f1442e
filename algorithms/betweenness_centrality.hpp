// Betweenness centrality as GraphBLAS calls: batched Brandes (Brandes, "A faster algorithm for
// betweenness centrality", J. Math. Sociol. 2001), as LAGraph's LAGr_Betweenness (after the C
// API spec's Appendix B.4). For sources s_1..s_k it returns, for every vertex v,
//   centrality(v) = sum over k of delta_{s_k}(v),  delta_s(v) = sum over t != s, v of sigma_st(v) / sigma_st,
// sigma_st the number of shortest s -> t paths and sigma_st(v) those through v: unnormalized, and
// exact betweenness when the sources are all the vertices (an undirected graph then counts each
// pair twice, as LAGraph and Brandes do). All k searches run at once, one row of a k x n matrix
// each. Forward: frontier<!struct(paths)> = frontier plus.first A, paths += frontier, each level's
// frontier kept as the next phase's mask. Backward, deepest level first: w<struct(S_i)> =
// (1 + delta) ./ paths, w<struct(S_{i-1})> = w plus.first A', (1 + delta) += w .* paths. Last, the
// column sums of (1 + delta) minus k. The same sums as LAGraph's, so results agree to rounding;
// LAGraph's push/pull switch (a speed choice only) is not made here.
// Defined cases: edges are row -> column (A(i, j) is an edge i -> j), directed graphs as they
// are; values and self-loops are ignored (the pattern); a source contributes nothing to itself,
// and vertices it does not reach get nothing from it; a source listed twice counts twice (each is
// a row of its own, as LAGraph's); no sources gives all zeros (LAGraph, given ns = 0, also returns
// a zero vector rather than an error, so the same here); every vertex has an entry. A non-square
// matrix is Error(dimension_mismatch); a source outside [0, n) is Error(invalid_index)
// (LAGraph's GrB_INVALID_INDEX), checked before anything is computed.
#pragma once

#include <cstddef>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/graph.hpp"
#include "hpgraph/hpgraph.hpp"

namespace hpg {

namespace bc_detail {

inline void check_sources(Index n, const std::vector<Index>& sources) {
  for (std::size_t k = 0; k < sources.size(); ++k)
    if (sources[k] >= n)
      throw Error(Info::invalid_index, "betweenness_centrality: source " + std::to_string(sources[k]) + " (position " + std::to_string(k) +
                                           ") outside [0, " + std::to_string(n) + ")");
}

/// Batched Brandes on A (square, the sources checked).
template <class T>
Vector<double> brandes(const Matrix<T>& a, const std::vector<Index>& sources) {
  const Index n = a.nrows(), ns = sources.size();
  const Backend b = a.backend();
  Vector<double> centrality(n, b);
  if (ns == 0) {
    assign(centrality, no_mask, no_accum, 0.0, all);
    return centrality;
  }
  // paths(k, v): shortest paths sources[k] -> v found so far; paths(k, sources[k]) = 1.
  Matrix<double> paths(ns, n, b);
  {
    std::vector<Index> rows(ns);
    std::iota(rows.begin(), rows.end(), Index{0});
    paths.build(rows, sources, std::vector<double>(ns, 1.0));
  }
  // levels[d]: the vertices d + 1 hops from each source, with their path counts (LAGraph's S[d],
  // here kept with values: they are read as structural masks only).
  std::vector<Matrix<double>> levels;
  for (;;) {
    const Matrix<double>& frontier = levels.empty() ? paths : levels.back();
    Matrix<double> next(ns, n, b);
    mxm(next, paths, no_accum, plus_first<double>, frontier, a, desc::mask_complement | desc::structure | desc::replace);
    if (next.nvals() == 0) break;
    assign(paths, no_mask, plus<double>{}, next, all, all);  // paths += next
    levels.push_back(std::move(next));
  }
  // update = 1 + delta, full.
  Matrix<double> update(ns, n, b), w(ns, n, b);
  assign(update, no_mask, no_accum, 1.0, all, all);
  for (std::size_t i = levels.size(); i-- > 1;) {
    ewise_mult(w, levels[i], no_accum, div<double>{}, update, paths, desc::structure | desc::replace);
    mxm(w, levels[i - 1], no_accum, plus_first<double>, w, a, desc::transpose_second | desc::structure | desc::replace);
    ewise_mult(update, no_mask, plus<double>{}, times<double>{}, w, paths);
  }
  // centrality(v) = -ns + sum over k of update(k, v)
  assign(centrality, no_mask, no_accum, -static_cast<double>(ns), all);
  reduce(centrality, no_mask, plus<double>{}, plus_monoid<double>{}, update, desc::transpose_first);
  return centrality;
}

}  // namespace bc_detail

/// The betweenness centrality of every vertex from the given sources (unnormalized), as a full
/// vector. The backward steps multiply by A' through the transpose descriptor.
template <class T>
Vector<double> betweenness_centrality(const Matrix<T>& a, const std::vector<Index>& sources) {
  if (a.ncols() != a.nrows()) throw Error(Info::dimension_mismatch, "betweenness_centrality: the matrix must be square");
  bc_detail::check_sources(a.nrows(), sources);
  return bc_detail::brandes(a, sources);
}

/// The same on a graph object (LAGraph's LAGr_Betweenness takes one and multiplies by G->AT).
/// The graph's kept A' is not asked for: the backward product W<S> = W A' goes through the
/// transpose descriptor on A, which costs no transpose on the GPU (a masked product reads the rows
/// of B', here A itself; given A', it would transpose it back) and one on the host, kept with A
/// (hpg::prepare's Prepare::transpose), so making the graph's A' here would only add a copy.
template <class T>
Vector<double> betweenness_centrality(const Graph<T>& g, const std::vector<Index>& sources) {
  return betweenness_centrality(g.matrix(), sources);
}

}  // namespace hpg
