// The four primitives (docs/design.md, "The four primitives") written with SuiteSparse:GraphBLAS calls,
// following LAGraph's algorithms, as the CPU reference that tests, the CLI's --check and the
// benchmarks compare HPGraph with (header-only; link the CMake target hpgraph::suitesparse). It
// sits with the algorithms it mirrors and shares their option types.
// LAGraph itself is not a dependency (it is rarely packaged), so its algorithms are restated here
// with the same GrB / GxB calls, semirings and switch rules:
//
//   bfs             LG_BreadthFirstSearch_SSGrB (LAGr_BreadthFirstSearch): any.secondi, masked by
//                   the complement of the parents found, push/pull after Beamer (LAGraph's rules).
//   sssp            Bellman-Ford with LAGraph_BF_basic's semantics (min.plus until nothing
//                   improves; a reachable negative cycle is an error), relaxing only the vertices
//                   whose distance changed in the round before (the same rounds, less work).
//   pagerank        LAGr_PageRank (lagraph) and LAGr_PageRankGAP (gap), line for line; plus the
//                   HPGraph paper's form (hpgraph) as algorithms/pagerank.hpp states it.
//   triangle_count  LAGr_TriangleCount's default, Sandia_LUT: sum((L * U') .* L) with plus.pair,
//                   after LAGraph's ascending-degree presort rule.
//   connected_components  LG_CC_FastSV5: min.second hooking, the parents' hooks built with the
//                   min dup operator from the parent vector's tuples, grandparents by extract.
//   local_clustering_coefficient  Graphalytics' LCC: C<S> = S plus.pair A0, row sums over the
//                   symmetrized degree's d (d - 1).
//   betweenness_centrality  LAGr_Betweenness: batched Brandes, all sources' BFS at once as rows
//                   of a matrix (plus.first), then the dependencies back up level by level, with
//                   LAGraph's push/pull switches.
//
// Inputs are GrB_Matrix handles (hpg::to_grb makes one from an hpg::Matrix); A(i,j) present is an
// edge i -> j; values are read only by sssp (as weights). Results are plain std::vectors so that a
// caller compares them without GraphBLAS. Every GrB call is checked (hpg::grb_check: a failing
// GrB_Info becomes hpg::Error) and every GrB object is held by an owning handle, so nothing leaks
// when one throws. Errors: a non-square matrix is Error(dimension_mismatch) for all of them; a
// source outside [0, n) is Error(invalid_index) (so a graph with n = 0 has no valid source).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/suitesparse.hpp"

namespace hpg::reference {

namespace detail {

inline grb_vector_ptr new_vector(GrB_Type type, GrB_Index n, const char* what) {
  GrB_Vector v = nullptr;
  grb_check(GrB_Vector_new(&v, type, n), what);
  return grb_vector_ptr(v);
}
inline grb_matrix_ptr new_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols, const char* what) {
  GrB_Matrix a = nullptr;
  grb_check(GrB_Matrix_new(&a, type, nrows, ncols), what);
  return grb_matrix_ptr(a);
}
inline GrB_Index nvals(GrB_Vector v, const char* what) {
  GrB_Index k = 0;
  grb_check(GrB_Vector_nvals(&k, v), what, v);
  return k;
}

/// n for a square matrix; Error(dimension_mismatch) otherwise (every primitive needs one).
inline GrB_Index square_dimension(GrB_Matrix a, const char* who) {
  if (a == nullptr) hpg::detail::throw_error(Info::null_pointer, std::string(who) + ": the GrB_Matrix is NULL");
  grb_init();
  GrB_Index nrows = 0, ncols = 0;
  grb_check(GrB_Matrix_nrows(&nrows, a), who, a);
  grb_check(GrB_Matrix_ncols(&ncols, a), who, a);
  if (nrows != ncols)
    hpg::detail::throw_error(Info::dimension_mismatch, std::string(who) + ": the matrix must be square (it is " + std::to_string(nrows) +
                                                           " x " + std::to_string(ncols) + ")");
  return nrows;
}
inline void check_source(GrB_Index source, GrB_Index n, const char* who) {
  if (source >= n)
    hpg::detail::throw_error(Info::invalid_index,
                             std::string(who) + ": source " + std::to_string(source) + " outside [0, " + std::to_string(n) + ")");
}
/// An optional transpose must be n x n too (it is A' or, for a symmetric pattern, A itself).
inline void check_transpose(GrB_Matrix at, GrB_Index n, const char* who) {
  if (at != nullptr && square_dimension(at, who) != n)
    hpg::detail::throw_error(Info::dimension_mismatch, std::string(who) + ": A' must have A's dimensions");
}

/// v's entries as a dense std::vector, `missing` where v has none.
template <class T>
std::vector<T> to_dense(GrB_Vector v, GrB_Index n, T missing, const char* what) {
  const GrB_Index k = nvals(v, what);
  std::vector<GrB_Index> idx(k);
  std::vector<T> x(k);
  GrB_Index got = k;
  if (k > 0) grb_check(hpg::detail::GrbTyped<T>::vector_extract(idx.data(), x.data(), &got, v), what, v);
  std::vector<T> out(n, missing);
  for (GrB_Index e = 0; e < got; ++e) out[idx[e]] = x[e];
  return out;
}

/// Out-degrees: d(i) = entries in row i (self-loops and explicit zeros included), no entry for a
/// sink, as LAGraph_Cached_RowDegree makes it (so a structural mask on d means "not a sink").
inline grb_vector_ptr out_degree(GrB_Matrix a, GrB_Index n) {
  auto ones = new_vector(GrB_BOOL, n, "out_degree: GrB_Vector_new");
  grb_check(GrB_Vector_assign_BOOL(ones.get(), nullptr, nullptr, true, GrB_ALL, n, nullptr), "out_degree: GrB_assign", ones.get());
  auto d = new_vector(GrB_INT64, n, "out_degree: GrB_Vector_new");
  grb_check(GrB_mxv(d.get(), nullptr, nullptr, GxB_PLUS_PAIR_INT64, a, ones.get(), nullptr), "out_degree: GrB_mxv", d.get());
  return d;
}

}  // namespace detail

// ------------------------------------------------------------------------------------------------
// BFS

struct BfsResult {
  std::vector<std::int64_t> level;   // hops from the source; -1 where unreached
  std::vector<std::int64_t> parent;  // a BFS parent; parent(source) = source; -1 where unreached
};

/// LG_BreadthFirstSearch_SSGrB with levels and parents. Each level is q{!struct(pi)} = q any.secondi
/// A (push) or A' any.secondi q (pull). Pull needs A': pass at = A' (or A itself when A's pattern is
/// symmetric); with at = nullptr every step is a push. The push/pull switch is LAGraph's (alpha 8,
/// beta1 8, beta2 512 over the out-degrees of the frontier).
inline BfsResult bfs(GrB_Matrix a, GrB_Index source, GrB_Matrix at = nullptr) {
  const GrB_Index n = detail::square_dimension(a, "reference::bfs");
  detail::check_source(source, n, "reference::bfs");
  detail::check_transpose(at, n, "reference::bfs");
  GrB_Index nvals = 0;
  grb_check(GrB_Matrix_nvals(&nvals, a), "reference::bfs: GrB_Matrix_nvals", a);
  const auto src = static_cast<std::int64_t>(source);

  // pi (parents) and v (levels) are bitmap: every level writes a scattered subset of them.
  auto pi = detail::new_vector(GrB_INT64, n, "reference::bfs: GrB_Vector_new");
  auto v = detail::new_vector(GrB_INT64, n, "reference::bfs: GrB_Vector_new");
  auto q = detail::new_vector(GrB_INT64, n, "reference::bfs: GrB_Vector_new");
  grb_check(GxB_Vector_Option_set_INT32(pi.get(), GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "reference::bfs: GxB_set", pi.get());
  grb_check(GxB_Vector_Option_set_INT32(v.get(), GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "reference::bfs: GxB_set", v.get());
  grb_check(GrB_Vector_setElement_INT64(pi.get(), src, source), "reference::bfs: GrB_Vector_setElement", pi.get());
  grb_check(GrB_Vector_setElement_INT64(q.get(), src, source), "reference::bfs: GrB_Vector_setElement", q.get());
  grb_check(GrB_Vector_setElement_INT64(v.get(), 0, source), "reference::bfs: GrB_Vector_setElement", v.get());

  bool push_pull = at != nullptr;
  grb_vector_ptr degree, w;
  if (push_pull) {
    degree = detail::out_degree(a, n);
    w = detail::new_vector(GrB_INT64, n, "reference::bfs: GrB_Vector_new");
  }
  const double alpha = 8.0, beta1 = 8.0, beta2 = 512.0;
  const auto n_over_beta1 = static_cast<std::int64_t>(static_cast<double>(n) / beta1);
  const auto n_over_beta2 = static_cast<std::int64_t>(static_cast<double>(n) / beta2);
  bool do_push = true, any_pull = false;
  GrB_Index nq = 1, last_nq = 0;
  auto edges_unexplored = static_cast<std::int64_t>(nvals);

  for (std::int64_t nvisited = 1, k = 1; nvisited < static_cast<std::int64_t>(n); nvisited += static_cast<std::int64_t>(nq), ++k) {
    if (push_pull) {
      if (do_push) {
        const bool growing = nq > last_nq;
        bool switch_to_pull = false;
        if (edges_unexplored < static_cast<std::int64_t>(n)) {
          push_pull = false;  // little of the graph is left: pulling cannot pay off any more
        } else if (any_pull) {
          // After a pull phase the frontier's edges are no longer tracked: switch again only if
          // the frontier grows large (LAGraph's rule).
          switch_to_pull = growing && static_cast<std::int64_t>(nq) > n_over_beta1;
        } else {
          // w<struct(q), replace> = degree; edges_in_frontier = sum(w)
          grb_check(GrB_Vector_assign(w.get(), q.get(), nullptr, degree.get(), GrB_ALL, n, GrB_DESC_RS), "reference::bfs: GrB_assign", w.get());
          std::int64_t edges_in_frontier = 0;
          grb_check(GrB_Vector_reduce_INT64(&edges_in_frontier, nullptr, GrB_PLUS_MONOID_INT64, w.get(), nullptr), "reference::bfs: GrB_reduce",
                    w.get());
          edges_unexplored -= edges_in_frontier;
          switch_to_pull = growing && static_cast<double>(edges_in_frontier) > static_cast<double>(edges_unexplored) / alpha;
        }
        if (switch_to_pull) do_push = false;
      } else if (nq < last_nq && static_cast<std::int64_t>(nq) <= n_over_beta2) {
        do_push = true;  // the frontier shrank: back to push
      }
      any_pull = any_pull || !do_push;
    }
    // A push scatters from few entries (sparse q); a pull probes q at random (bitmap q).
    grb_check(GxB_Vector_Option_set_INT32(q.get(), GxB_SPARSITY_CONTROL, do_push ? GxB_SPARSE : GxB_BITMAP), "reference::bfs: GxB_set", q.get());
    if (do_push)  // q'{!struct(pi), replace} = q' any.secondi A
      grb_check(GrB_vxm(q.get(), pi.get(), nullptr, GxB_ANY_SECONDI_INT64, q.get(), a, GrB_DESC_RSC), "reference::bfs: GrB_vxm", q.get());
    else  // q{!struct(pi), replace} = A' any.secondi q
      grb_check(GrB_mxv(q.get(), pi.get(), nullptr, GxB_ANY_SECONDI_INT64, at, q.get(), GrB_DESC_RSC), "reference::bfs: GrB_mxv", q.get());
    last_nq = nq;
    nq = detail::nvals(q.get(), "reference::bfs: GrB_Vector_nvals");
    if (nq == 0) break;
    // q(i) is a parent of i: pi{struct(q)} = q; v{struct(q)} = k
    grb_check(GrB_Vector_assign(pi.get(), q.get(), nullptr, q.get(), GrB_ALL, n, GrB_DESC_S), "reference::bfs: GrB_assign", pi.get());
    grb_check(GrB_Vector_assign_INT64(v.get(), q.get(), nullptr, k, GrB_ALL, n, GrB_DESC_S), "reference::bfs: GrB_assign", v.get());
  }
  return {detail::to_dense<std::int64_t>(v.get(), n, -1, "reference::bfs: GrB_Vector_extractTuples"),
          detail::to_dense<std::int64_t>(pi.get(), n, -1, "reference::bfs: GrB_Vector_extractTuples")};
}

// ------------------------------------------------------------------------------------------------
// SSSP

namespace detail {
/// The GrB objects sssp needs for one weight type.
template <class T>
struct SsspGrb;
#define HPG_REFERENCE_SSSP(CTYPE, SUFFIX)                                                                                 \
  template <>                                                                                                              \
  struct SsspGrb<CTYPE> {                                                                                                  \
    static GrB_Semiring min_plus() { return GrB_MIN_PLUS_SEMIRING_##SUFFIX; }                                              \
    static GrB_BinaryOp lt() { return GrB_LT_##SUFFIX; }                                                                   \
    static GrB_UnaryOp identity() { return GrB_IDENTITY_##SUFFIX; }                                                        \
    static GrB_Info assign(GrB_Vector w, CTYPE x, GrB_Index n) { return GrB_Vector_assign_##SUFFIX(w, nullptr, nullptr, x, GrB_ALL, n, nullptr); } \
    static GrB_Info set(GrB_Vector w, CTYPE x, GrB_Index i) { return GrB_Vector_setElement_##SUFFIX(w, x, i); }            \
  };
HPG_REFERENCE_SSSP(std::int32_t, INT32)
HPG_REFERENCE_SSSP(std::int64_t, INT64)
HPG_REFERENCE_SSSP(float, FP32)
HPG_REFERENCE_SSSP(double, FP64)
#undef HPG_REFERENCE_SSSP
}  // namespace detail

/// dist(v), the length of a shortest path source -> v with A's values (typecast to T) as weights:
/// dist(source) = 0, +inf (float, double) or the type's max (int32, int64) where v is unreachable.
/// Bellman-Ford as LAGraph_BF_basic computes it (d = d min.+ A until it stops changing), except that
/// each round multiplies only the frontier f, the vertices whose distance dropped in the round
/// before: t = f min.+ A; f<t < d, replace> = t; d<struct(f)> = f. Negative weights are fine. A
/// frontier still non-empty after n rounds means a negative cycle reachable from the source:
/// Error(invalid_value, "... negative-weight cycle ..."). A self-loop of positive weight changes
/// nothing; a negative one is such a cycle.
template <class T>
std::vector<T> sssp(GrB_Matrix a, GrB_Index source) {
  static_assert(std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> || std::is_same_v<T, float> || std::is_same_v<T, double>,
                "reference::sssp: T is int32_t, int64_t, float or double");
  using G = detail::SsspGrb<T>;
  const GrB_Index n = detail::square_dimension(a, "reference::sssp");
  detail::check_source(source, n, "reference::sssp");
  const T unreached = sssp_unreached<T>;  // as hpg::sssp
  auto d = detail::new_vector(grb_type<T>(), n, "reference::sssp: GrB_Vector_new");
  auto f = detail::new_vector(grb_type<T>(), n, "reference::sssp: GrB_Vector_new");
  auto t = detail::new_vector(grb_type<T>(), n, "reference::sssp: GrB_Vector_new");
  auto better = detail::new_vector(GrB_BOOL, n, "reference::sssp: GrB_Vector_new");
  // d is full (unreached = the type's top), so t < d is defined wherever t has an entry.
  grb_check(G::assign(d.get(), unreached, n), "reference::sssp: GrB_assign", d.get());
  grb_check(G::set(d.get(), T(0), source), "reference::sssp: GrB_Vector_setElement", d.get());
  grb_check(G::set(f.get(), T(0), source), "reference::sssp: GrB_Vector_setElement", f.get());
  for (GrB_Index round = 0; detail::nvals(f.get(), "reference::sssp: GrB_Vector_nvals") > 0; ++round) {
    if (round == n)
      hpg::detail::throw_error(Info::invalid_value,
                               "reference::sssp: a negative-weight cycle is reachable from source " + std::to_string(source));
    grb_check(GrB_vxm(t.get(), nullptr, nullptr, G::min_plus(), f.get(), a, nullptr), "reference::sssp: GrB_vxm", t.get());
    grb_check(GrB_Vector_eWiseMult_BinaryOp(better.get(), nullptr, nullptr, G::lt(), t.get(), d.get(), nullptr), "reference::sssp: GrB_eWiseMult",
              better.get());
    grb_check(GrB_Vector_apply(f.get(), better.get(), nullptr, G::identity(), t.get(), GrB_DESC_R), "reference::sssp: GrB_apply", f.get());
    grb_check(GrB_Vector_assign(d.get(), f.get(), nullptr, f.get(), GrB_ALL, n, GrB_DESC_S), "reference::sssp: GrB_assign", d.get());
  }
  return detail::to_dense<T>(d.get(), n, unreached, "reference::sssp: GrB_Vector_extractTuples");
}

// ------------------------------------------------------------------------------------------------
// PageRank

/// The variants and options of hpg::pagerank (algorithms/pagerank.hpp), the same types.
using hpg::PageRankOptions;
using hpg::PageRankVariant;

template <class R = float>
struct PageRankResult {
  std::vector<R> rank;
  int iterations = 0;
  bool converged = false;
  double last_change = 0;  // ||r' - r||_1 of the last iteration (0 when none ran)
};

namespace detail {
template <class R>
struct PageRankGrb;
#define HPG_REFERENCE_PAGERANK(CTYPE, SUFFIX)                                                             \
  template <>                                                                                              \
  struct PageRankGrb<CTYPE> {                                                                              \
    static GrB_BinaryOp div() { return GrB_DIV_##SUFFIX; }                                                 \
    static GrB_BinaryOp max() { return GrB_MAX_##SUFFIX; }                                                 \
    static GrB_BinaryOp plus() { return GrB_PLUS_##SUFFIX; }                                               \
    static GrB_BinaryOp minus() { return GrB_MINUS_##SUFFIX; }                                             \
    static GrB_BinaryOp times() { return GrB_TIMES_##SUFFIX; }                                             \
    static GrB_BinaryOp gt() { return GrB_GT_##SUFFIX; }                                                   \
    static GrB_UnaryOp abs() { return GrB_ABS_##SUFFIX; }                                                  \
    static GrB_Monoid plus_monoid() { return GrB_PLUS_MONOID_##SUFFIX; }                                   \
    static GrB_Semiring plus_first() { return GxB_PLUS_FIRST_##SUFFIX; }                                   \
    static GrB_Semiring plus_second() { return GxB_PLUS_SECOND_##SUFFIX; }                                 \
    static GrB_Info assign(GrB_Vector w, GrB_Vector mask, CTYPE x, GrB_Index n) {                          \
      return GrB_Vector_assign_##SUFFIX(w, mask, nullptr, x, GrB_ALL, n, nullptr);                         \
    }                                                                                                      \
    static GrB_Info div_by(GrB_Vector w, GrB_Vector u, CTYPE y) {                                          \
      return GrB_Vector_apply_BinaryOp2nd_##SUFFIX(w, nullptr, nullptr, GrB_DIV_##SUFFIX, u, y, nullptr); \
    }                                                                                                      \
    static GrB_Info divide(GrB_Vector w, CTYPE x, GrB_Vector u) {                                          \
      return GrB_Vector_apply_BinaryOp1st_##SUFFIX(w, nullptr, nullptr, GrB_DIV_##SUFFIX, x, u, nullptr); \
    }                                                                                                      \
    static GrB_Info greater(GrB_Vector w, GrB_Vector u, CTYPE y) {                                         \
      return GrB_Vector_apply_BinaryOp2nd_##SUFFIX(w, nullptr, nullptr, GrB_GT_##SUFFIX, u, y, nullptr);  \
    }                                                                                                      \
    static GrB_Info sum(CTYPE* s, GrB_Vector u) { return GrB_Vector_reduce_##SUFFIX(s, nullptr, GrB_PLUS_MONOID_##SUFFIX, u, nullptr); } \
  };
HPG_REFERENCE_PAGERANK(float, FP32)
HPG_REFERENCE_PAGERANK(double, FP64)
#undef HPG_REFERENCE_PAGERANK
}  // namespace detail

/// PageRank of A's pattern (values are ignored). R is the rank type: float as LAGraph, or double.
/// - lagraph: LAGr_PageRank. r = 1/n; d = max(outdeg / damping, 1 / damping); each iteration
///   teleport = (1-damping)/n + (damping/n) * sum(r(sinks)), r' = teleport + A'(r ./ d), and the
///   loop runs while ||r' - r||_1 > tol, which starts at 1: so tol >= 1 runs no iteration (as
///   LAGraph; converged, iterations 0). Still above tol after max_iters iterations: converged =
///   false and iterations = max_iters (LAGraph returns LAGRAPH_CONVERGENCE_FAILURE; the rank of the
///   last iteration is returned here all the same).
/// - gap: LAGr_PageRankGAP, the same without the sinks' term, stopping at tol or max_iters;
///   converged says which.
/// - hpgraph: algorithms/pagerank.hpp's paper form (r0 = 1, base 1 - damping, a vertex whose rank
///   moved by tol or less is frozen; converged when none moves).
/// A self-loop is an out-edge like any other (it counts in outdeg and sends rank to its vertex),
/// as in LAGraph, whose row degree counts it. n = 0: empty rank, iterations 0, converged.
/// at (optional): A', or A itself for a symmetric pattern, to multiply as LAGraph does (A' * w);
/// without it the same product is computed as w' * A.
template <class R = float>
PageRankResult<R> pagerank(GrB_Matrix a, const PageRankOptions& o = {}, GrB_Matrix at = nullptr) {
  static_assert(std::is_same_v<R, float> || std::is_same_v<R, double>, "reference::pagerank: R is float or double");
  using G = detail::PageRankGrb<R>;
  const GrB_Index n = detail::square_dimension(a, "reference::pagerank");
  detail::check_transpose(at, n, "reference::pagerank");
  if (!(o.damping >= 0 && o.damping <= 1) || !(o.tol >= 0) || o.max_iters < 0)
    hpg::detail::throw_error(Info::invalid_value, "reference::pagerank: damping must be in [0, 1], tol >= 0, max_iters >= 0");
  PageRankResult<R> res;
  if (n == 0) {
    res.converged = true;
    return res;
  }
  const char* what = "reference::pagerank";
  const R damping = static_cast<R>(o.damping), tol = static_cast<R>(o.tol), nr = static_cast<R>(n);
  const bool paper = o.variant == PageRankVariant::hpgraph;
  auto d_out = detail::out_degree(a, n);
  auto r = detail::new_vector(grb_type<R>(), n, what);
  auto t = detail::new_vector(grb_type<R>(), n, what);
  auto w = detail::new_vector(grb_type<R>(), n, what);
  auto d = detail::new_vector(grb_type<R>(), n, what);
  // out<mask> accum= A' w, through A' when the caller has it (LAGraph's mxv), else as w' A.
  auto spread = [&](GrB_Vector out, GrB_Vector mask, GrB_BinaryOp accum, GrB_Vector in, GrB_Descriptor desc) {
    if (at != nullptr) grb_check(GrB_mxv(out, mask, accum, G::plus_second(), at, in, desc), "reference::pagerank: GrB_mxv", out);
    else grb_check(GrB_vxm(out, mask, accum, G::plus_first(), in, a, desc), "reference::pagerank: GrB_vxm", out);
  };
  // old_rank = |old_rank - new_rank|; returns its sum, ||r' - r||_1
  auto change = [&](GrB_Vector old_rank, GrB_Vector new_rank) {
    grb_check(GrB_Vector_assign(old_rank, nullptr, G::minus(), new_rank, GrB_ALL, n, nullptr), "reference::pagerank: GrB_assign", old_rank);
    grb_check(GrB_Vector_apply(old_rank, nullptr, nullptr, G::abs(), old_rank, nullptr), "reference::pagerank: GrB_apply", old_rank);
    R s = 0;
    grb_check(G::sum(&s, old_rank), "reference::pagerank: GrB_reduce", old_rank);
    return s;
  };

  if (paper) {
    // As algorithms/pagerank.hpp: w = r .* (damping / outdeg) (no entry for a sink), a value mask
    // `moving` of the vertices still changing.
    auto scale = detail::new_vector(grb_type<R>(), n, what);
    auto moving = detail::new_vector(GrB_BOOL, n, what);
    auto product = detail::new_vector(grb_type<R>(), n, what);
    grb_check(G::divide(scale.get(), damping, d_out.get()), "reference::pagerank: GrB_apply", scale.get());
    grb_check(G::assign(r.get(), nullptr, R(1), n), "reference::pagerank: GrB_assign", r.get());
    grb_check(GrB_Vector_assign_BOOL(moving.get(), nullptr, nullptr, true, GrB_ALL, n, nullptr), "reference::pagerank: GrB_assign", moving.get());
    for (res.iterations = 1; res.iterations <= o.max_iters; ++res.iterations) {
      grb_check(GrB_Vector_eWiseMult_BinaryOp(w.get(), nullptr, nullptr, G::times(), r.get(), scale.get(), nullptr), "reference::pagerank: GrB_eWiseMult",
                w.get());
      grb_check(GrB_Vector_assign(t.get(), nullptr, nullptr, r.get(), GrB_ALL, n, nullptr), "reference::pagerank: GrB_assign", t.get());
      grb_check(G::assign(t.get(), moving.get(), R(1) - damping, n), "reference::pagerank: GrB_assign", t.get());  // t<moving> = 1 - d
      // t<moving> += A' w, in two steps: product<moving, replace> = A' w; t<moving> = t + product.
      // With the fused masked accumulate, SuiteSparse:GraphBLAS 7.4.0 crashes (GB_subassign_08n)
      // once some vertices are frozen on LFAT5_hypersparse.mtx, and on other graphs (pushpull.mtx,
      // astro-ph.mtx) returns ranks off by up to 2e-4 from this two-step form of the same thing.
      spread(product.get(), moving.get(), nullptr, w.get(), GrB_DESC_R);
      grb_check(GrB_Vector_eWiseAdd_BinaryOp(t.get(), moving.get(), nullptr, G::plus(), t.get(), product.get(), nullptr),
                "reference::pagerank: GrB_eWiseAdd", t.get());
      std::swap(r, t);  // t is the old rank
      res.last_change = static_cast<double>(change(t.get(), r.get()));
      grb_check(G::greater(moving.get(), t.get(), tol), "reference::pagerank: GrB_apply", moving.get());  // moving = |r' - r| > tol
      bool any = false;
      grb_check(GrB_Vector_reduce_BOOL(&any, nullptr, GrB_LOR_MONOID_BOOL, moving.get(), nullptr), "reference::pagerank: GrB_reduce", moving.get());
      if (!any) {
        res.converged = true;
        break;
      }
    }
    if (res.iterations > o.max_iters) res.iterations = o.max_iters;
    res.rank = detail::to_dense<R>(r.get(), n, R(0), "reference::pagerank: GrB_Vector_extractTuples");
    return res;
  }

  // LAGr_PageRank / LAGr_PageRankGAP from here on, statement by statement.
  const R damping_over_n = damping / nr, scaled_damping = (R(1) - damping) / nr;
  R rdiff = 1;  // the first iteration always runs (unless tol >= 1)
  grb_check(G::assign(r.get(), nullptr, static_cast<R>(1.0 / static_cast<double>(n)), n), "reference::pagerank: GrB_assign", r.get());
  const GrB_Index nsinks = n - detail::nvals(d_out.get(), "reference::pagerank: GrB_Vector_nvals");
  grb_vector_ptr sink, rsink;
  if (o.variant == PageRankVariant::lagraph && nsinks > 0) {
    sink = detail::new_vector(GrB_BOOL, n, what);  // sink<!struct(d_out)> = true
    grb_check(GrB_Vector_assign_BOOL(sink.get(), d_out.get(), nullptr, true, GrB_ALL, n, GrB_DESC_SC), "reference::pagerank: GrB_assign", sink.get());
    rsink = detail::new_vector(grb_type<R>(), n, what);
  }
  // d = max(d_out / damping, 1 / damping): prescaled, and defined for sinks too
  grb_check(G::div_by(d.get(), d_out.get(), damping), "reference::pagerank: GrB_apply", d.get());
  {
    auto d1 = detail::new_vector(grb_type<R>(), n, what);
    grb_check(G::assign(d1.get(), nullptr, static_cast<R>(1.0 / static_cast<double>(damping)), n), "reference::pagerank: GrB_assign", d1.get());
    grb_check(GrB_Vector_eWiseAdd_BinaryOp(d.get(), nullptr, nullptr, G::max(), d1.get(), d.get(), nullptr), "reference::pagerank: GrB_eWiseAdd",
              d.get());
  }
  for (res.iterations = 0; rdiff > tol; ++res.iterations) {
    if (res.iterations >= o.max_iters) break;  // LAGr_PageRank fails here; LAGr_PageRankGAP just stops
    R teleport = scaled_damping;
    if (rsink) {  // teleport += (damping / n) * sum(r(sinks))
      grb_check(GrB_Vector_clear(rsink.get()), "reference::pagerank: GrB_Vector_clear", rsink.get());
      grb_check(GrB_Vector_assign(rsink.get(), sink.get(), nullptr, r.get(), GrB_ALL, n, GrB_DESC_S), "reference::pagerank: GrB_assign", rsink.get());
      R sum_rsink = 0;
      grb_check(G::sum(&sum_rsink, rsink.get()), "reference::pagerank: GrB_reduce", rsink.get());
      teleport += damping_over_n * sum_rsink;
    }
    std::swap(r, t);  // t is the old rank
    grb_check(GrB_Vector_eWiseMult_BinaryOp(w.get(), nullptr, nullptr, G::div(), t.get(), d.get(), nullptr), "reference::pagerank: GrB_eWiseMult",
              w.get());                                                                         // w = t ./ d
    grb_check(G::assign(r.get(), nullptr, teleport, n), "reference::pagerank: GrB_assign", r.get());  // r = teleport
    spread(r.get(), nullptr, G::plus(), w.get(), nullptr);                                     // r += A' w
    rdiff = change(t.get(), r.get());                                                           // rdiff = sum |t - r|
    res.last_change = static_cast<double>(rdiff);
  }
  res.converged = !(rdiff > tol);
  res.rank = detail::to_dense<R>(r.get(), n, R(0), "reference::pagerank: GrB_Vector_extractTuples");
  return res;
}

// ------------------------------------------------------------------------------------------------
// Triangle counting

enum class TcPresort { none, ascending, automatic };

/// Triangles of the undirected simple graph underlying A (S = pattern(A) | pattern(A)', diagonal
/// dropped), each counted once: LAGr_TriangleCount's SandiaDot (Sandia_LUT), C<struct(L)> = L
/// plus.pair U', summed. presort: ascending relabels the vertices by ascending degree first
/// (LAGraph_SortByDegree; ties by id); automatic is LAGraph's AutoSort rule (n > 1000, mean degree
/// >= 10 and mean > 4 * median), with the exact median where LAGraph samples 1000 vertices.
/// n = 0 (or no edges) gives 0.
inline std::uint64_t triangle_count(GrB_Matrix a, TcPresort presort = TcPresort::automatic) {
  const GrB_Index n = detail::square_dimension(a, "reference::triangle_count");
  if (n == 0) return 0;
  const char* what = "reference::triangle_count";
  auto s = detail::new_matrix(GrB_BOOL, n, n, what);
  grb_check(GrB_Matrix_apply(s.get(), nullptr, nullptr, GxB_ONE_BOOL, a, nullptr), "reference::triangle_count: GrB_apply", s.get());  // pattern
  grb_check(GrB_Matrix_eWiseAdd_BinaryOp(s.get(), nullptr, nullptr, GrB_LOR, s.get(), s.get(), GrB_DESC_T1), "reference::triangle_count: GrB_eWiseAdd",
            s.get());  // S | S'
  grb_check(GrB_Matrix_select_INT64(s.get(), nullptr, nullptr, GrB_OFFDIAG, s.get(), 0, nullptr), "reference::triangle_count: GrB_select", s.get());

  if (presort != TcPresort::none) {
    GrB_Index nvals = 0;
    grb_check(GrB_Matrix_nvals(&nvals, s.get()), "reference::triangle_count: GrB_Matrix_nvals", s.get());
    auto deg = detail::out_degree(s.get(), n);
    std::vector<std::int64_t> degree = detail::to_dense<std::int64_t>(deg.get(), n, 0, "reference::triangle_count: GrB_Vector_extractTuples");
    bool sort = presort == TcPresort::ascending;
    if (presort == TcPresort::automatic && n > 1000 && static_cast<double>(nvals) / static_cast<double>(n) >= 10) {
      std::vector<std::int64_t> sorted = degree;
      std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(n / 2), sorted.end());
      const double median = static_cast<double>(sorted[n / 2]);
      const double mean = static_cast<double>(nvals) / static_cast<double>(n);
      sort = mean > 4 * median;
    }
    if (sort) {  // S = S(P, P), P ascending by degree: the long rows of L come last, where the mask prunes them
      std::vector<GrB_Index> p(n);
      std::iota(p.begin(), p.end(), GrB_Index{0});
      std::stable_sort(p.begin(), p.end(), [&](GrB_Index x, GrB_Index y) { return degree[x] < degree[y]; });
      auto sp = detail::new_matrix(GrB_BOOL, n, n, what);
      grb_check(GrB_Matrix_extract(sp.get(), nullptr, nullptr, s.get(), p.data(), n, p.data(), n, nullptr), "reference::triangle_count: GrB_extract",
                sp.get());
      s = std::move(sp);
    }
  }
  auto l = detail::new_matrix(GrB_BOOL, n, n, what);
  auto u = detail::new_matrix(GrB_BOOL, n, n, what);
  grb_check(GrB_Matrix_select_INT64(l.get(), nullptr, nullptr, GrB_TRIL, s.get(), -1, nullptr), "reference::triangle_count: GrB_select", l.get());
  grb_check(GrB_Matrix_select_INT64(u.get(), nullptr, nullptr, GrB_TRIU, s.get(), 1, nullptr), "reference::triangle_count: GrB_select", u.get());
  s.reset();
  auto c = detail::new_matrix(GrB_INT64, n, n, what);
  grb_check(GrB_mxm(c.get(), l.get(), nullptr, GxB_PLUS_PAIR_INT64, l.get(), u.get(), GrB_DESC_ST1), "reference::triangle_count: GrB_mxm", c.get());
  std::int64_t ntri = 0;
  grb_check(GrB_Matrix_reduce_INT64(&ntri, nullptr, GrB_PLUS_MONOID_INT64, c.get(), nullptr), "reference::triangle_count: GrB_reduce", c.get());
  return static_cast<std::uint64_t>(ntri);
}

// ------------------------------------------------------------------------------------------------
// Connected components

/// The components of the undirected graph underlying a (pattern symmetrized, values and self-loops
/// ignored), each vertex labelled with its component's smallest vertex id: LG_CC_FastSV5's rounds
/// (Zhang, Azad & Hu's FastSV), its Reduce_assign as GrB_Vector_build with GrB_MIN from f's
/// tuples, the grandparents f(f) by GrB_Vector_extract with f's values as the index list.
inline std::vector<std::uint64_t> connected_components(GrB_Matrix a) {
  const GrB_Index n = detail::square_dimension(a, "reference::connected_components");
  const char* what = "reference::connected_components";
  std::vector<std::uint64_t> labels(n);
  if (n == 0) return labels;
  auto s = detail::new_matrix(GrB_BOOL, n, n, what);
  grb_check(GrB_Matrix_apply(s.get(), nullptr, nullptr, GxB_ONE_BOOL, a, nullptr), "reference::connected_components: GrB_apply", s.get());
  grb_check(GrB_Matrix_eWiseAdd_BinaryOp(s.get(), nullptr, nullptr, GrB_LOR, s.get(), s.get(), GrB_DESC_T1),
            "reference::connected_components: GrB_eWiseAdd", s.get());  // S | S'
  std::vector<GrB_Index> idx(n), parent(n);
  std::iota(idx.begin(), idx.end(), GrB_Index{0});
  std::vector<std::uint64_t> vals(idx.begin(), idx.end());
  auto f = detail::new_vector(GrB_UINT64, n, what);
  grb_check(GrB_Vector_build_UINT64(f.get(), idx.data(), vals.data(), n, GrB_PLUS_UINT64), "reference::connected_components: GrB_Vector_build",
            f.get());
  grb_vector_ptr gp, mngp, gp_new, hooks, changed;
  {
    GrB_Vector x = nullptr;
    grb_check(GrB_Vector_dup(&x, f.get()), what);
    gp.reset(x);
    grb_check(GrB_Vector_dup(&x, f.get()), what);
    mngp.reset(x);
  }
  gp_new = detail::new_vector(GrB_UINT64, n, what);
  hooks = detail::new_vector(GrB_UINT64, n, what);
  changed = detail::new_vector(GrB_BOOL, n, what);
  for (;;) {
    grb_check(GrB_mxv(mngp.get(), nullptr, GrB_MIN_UINT64, GrB_MIN_SECOND_SEMIRING_UINT64, s.get(), gp.get(), nullptr),
              "reference::connected_components: GrB_mxv", mngp.get());
    GrB_Index k = n;  // hooks(f(u)) = min of mngp(u): f's values as indices, mngp's as values
    grb_check(GrB_Vector_extractTuples_UINT64(idx.data(), parent.data(), &k, f.get()), "reference::connected_components: extractTuples", f.get());
    grb_check(GrB_Vector_extractTuples_UINT64(idx.data(), vals.data(), &k, mngp.get()), "reference::connected_components: extractTuples",
              mngp.get());
    grb_check(GrB_Vector_clear(hooks.get()), what);
    grb_check(GrB_Vector_build_UINT64(hooks.get(), parent.data(), vals.data(), n, GrB_MIN_UINT64), "reference::connected_components: GrB_Vector_build",
              hooks.get());
    grb_check(GrB_Vector_eWiseAdd_BinaryOp(f.get(), nullptr, GrB_MIN_UINT64, GrB_MIN_UINT64, mngp.get(), gp.get(), nullptr),
              "reference::connected_components: GrB_eWiseAdd", f.get());
    grb_check(GrB_Vector_eWiseAdd_BinaryOp(f.get(), nullptr, GrB_MIN_UINT64, GrB_MIN_UINT64, f.get(), hooks.get(), nullptr),
              "reference::connected_components: GrB_eWiseAdd", f.get());
    grb_check(GrB_Vector_extractTuples_UINT64(idx.data(), parent.data(), &k, f.get()), "reference::connected_components: extractTuples", f.get());
    grb_check(GrB_Vector_extract(gp_new.get(), nullptr, nullptr, f.get(), parent.data(), n, nullptr), "reference::connected_components: GrB_extract",
              gp_new.get());
    grb_check(GrB_Vector_eWiseMult_BinaryOp(changed.get(), nullptr, nullptr, GrB_NE_UINT64, gp_new.get(), gp.get(), nullptr),
              "reference::connected_components: GrB_eWiseMult", changed.get());
    bool more = false;
    grb_check(GrB_Vector_reduce_BOOL(&more, nullptr, GrB_LOR_MONOID_BOOL, changed.get(), nullptr), "reference::connected_components: GrB_reduce",
              changed.get());
    std::swap(gp, gp_new);
    if (!more) break;
  }
  return detail::to_dense<std::uint64_t>(f.get(), n, 0, "reference::connected_components: GrB_Vector_extractTuples");
}

// ------------------------------------------------------------------------------------------------
// Local clustering coefficient

/// Graphalytics' LCC (algorithms/local_clustering_coefficient.hpp states it): A0 = pattern(A) off
/// the diagonal, S = A0 | A0', C<struct(S)> = S plus.pair A0 (C(v, w): the u in N(v) with an edge
/// u -> w), t = C's row sums, d = S's row sums, lcc = t / (d (d - 1)) where d > 1, else 0.
inline std::vector<double> local_clustering_coefficient(GrB_Matrix a) {
  const GrB_Index n = detail::square_dimension(a, "reference::local_clustering_coefficient");
  const char* what = "reference::local_clustering_coefficient";
  std::vector<double> lcc(n, 0.0);
  if (n == 0) return lcc;
  auto a0 = detail::new_matrix(GrB_BOOL, n, n, what);
  grb_check(GrB_Matrix_apply(a0.get(), nullptr, nullptr, GxB_ONE_BOOL, a, nullptr), "reference::local_clustering_coefficient: GrB_apply", a0.get());
  grb_check(GrB_Matrix_select_INT64(a0.get(), nullptr, nullptr, GrB_OFFDIAG, a0.get(), 0, nullptr),
            "reference::local_clustering_coefficient: GrB_select", a0.get());
  auto s = detail::new_matrix(GrB_BOOL, n, n, what);
  grb_check(GrB_Matrix_eWiseAdd_BinaryOp(s.get(), nullptr, nullptr, GrB_LOR, a0.get(), a0.get(), GrB_DESC_T1),
            "reference::local_clustering_coefficient: GrB_eWiseAdd", s.get());  // A0 | A0'
  auto c = detail::new_matrix(GrB_FP64, n, n, what);
  grb_check(GrB_mxm(c.get(), s.get(), nullptr, GxB_PLUS_PAIR_FP64, s.get(), a0.get(), GrB_DESC_S), "reference::local_clustering_coefficient: GrB_mxm",
            c.get());
  auto t = detail::new_vector(GrB_FP64, n, what);
  auto d = detail::new_vector(GrB_FP64, n, what);
  grb_check(GrB_Matrix_reduce_Monoid(t.get(), nullptr, nullptr, GrB_PLUS_MONOID_FP64, c.get(), nullptr),
            "reference::local_clustering_coefficient: GrB_reduce", t.get());
  grb_check(GrB_Matrix_reduce_Monoid(d.get(), nullptr, nullptr, GrB_PLUS_MONOID_FP64, s.get(), nullptr),
            "reference::local_clustering_coefficient: GrB_reduce", d.get());
  const std::vector<double> tv = detail::to_dense<double>(t.get(), n, 0.0, "reference::local_clustering_coefficient: GrB_Vector_extractTuples");
  const std::vector<double> dv = detail::to_dense<double>(d.get(), n, 0.0, "reference::local_clustering_coefficient: GrB_Vector_extractTuples");
  for (GrB_Index v = 0; v < n; ++v)
    if (dv[v] > 1) lcc[v] = tv[v] / (dv[v] * (dv[v] - 1));
  return lcc;
}

// ------------------------------------------------------------------------------------------------
// Betweenness centrality

/// LAGr_Betweenness, statement by statement: centrality(v) = sum over the sources s of Brandes's
/// dependency delta_s(v) (unnormalized; A's pattern, edges row -> column; a source listed twice
/// counts twice; no sources: all zeros). paths and frontier are ns x n, row k for sources[k]:
/// frontier<!struct(paths)> = frontier plus.first A, S[d] = the structure of each level's frontier,
/// paths += frontier; then, deepest level first, W<S[i]> = bc_update ./ paths, W<S[i-1]> = W
/// plus.first A', bc_update += W .* paths, bc_update starting as ones; centrality = -ns + the
/// column sums of bc_update. at (optional): A', or A itself for a symmetric pattern, to switch
/// between push and pull by LAGraph's density rules (and its sparsity hints); without it the
/// forward steps multiply by A and the backward ones by A' through GrB_DESC_RST1.
inline std::vector<double> betweenness_centrality(GrB_Matrix a, const std::vector<GrB_Index>& sources, GrB_Matrix at = nullptr) {
  const char* what = "reference::betweenness_centrality";
  const GrB_Index n = detail::square_dimension(a, what);
  detail::check_transpose(at, n, what);
  for (GrB_Index s : sources) detail::check_source(s, n, what);
  const auto ns = static_cast<GrB_Index>(sources.size());
  auto paths = detail::new_matrix(GrB_FP64, ns, n, what);
  auto frontier = detail::new_matrix(GrB_FP64, ns, n, what);
  grb_check(GxB_Matrix_Option_set_INT32(paths.get(), GxB_SPARSITY_CONTROL, GxB_BITMAP + GxB_FULL), "reference::betweenness_centrality: GxB_set",
            paths.get());
  for (GrB_Index k = 0; k < ns; ++k) {
    grb_check(GrB_Matrix_setElement_FP64(paths.get(), 1.0, k, sources[k]), "reference::betweenness_centrality: GrB_Matrix_setElement", paths.get());
    grb_check(GrB_Matrix_setElement_FP64(frontier.get(), 1.0, k, sources[k]), "reference::betweenness_centrality: GrB_Matrix_setElement",
              frontier.get());
  }
  // frontier<!struct(paths), replace> = frontier plus.first A
  grb_check(GrB_mxm(frontier.get(), paths.get(), nullptr, GxB_PLUS_FIRST_FP64, frontier.get(), a, GrB_DESC_RSC),
            "reference::betweenness_centrality: GrB_mxm", frontier.get());
  auto nvals_of = [](GrB_Matrix m) {
    GrB_Index k = 0;
    grb_check(GrB_Matrix_nvals(&k, m), "reference::betweenness_centrality: GrB_Matrix_nvals", m);
    return k;
  };
  const double cells = static_cast<double>(ns) * static_cast<double>(n);

  // Breadth-first search stage: S[depth] = the structure of the frontier at depth + 1 hops.
  std::vector<grb_matrix_ptr> s;
  bool last_was_pull = false;
  GrB_Index frontier_size = nvals_of(frontier.get());
  for (GrB_Index depth = 0; frontier_size > 0 && depth < n; ++depth) {
    s.push_back(detail::new_matrix(GrB_BOOL, ns, n, what));
    grb_check(GrB_Matrix_apply(s.back().get(), nullptr, nullptr, GxB_ONE_BOOL, frontier.get(), nullptr), "reference::betweenness_centrality: GrB_apply",
              s.back().get());
    grb_check(GrB_Matrix_assign(paths.get(), nullptr, GrB_PLUS_FP64, frontier.get(), GrB_ALL, ns, GrB_ALL, n, nullptr),
              "reference::betweenness_centrality: GrB_assign", paths.get());
    // pull if the frontier is more than 10% dense, or more than 6% and the last step pulled
    const bool do_pull = at != nullptr && static_cast<double>(frontier_size) / cells > (last_was_pull ? 0.06 : 0.10);
    grb_check(GxB_Matrix_Option_set_INT32(frontier.get(), GxB_SPARSITY_CONTROL, do_pull ? GxB_BITMAP : GxB_SPARSE),
              "reference::betweenness_centrality: GxB_set", frontier.get());
    if (do_pull)  // frontier<!struct(paths), replace> = frontier plus.first AT'
      grb_check(GrB_mxm(frontier.get(), paths.get(), nullptr, GxB_PLUS_FIRST_FP64, frontier.get(), at, GrB_DESC_RSCT1),
                "reference::betweenness_centrality: GrB_mxm", frontier.get());
    else  // frontier<!struct(paths), replace> = frontier plus.first A
      grb_check(GrB_mxm(frontier.get(), paths.get(), nullptr, GxB_PLUS_FIRST_FP64, frontier.get(), a, GrB_DESC_RSC),
                "reference::betweenness_centrality: GrB_mxm", frontier.get());
    last_was_pull = do_pull;
    frontier_size = nvals_of(frontier.get());
  }
  frontier.reset();

  // Betweenness centrality stage: bc_update = ones, full; W workspace.
  auto bc_update = detail::new_matrix(GrB_FP64, ns, n, what);
  grb_check(GrB_Matrix_assign_FP64(bc_update.get(), nullptr, nullptr, 1.0, GrB_ALL, ns, GrB_ALL, n, nullptr),
            "reference::betweenness_centrality: GrB_assign", bc_update.get());
  auto w = detail::new_matrix(GrB_FP64, ns, n, what);
  for (std::size_t i = s.size(); i-- > 1;) {
    // W<S[i], replace> = bc_update ./ paths
    grb_check(GrB_Matrix_eWiseMult_BinaryOp(w.get(), s[i].get(), nullptr, GrB_DIV_FP64, bc_update.get(), paths.get(), GrB_DESC_RS),
              "reference::betweenness_centrality: GrB_eWiseMult", w.get());
    // pull if W is more than 10% dense and nnz(W)/nnz(S[i-1]) > 1, or more than 1% and > 10
    const auto wsize = static_cast<double>(nvals_of(w.get())), ssize = static_cast<double>(nvals_of(s[i - 1].get()));
    const double w_density = wsize / cells, w_to_s = wsize / ssize;
    const bool do_pull = at == nullptr || (w_density > 0.1 && w_to_s > 1.0) || (w_density > 0.01 && w_to_s > 10.0);
    grb_check(GxB_Matrix_Option_set_INT32(w.get(), GxB_SPARSITY_CONTROL, do_pull ? GxB_BITMAP : GxB_SPARSE), "reference::betweenness_centrality: GxB_set",
              w.get());
    if (do_pull)  // W<S[i-1], replace> = W plus.first A'
      grb_check(GrB_mxm(w.get(), s[i - 1].get(), nullptr, GxB_PLUS_FIRST_FP64, w.get(), a, GrB_DESC_RST1), "reference::betweenness_centrality: GrB_mxm",
                w.get());
    else  // W<S[i-1], replace> = W plus.first AT
      grb_check(GrB_mxm(w.get(), s[i - 1].get(), nullptr, GxB_PLUS_FIRST_FP64, w.get(), at, GrB_DESC_RS), "reference::betweenness_centrality: GrB_mxm",
                w.get());
    // bc_update += W .* paths
    grb_check(GrB_Matrix_eWiseMult_BinaryOp(bc_update.get(), nullptr, GrB_PLUS_FP64, GrB_TIMES_FP64, w.get(), paths.get(), nullptr),
              "reference::betweenness_centrality: GrB_eWiseMult", bc_update.get());
  }

  // centrality = -ns (an integer, as LAGraph's int32 -ns: 0, not -0.0, for no sources), then
  // centrality += the column sums of bc_update.
  auto centrality = detail::new_vector(GrB_FP64, n, what);
  grb_check(GrB_Vector_assign_INT64(centrality.get(), nullptr, nullptr, -static_cast<std::int64_t>(ns), GrB_ALL, n, nullptr),
            "reference::betweenness_centrality: GrB_assign", centrality.get());
  grb_check(GrB_Matrix_reduce_Monoid(centrality.get(), nullptr, GrB_PLUS_FP64, GrB_PLUS_MONOID_FP64, bc_update.get(), GrB_DESC_T0),
            "reference::betweenness_centrality: GrB_reduce", centrality.get());
  return detail::to_dense<double>(centrality.get(), n, 0.0, "reference::betweenness_centrality: GrB_Vector_extractTuples");
}

}  // namespace hpg::reference
