// Local clustering coefficient as GraphBLAS calls (LDBC Graphalytics' LCC): for every vertex v,
// the edges among its neighbours over the most there could be. N(v) is v's in- and out-neighbours
// (v itself left out); t(v) counts the directed edges u -> w of A with u and w in N(v), and
// lcc(v) = t(v) / (|N(v)| (|N(v)| - 1)), 0 where |N(v)| < 2. On an undirected graph (A symmetric)
// t(v) is twice v's triangles, so lcc(v) is its triangles over |N(v)| choose 2, the textbook
// coefficient. One mxv whose multiply reads two rows (the semiring's multiply reads a matrix view,
// as triangle counting's spmv method does): for an edge v - u of the symmetrized pattern S, the
// size of (u's out-neighbours) intersected with N(v). Values are ignored; self-loops and duplicate
// edges count once, as in the deduplicated pattern.
// Defined cases: a non-square matrix is Error(dimension_mismatch); every vertex gets an entry
// (isolated vertices and vertices of degree 1 get 0); n = 0 gives an empty vector.
#pragma once

#include <cstdint>

#include "hpgraph/graph.hpp"
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/view.hpp"

namespace hpg {

namespace lcc_detail {
/// For S(v, u): how many of u's out-neighbours are v's neighbours.
struct edges_into_the_neighbourhood {
  MatrixView out;         // A without self-loops: u's out-neighbours
  MatrixView neighbours;  // S: v's neighbours
  HPG_HOST_DEVICE double operator()(bool, bool, Index v, Index u) const {
    return static_cast<double>(intersect_size(out.row(u), neighbours.row(v)));
  }
};
/// t(v) / (d (d - 1)); reached only where v has an edge, so d >= 1.
struct coefficient {
  HPG_HOST_DEVICE double operator()(double t, double d) const { return d > 1 ? t / (d * (d - 1)) : 0.0; }
};

/// LCC over a0 (A's pattern without self-loops) and s (its symmetrized pattern).
inline Vector<double> lcc(const Matrix<bool>& a0, const Matrix<bool>& s) {
  const Index n = s.nrows();
  const Backend b = s.backend();
  Vector<bool> ones(n, b);
  assign(ones, no_mask, no_accum, true, all);
  Vector<double> degree(n, b), edges(n, b), result(n, b);
  mxv(degree, no_mask, no_accum, plus_pair<double>, s, ones);  // |N(v)|
  mxv(edges, no_mask, no_accum, semiring(plus_monoid<double>{}, edges_into_the_neighbourhood{view(a0), view(s)}), s, ones);
  assign(result, no_mask, no_accum, 0.0, all);
  ewise_mult(result, no_mask, second<double>{}, coefficient{}, edges, degree);  // t(v) / (d (d - 1))
  return result;
}
}  // namespace lcc_detail

/// The local clustering coefficient of every vertex, as a full vector.
template <class T>
Vector<double> local_clustering_coefficient(const Matrix<T>& a) {
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "local_clustering_coefficient: the matrix must be square");
  const Backend b = a.backend();
  Matrix<bool> a0(n, n, b), s(n, n, b);
  select(a0, no_mask, no_accum, offdiag<>{}, a, std::int64_t{0});              // A's pattern, no self-loops
  ewise_add(s, no_mask, no_accum, oneb<bool>{}, a0, a0, desc::transpose_second);  // N(v): in- and out-neighbours
  return lcc_detail::lcc(a0, s);
}

/// The same on a graph object: where its structure is known to be symmetric, S is A's pattern.
template <class T>
Vector<double> local_clustering_coefficient(const Graph<T>& g) {
  if (!g.structure_is_symmetric_known()) return local_clustering_coefficient(g.matrix());
  const Index n = g.nodes();
  Matrix<bool> s(n, n, g.backend());
  select(s, no_mask, no_accum, offdiag<>{}, g.matrix(), std::int64_t{0});  // A's pattern, no self-loops
  return lcc_detail::lcc(s, s);
}

}  // namespace hpg
