#include "cli/reference_check.hpp"

#if HPG_CLI_SUITESPARSE

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "hpgraph/algorithms/suitesparse_reference.hpp"

namespace hpg::cli {

namespace {

constexpr std::size_t max_differences = 10;

std::string against() {
  return "SuiteSparse:GraphBLAS " + std::to_string(GxB_IMPLEMENTATION_MAJOR) + "." + std::to_string(GxB_IMPLEMENTATION_MINOR) + "." +
         std::to_string(GxB_IMPLEMENTATION_SUB) + " on the CPU";
}

CheckOutcome outcome() {
  CheckOutcome c;
  c.against = against();
  return c;
}

void differ(CheckOutcome& c, const std::string& line) {
  c.pass = false;
  if (c.differences.size() < max_differences) c.differences.push_back(line);
}

std::string num(double v) { return format_value(v); }
std::string num(std::int64_t v) { return format_value(static_cast<long long>(v)); }

template <class T>
grb_matrix_ptr grb_of(const Matrix<T>& a) {
  return grb_matrix_ptr(to_grb(a));  // materialized by to_grb, so no pending work lands in the timed run
}

/// SuiteSparse's run, timed into c.reference_ms (the run alone: the matrix is made before it).
template <class F>
auto timed(CheckOutcome& c, F&& run) {
  const auto start = std::chrono::steady_clock::now();
  auto result = run();
  c.reference_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result;
}

template <class T>
CheckOutcome compare_sssp(const Matrix<T>& a, Index source, const std::vector<T>& dist) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  std::vector<T> want;
  try {
    want = timed(c, [&] { return reference::sssp<T>(g.get(), source); });
  } catch (const Error& e) {
    if (!is_negative_cycle(e)) throw;
    differ(c, "SuiteSparse finds a negative-weight cycle reachable from source " + std::to_string(source) + ", hpgraph does not");
    return c;
  }
  for (Index v = 0; v < dist.size(); ++v) {
    bool same;
    if constexpr (std::is_integral_v<T>) {
      same = dist[v] == want[v];
    } else {
      // equal (infinities included), or both finite and within 1e-6 relative
      same = dist[v] == want[v] || (std::isfinite(dist[v]) && std::isfinite(want[v]) &&
                                    std::fabs(dist[v] - want[v]) <= 1e-6 * std::max(std::fabs(dist[v]), std::fabs(want[v])));
    }
    if (!same) differ(c, "vertex " + std::to_string(v) + ": distance " + num(dist[v]) + ", SuiteSparse " + num(want[v]));
  }
  return c;
}

template <class T>
CheckOutcome compare_negative_cycle(const Matrix<T>& a, Index source) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  try {
    reference::sssp<T>(g.get(), source);
  } catch (const Error& e) {
    if (is_negative_cycle(e)) return c;
    throw;
  }
  differ(c, "hpgraph reports a negative-weight cycle reachable from source " + std::to_string(source) + ", SuiteSparse finds none");
  return c;
}

}  // namespace

CheckOutcome check_bfs(const Matrix<bool>& a, Index source, const std::vector<std::int64_t>& level, const std::vector<std::int64_t>& parent) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  const reference::BfsResult want = timed(c, [&] { return reference::bfs(g.get(), source); });
  for (Index v = 0; v < level.size(); ++v)
    if (level[v] != want.level[v])
      differ(c, "vertex " + std::to_string(v) + ": level " + num(level[v]) + ", SuiteSparse " + num(want.level[v]));
  // Parents differ legitimately between correct BFSs: each is checked by the rule instead (an
  // edge parent(v) -> v from the level before).
  for (Index v = 0; v < parent.size(); ++v) {
    const std::int64_t p = parent[v];
    if (level[v] < 0) {
      if (p != -1) differ(c, "vertex " + std::to_string(v) + ": unreached but has parent " + num(p));
      continue;
    }
    if (v == source) {
      if (p != static_cast<std::int64_t>(source)) differ(c, "source " + std::to_string(v) + ": parent " + num(p) + ", not itself");
      continue;
    }
    bool edge = false;
    if (p >= 0 && static_cast<Index>(p) < level.size()) {
      bool x = false;
      const GrB_Info info = GrB_Matrix_extractElement_BOOL(&x, g.get(), static_cast<GrB_Index>(p), v);
      if (info != GrB_NO_VALUE) grb_check(info, "check: GrB_Matrix_extractElement", g.get());
      edge = info == GrB_SUCCESS;
    }
    if (!edge || level[static_cast<Index>(p)] != level[v] - 1)
      differ(c, "vertex " + std::to_string(v) + " (level " + num(level[v]) + "): parent " + num(p) + " is not an in-neighbour one level up");
  }
  return c;
}

CheckOutcome check_sssp(const Matrix<std::int64_t>& a, Index source, const std::vector<std::int64_t>& dist) { return compare_sssp(a, source, dist); }
CheckOutcome check_sssp(const Matrix<double>& a, Index source, const std::vector<double>& dist) { return compare_sssp(a, source, dist); }
CheckOutcome check_negative_cycle(const Matrix<std::int64_t>& a, Index source) { return compare_negative_cycle(a, source); }
CheckOutcome check_negative_cycle(const Matrix<double>& a, Index source) { return compare_negative_cycle(a, source); }

CheckOutcome check_pagerank(const Matrix<bool>& a, const PageRankOptions& o, const std::vector<double>& rank, int iterations, bool converged) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  const reference::PageRankResult<double> want = timed(c, [&] { return reference::pagerank<double>(g.get(), o); });
  if (converged != want.converged)
    differ(c, std::string("hpgraph ") + (converged ? "converged" : "did not converge") + ", SuiteSparse " +
                  (want.converged ? "converged" : "did not converge"));
  double worst = 0;
  Index at = 0;
  for (Index v = 0; v < rank.size(); ++v) {
    const double d = std::fabs(rank[v] - want.rank[v]);
    if (!(d <= worst)) {  // NaN counts as worst
      worst = d;
      at = v;
    }
  }
  if (!(worst <= 1e-4)) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "max |rank - SuiteSparse's| is %.3g at vertex %llu (%.9g vs %.9g; %d vs %d iterations)", worst,
                  static_cast<unsigned long long>(at), rank[at], want.rank[at], iterations, want.iterations);
    differ(c, buf);
  }
  return c;
}

CheckOutcome check_tc(const Matrix<bool>& a, std::uint64_t triangles) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  const std::uint64_t want = timed(c, [&] { return reference::triangle_count(g.get()); });
  if (triangles != want) differ(c, "triangles " + std::to_string(triangles) + ", SuiteSparse " + std::to_string(want));
  return c;
}

CheckOutcome check_cc(const Matrix<bool>& a, const std::vector<std::uint64_t>& label) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  const std::vector<std::uint64_t> want = timed(c, [&] { return reference::connected_components(g.get()); });
  for (std::size_t v = 0; v < want.size(); ++v)
    if (label[v] != want[v]) differ(c, "vertex " + std::to_string(v) + ": label " + std::to_string(label[v]) + ", SuiteSparse " + std::to_string(want[v]));
  return c;
}

CheckOutcome check_lcc(const Matrix<bool>& a, const std::vector<double>& coefficient) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  const std::vector<double> want = timed(c, [&] { return reference::local_clustering_coefficient(g.get()); });
  for (std::size_t v = 0; v < want.size(); ++v)
    if (!(std::fabs(coefficient[v] - want[v]) <= 1e-12 * std::max(1.0, std::fabs(want[v]))))
      differ(c, "vertex " + std::to_string(v) + ": coefficient " + num(coefficient[v]) + ", SuiteSparse " + num(want[v]));
  return c;
}

CheckOutcome check_bc(const Matrix<bool>& a, const std::vector<Index>& sources, const std::vector<double>& centrality) {
  CheckOutcome c = outcome();
  auto g = grb_of(a);
  // G->AT, which LAGr_Betweenness requires (its push/pull switches), made before the timed run.
  GrB_Matrix at_handle = nullptr;
  grb_check(GrB_Matrix_new(&at_handle, GrB_BOOL, a.ncols(), a.nrows()), "check: GrB_Matrix_new");
  grb_matrix_ptr at(at_handle);
  grb_check(GrB_transpose(at.get(), nullptr, nullptr, g.get(), nullptr), "check: GrB_transpose", at.get());
  grb_check(GrB_Matrix_wait(at.get(), GrB_MATERIALIZE), "check: GrB_Matrix_wait", at.get());
  const std::vector<GrB_Index> s(sources.begin(), sources.end());
  const std::vector<double> want = timed(c, [&] { return reference::betweenness_centrality(g.get(), s, at.get()); });
  for (std::size_t v = 0; v < want.size(); ++v) {
    const double scale = std::max({1.0, std::fabs(centrality[v]), std::fabs(want[v])});
    if (!(std::fabs(centrality[v] - want[v]) <= 1e-6 * scale))
      differ(c, "vertex " + std::to_string(v) + ": centrality " + num(centrality[v]) + ", SuiteSparse " + num(want[v]));
  }
  return c;
}

}  // namespace hpg::cli

#endif  // HPG_CLI_SUITESPARSE
