// Triangle counting as GraphBLAS calls (docs/design.md, "The four primitives"): triangles of the
// undirected simple graph underlying A (pattern symmetrized, self-loops dropped), each counted once.
// - lut (LAGraph's Sandia_LUT): sum((L * U') .* L) with plus.pair, a masked SpGEMM that computes
//   only L's entries; after an optional presort of the vertices by ascending degree.
// - spmv (HPGraph's form): orient every edge from lower to higher (degree, id), a DAG D; then for
//   every edge i -> j of D the multiply counts |D(i,:) ∩ D(j,:)| from the two neighbour lists, and
//   one mxv sums them per row.
// Defined cases: directed input counts the triangles of its symmetrized pattern (a directed
// 3-cycle is one triangle; one direction per edge counts as both); self-loops and values are
// ignored; a non-square matrix is Error(dimension_mismatch); n = 0 or no edges gives 0.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "hpgraph/graph.hpp"
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/view.hpp"

namespace hpg {

/// spmv is the default: it was the faster on every graph measured, on both backends (an H200:
/// 3.4x on rmat-22, 9.5x on urand-22, 76x on the 2048 x 2048 grid; two host cores: 2.4-3x on
/// rmat-16, urand-16 and a 256 x 256 grid; bench/results/issue24-noise-h200-2026-12-01/).
enum class TcMethod { lut, spmv };

namespace tc_detail {
/// Keeps edge i -> j when (deg(i), i) < (deg(j), j): every undirected edge once, low to high.
/// Any degrees give a strict total order, so the count is right whatever D's values; the degree
/// order keeps the DAG's rows short.
template <class D>
struct lower_degree_first {
  VectorView<D> deg;
  HPG_HOST_DEVICE bool operator()(bool, Index i, Index j, int) const {
    return deg[i] < deg[j] || (deg[i] == deg[j] && i < j);
  }
};
/// The product for edge i -> j of the DAG: the common out-neighbours of i and j.
struct common_out_neighbours {
  MatrixView dag;
  HPG_HOST_DEVICE std::uint64_t operator()(bool, bool, Index i, Index j) const { return intersect_size(dag.row(i), dag.row(j)); }
};
/// The count on s, a symmetric pattern without self-loops, with deg a degree of every vertex
/// that has an edge (s's own, or A's).
template <class D>
std::uint64_t count(Matrix<bool> s, const Vector<D>& deg, TcMethod method, bool presort) {
  const Index n = s.nrows();
  const Backend b = s.backend();
  Vector<bool> ones(n, b);
  assign(ones, no_mask, no_accum, true, all);
  if (method == TcMethod::spmv) {
    Matrix<bool> dag(n, n, b);
    select(dag, no_mask, no_accum, lower_degree_first<D>{view(deg)}, s, 0);
    Vector<std::uint64_t> per_row(n, b);
    mxv(per_row, no_mask, no_accum, semiring(plus_monoid<std::uint64_t>{}, tc_detail::common_out_neighbours{view(dag)}), dag, ones);
    return reduce(plus_monoid<std::uint64_t>{}, per_row);
  }
  if (presort) {  // ascending degree: the heavy rows of L become the long ones the mask prunes
    std::vector<Index> idx, order(n);
    std::vector<D> d;
    deg.extract_tuples(idx, d);
    std::vector<std::uint64_t> full(n, 0);
    for (std::size_t k = 0; k < idx.size(); ++k) full[idx[k]] = static_cast<std::uint64_t>(d[k]);
    // A counting sort (degrees are at most n): stable, so ties keep vertex order as the stable_sort
    // it replaces did, in O(n). That comparison sort of urand-22's 4 M vertex ids took 244 ms on a
    // development core; on the lent H100's host, TC on urand-22 went from 931 to 262 ms with it gone.
    const std::uint64_t top = full.empty() ? 0 : *std::max_element(full.begin(), full.end());
    std::vector<Index> first(static_cast<std::size_t>(top) + 2, 0);  // first[k]: where degree k starts
    for (std::uint64_t x : full) ++first[static_cast<std::size_t>(x) + 1];
    std::partial_sum(first.begin(), first.end(), first.begin());
    for (Index v = 0; v < n; ++v) order[first[static_cast<std::size_t>(full[v])]++] = v;
    Matrix<bool> p(n, n, b);
    extract(p, no_mask, no_accum, s, order, order);
    s = std::move(p);
  }
  Matrix<bool> l(n, n, b), u(n, n, b);
  select(l, no_mask, no_accum, tril<>{}, s, std::int64_t{-1});
  select(u, no_mask, no_accum, triu<>{}, s, std::int64_t{1});
  Matrix<std::uint64_t> c(n, n, b);
  mxm(c, l, no_accum, plus_pair<std::uint64_t>, l, u, desc::structure | desc::transpose_second);  // C<L> = L +.pair U'
  return reduce(plus_monoid<std::uint64_t>{}, c);
}
}  // namespace tc_detail

template <class T>
std::uint64_t triangle_count(const Matrix<T>& a, TcMethod method = TcMethod::spmv, bool presort = true) {
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "triangle_count: the matrix must be square");
  const Backend b = a.backend();
  Matrix<bool> s(n, n, b);
  ewise_add(s, no_mask, no_accum, oneb<bool>{}, a, a, desc::transpose_second);  // pattern of A + A'
  select(s, no_mask, no_accum, offdiag<>{}, s, std::int64_t{0});                          // no self-loops
  Vector<bool> ones(n, b);
  Vector<std::uint64_t> deg(n, b);
  assign(ones, no_mask, no_accum, true, all);
  mxv(deg, no_mask, no_accum, plus_pair<std::uint64_t>, s, ones);
  return tc_detail::count(std::move(s), deg, method, presort);
}

/// The same on a graph object: where its structure is known to be symmetric (an undirected graph,
/// or a directed one whose structure_is_symmetric() was asked for and is true) A + A' is not
/// formed, only A's self-loops dropped, and the graph's kept out-degrees order the vertices. An
/// undirected graph whose matrix is not symmetric breaks the graph's promise: its count is then
/// not defined (it is not the matrix's).
template <class T>
std::uint64_t triangle_count(const Graph<T>& g, TcMethod method = TcMethod::spmv, bool presort = true) {
  if (!g.structure_is_symmetric_known()) return triangle_count(g.matrix(), method, presort);
  const Index n = g.nodes();
  Matrix<bool> s(n, n, g.backend());
  select(s, no_mask, no_accum, offdiag<>{}, g.matrix(), std::int64_t{0});  // A's pattern, no self-loops
  return tc_detail::count(std::move(s), g.out_degree(), method, presort);
}

}  // namespace hpg
