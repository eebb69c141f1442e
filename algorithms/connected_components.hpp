// Connected components as GraphBLAS calls: FastSV (Zhang, Azad & Hu, "FastSV: A Distributed-Memory
// Connected Component Algorithm with Fast Convergence", SIAM PP 2020; LAGraph's LG_CC_FastSV5).
// Every vertex gets its component's smallest vertex id. Each round takes every vertex's neighbours'
// smallest grandparent (one mxv with min.second), hooks each parent onto the smallest one its
// children saw (a vector built from the parent vector and those minima, duplicates combined by
// min: GxB_Vector_build_Vector), takes the minimum of parent, neighbours' minimum and grandparent
// (shortcutting), and recomputes the grandparents f(f) (GxB_Vector_extract_Vector); it stops
// when no grandparent changed. The tuples never leave the device.
// Defined cases: the components of the undirected graph underlying A (its pattern symmetrized:
// for a directed graph, the weakly connected components); values and self-loops are ignored; an
// isolated vertex is a component of its own; a non-square matrix is Error(dimension_mismatch).
#pragma once

#include <cstdint>
#include <utility>

#include "hpgraph/graph.hpp"
#include "hpgraph/hpgraph.hpp"

namespace hpg {

namespace cc_detail {
/// FastSV over s, whose structure is symmetric (its values are not read).
template <class T>
Vector<std::uint64_t> fastsv(const Matrix<T>& s) {
  using L = std::uint64_t;
  const Index n = s.nrows();
  const Backend b = s.backend();
  Vector<bool> all_vertices(n, b);
  assign(all_vertices, no_mask, no_accum, true, all);
  Vector<L> f(n, b);  // parents: f(u) = u at first
  apply(f, no_mask, no_accum, rowindex<L>{}, all_vertices, std::int64_t{0});
  Vector<L> gp = f.dup(), mngp = f.dup(), gp_next(n, b), hooks(n, b);
  Vector<bool> changed(n, b);
  for (;;) {
    mxv(mngp, no_mask, min<L>{}, min_second<L>, s, gp);  // mngp(u) = min(mngp(u), gp(v) over neighbours v)
    hooks.clear();
    build(hooks, f, mngp, min<L>{});                      // hooks(p) = min of mngp(u) over the children u of p
    ewise_add(f, no_mask, min<L>{}, min<L>{}, mngp, gp);  // aggressive hooking and shortcutting
    ewise_add(f, no_mask, min<L>{}, min<L>{}, f, hooks);  // stochastic hooking: f(f(u)) = min(f(f(u)), mngp(u))
    extract(gp_next, no_mask, no_accum, f, f);            // grandparents f(f)
    ewise_mult(changed, no_mask, no_accum, ne<L>{}, gp_next, gp);
    std::swap(gp, gp_next);
    if (!reduce(lor_monoid<bool>{}, changed)) break;
  }
  return f;
}
}  // namespace cc_detail

/// The component label of every vertex (its component's smallest vertex id), as a full vector.
template <class T>
Vector<std::uint64_t> connected_components(const Matrix<T>& a) {
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "connected_components: the matrix must be square");
  Matrix<bool> s(n, n, a.backend());
  ewise_add(s, no_mask, no_accum, oneb<bool>{}, a, a, desc::transpose_second);  // pattern of A + A'
  return cc_detail::fastsv(s);
}

/// The same on a graph object: where its structure is known to be symmetric, A + A' is not formed.
template <class T>
Vector<std::uint64_t> connected_components(const Graph<T>& g) {
  if (!g.structure_is_symmetric_known()) return connected_components(g.matrix());
  return cc_detail::fastsv(g.matrix());
}

namespace cc_detail {
/// Whether vertex i is its own label: a component's smallest vertex, one per component.
struct is_own_label {
  HPG_HOST_DEVICE bool operator()(std::uint64_t x, Index i, Index, std::int64_t) const { return x == i; }
};
}  // namespace cc_detail

/// The number of components in a labelling that connected_components made.
inline Index component_count(const Vector<std::uint64_t>& labels) {
  Vector<std::uint64_t> roots(labels.size(), labels.backend());
  select(roots, no_mask, no_accum, cc_detail::is_own_label{}, labels, std::int64_t{0});
  return roots.nvals();
}

}  // namespace hpg
