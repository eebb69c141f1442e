// PageRank as GraphBLAS calls (docs/design.md, "The four primitives"). Three variants:
// - lagraph (default), LAGraph's LAGr_PageRank: r0 = 1/n; r' = (1-d)/n + (d/n) * (rank held by
//   sinks) + d * A'(r ./ outdeg); stops when ||r' - r||_1 <= tol; not converging within
//   max_iters is reported in the result (converged = false), never silently.
// - gap: the same without the sinks' mass (GAP's pr.cc); stops at tol or max_iters, both fine.
// - hpgraph, the HPGraph paper's form: PR(v) = (1-d) + d * sum PR(u) / outdeg(u), r0 = 1, and
//   a vertex whose rank moved by tol or less is frozen (a per-vertex convergence mask), so late
//   iterations touch only the vertices still moving. Stops when none moves or at max_iters.
// The SpMV reads only A's pattern (plus.first: the value is w(k), the edge's weight is ignored).
// Defined cases: a self-loop is an out-edge like any other (it counts in outdeg and returns rank to
// its vertex), as LAGraph's row degree counts it; a non-square matrix is Error(dimension_mismatch);
// n = 0 gives an empty rank with iterations 0 and converged = true; a graph without edges is all
// sinks (lagraph: 1/n everywhere after one iteration; gap: (1-d)/n after two).
#pragma once

#include <cmath>
#include <utility>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

enum class PageRankVariant { lagraph, gap, hpgraph };

struct PageRankOptions {
  double damping = 0.85;
  double tol = 1e-4;
  int max_iters = 100;
  PageRankVariant variant = PageRankVariant::lagraph;
};

template <class R = float>
struct PageRankResult {
  Vector<R> rank;
  int iterations = 0;
  bool converged = false;
  double last_change = 0;  // ||r' - r||_1 of the last iteration
};

namespace pagerank_detail {
template <class R>
struct abs_diff {
  HPG_HOST_DEVICE R operator()(const R& x, const R& y) const { return x > y ? x - y : y - x; }
};
}  // namespace pagerank_detail

template <class R = float, class T>
PageRankResult<R> pagerank(const Matrix<T>& a, const PageRankOptions& o = {}) {
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "pagerank: the matrix must be square");
  if (!(o.damping >= 0 && o.damping <= 1) || !(o.tol >= 0) || o.max_iters < 0)
    throw Error(Info::invalid_value, "pagerank: damping must be in [0, 1], tol >= 0, max_iters >= 0");
  const Backend b = a.backend();
  const bool paper = o.variant == PageRankVariant::hpgraph;
  const R d = static_cast<R>(o.damping), nr = static_cast<R>(n);
  PageRankResult<R> res{Vector<R>(n, b)};
  if (n == 0) {  // nothing to rank: trivially converged, no iteration
    res.converged = true;
    return res;
  }
  Vector<R> ones(n, b), outdeg(n, b), scale(n, b), is_sink(n, b), w(n, b), t(n, b), delta(n, b), sink_rank(n, b);
  Vector<bool> moving(n, b);
  assign(ones, no_mask, no_accum, R(1), all);
  mxv(outdeg, no_mask, no_accum, plus_pair<R>, a, ones);                     // out-degrees; sinks have none
  // scale = d / outdeg, and 0 at sinks: no edge leaves a sink, so its w is never read, and a full
  // w spares the pull SpMV its presence bitmap.
  assign(scale, no_mask, no_accum, R(0), all);
  apply(scale, outdeg, no_accum, bind_first(div<R>{}, d), outdeg, desc::structure);
  // is_sink = 1 at sinks, 0 elsewhere: full, so the sinks' rank is a product of full vectors
  // and one reduction (no masked, counted intermediate).
  if (o.variant == PageRankVariant::lagraph) {
    assign(is_sink, no_mask, no_accum, R(1), all);
    assign(is_sink, outdeg, no_accum, R(0), all, desc::structure);
  }
  assign(res.rank, no_mask, no_accum, paper ? R(1) : R(1) / nr, all);
  if (paper) assign(moving, no_mask, no_accum, true, all);
  for (res.iterations = 1; res.iterations <= o.max_iters; ++res.iterations) {
    ewise_mult(w, no_mask, no_accum, times<R>{}, res.rank, scale);          // w = d r ./ outdeg
    R base = paper ? R(1) - d : (R(1) - d) / nr;
    if (o.variant == PageRankVariant::lagraph) {                              // sinks spread their rank evenly
      ewise_mult(sink_rank, no_mask, no_accum, times<R>{}, res.rank, is_sink);
      base += d * reduce(plus_monoid<R>{}, sink_rank) / nr;
    }
    if (paper) {  // frozen vertices keep their rank
      t = res.rank.dup();
      assign(t, moving, no_accum, base, all);                                 // t<moving> = base
      vxm(t, moving, plus<R>{}, plus_first<R>, w, a);                         // t<moving> += w +.first A
    } else {
      assign(t, no_mask, no_accum, base, all);                                // t = base
      vxm(t, no_mask, plus<R>{}, plus_first<R>, w, a);                        // t += w +.first A
    }
    ewise_add(delta, no_mask, no_accum, pagerank_detail::abs_diff<R>{}, t, res.rank);
    res.last_change = static_cast<double>(reduce(plus_monoid<R>{}, delta));
    std::swap(res.rank, t);
    if (paper) apply(moving, no_mask, no_accum, bind_second(gt<R>{}, static_cast<R>(o.tol)), delta);  // who still moves
    if (paper ? !reduce(lor_monoid<bool>{}, moving) : res.last_change <= o.tol) {
      res.converged = true;
      break;
    }
  }
  if (res.iterations > o.max_iters) res.iterations = o.max_iters;
  return res;
}

}  // namespace hpg
