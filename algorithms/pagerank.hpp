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
#include <optional>
#include <string_view>
#include <utility>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

enum class PageRankVariant { lagraph, gap, hpgraph };

/// The variant a name gives ("lagraph", "gap", "hpgraph": the CLI's --variant), or nullopt.
inline std::optional<PageRankVariant> pagerank_variant_named(std::string_view name) {
  if (name == "lagraph") return PageRankVariant::lagraph;
  if (name == "gap") return PageRankVariant::gap;
  if (name == "hpgraph") return PageRankVariant::hpgraph;
  return std::nullopt;
}

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
  Vector<R> ones(n, b), outdeg(n, b), scale(n, b), sink_share(n, b), w(n, b), t(n, b), delta(n, b), sink_rank(n, b);
  // Whether to go on, as a vector the loop's condition reads on the device: the paper's form goes
  // on while a vertex moves (`moving` holds those whose rank moved by more than tol), the others
  // while ||r' - r||_1 > tol (`unsettled` has its one entry then).
  Vector<R> moving(n, b), unsettled(1, b);
  Scalar<R> change(b), sinks(b);  // ||r' - r||_1, and base + (d/n) * the rank held by sinks (lagraph)
  assign(ones, no_mask, no_accum, R(1), all);
  mxv(outdeg, no_mask, no_accum, plus_pair<R>, a, ones);  // out-degrees; sinks have none
  // scale = d / outdeg, and 0 at sinks: no edge leaves a sink, so its w is never read, and a full
  // w spares the pull SpMV its presence bitmap. Masked writes accumulate (second) into full
  // vectors, so they stay known-full.
  assign(scale, no_mask, no_accum, R(0), all);
  apply(scale, outdeg, second<R>{}, bind_first(div<R>{}, d), outdeg, desc::structure);
  // sink_share = d/n at sinks, 0 elsewhere: full, so the sinks' share is a product of full vectors
  // and one reduction (no masked, counted intermediate).
  if (o.variant == PageRankVariant::lagraph) {
    assign(sink_share, no_mask, no_accum, d / nr, all);
    assign(sink_share, outdeg, second<R>{}, R(0), all, desc::structure);
  }
  assign(res.rank, no_mask, no_accum, paper ? R(1) : R(1) / nr, all);
  if (paper) assign(moving, no_mask, no_accum, R(1), all);
  else assign(unsettled, no_mask, no_accum, R(1), all);
  const R base = paper ? R(1) - d : (R(1) - d) / nr;
  Vector<R> base_only(1, b);  // lagraph: base as a vector's one entry, which a reduce puts in a Scalar on the device
  if (o.variant == PageRankVariant::lagraph) assign(base_only, no_mask, no_accum, base, all);
  // The iterations as one loop_while: on the GPU they run as a graph on the device (hpgraph/loop.hpp).
  // Every number a round needs stays on the device (the Scalars); the new rank is copied into
  // res.rank in place rather than swapped, as a captured round's vectors keep their storage.
  const Index rounds = loop_while(nonempty(paper ? moving : unsettled), [&] {
    ewise_mult(w, no_mask, no_accum, times<R>{}, res.rank, scale);  // w = d r ./ outdeg
    if (paper) {  // frozen vertices keep their rank
      apply(t, no_mask, no_accum, identity<R>{}, res.rank);
      assign(t, moving, no_accum, base, all, desc::structure);  // t<moving> = base
      vxm(t, moving, plus<R>{}, plus_first<R>, w, a, desc::structure);  // t<moving> += w +.first A
    } else if (o.variant == PageRankVariant::lagraph) {  // sinks spread their rank evenly
      ewise_mult(sink_rank, no_mask, no_accum, times<R>{}, res.rank, sink_share);
      reduce(sinks, no_accum, plus_monoid<R>{}, base_only);       // sinks = base
      reduce(sinks, plus<R>{}, plus_monoid<R>{}, sink_rank);      // sinks += (d/n) * sinks' rank
      assign(t, no_mask, no_accum, sinks, all);                   // t = sinks
      vxm(t, no_mask, plus<R>{}, plus_first<R>, w, a);            // t += w +.first A
    } else {
      assign(t, no_mask, no_accum, base, all);          // t = base
      vxm(t, no_mask, plus<R>{}, plus_first<R>, w, a);  // t += w +.first A
    }
    ewise_add(delta, no_mask, no_accum, pagerank_detail::abs_diff<R>{}, t, res.rank);
    reduce(change, no_accum, plus_monoid<R>{}, delta);
    apply(res.rank, no_mask, no_accum, identity<R>{}, t);
    if (paper) {
      select(moving, no_mask, no_accum, valuegt<R>{}, delta, static_cast<R>(o.tol));  // who still moves
    } else {
      assign(unsettled, no_mask, no_accum, change, all);
      select(unsettled, no_mask, no_accum, valuegt<R>{}, unsettled, static_cast<R>(o.tol));
    }
  }, static_cast<Index>(o.max_iters));
  res.iterations = static_cast<int>(rounds);
  res.converged = (paper ? moving : unsettled).nvals() == 0;
  if (rounds > 0) res.last_change = static_cast<double>(*change.extract_element());
  return res;
}
}  // namespace hpg
