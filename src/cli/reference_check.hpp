// --check: the primitive recomputed with SuiteSparse:GraphBLAS on the CPU
// (algorithms/suitesparse_reference.hpp) and compared as docs/design.md, "Command line" says: BFS
// levels exactly and parents by the validity rule, SSSP exactly for integer weights and to 1e-6
// relative for reals, PageRank to 1e-4 max abs, TC and component labels exactly, betweenness
// centrality to 1e-6 relative (absolute below 1). Built only where SuiteSparse is
// (HPG_CLI_SUITESPARSE).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/primitive_run.hpp"
#include "hpgraph/algorithms/pagerank.hpp"

namespace hpg::cli {

CheckOutcome check_bfs(const Matrix<bool>& a, Index source, const std::vector<std::int64_t>& level, const std::vector<std::int64_t>& parent);
CheckOutcome check_sssp(const Matrix<std::int64_t>& a, Index source, const std::vector<std::int64_t>& dist);
CheckOutcome check_sssp(const Matrix<double>& a, Index source, const std::vector<double>& dist);
/// hpgraph found a negative-weight cycle reachable from source: pass when SuiteSparse finds one too.
CheckOutcome check_negative_cycle(const Matrix<std::int64_t>& a, Index source);
CheckOutcome check_negative_cycle(const Matrix<double>& a, Index source);

/// Whether e is sssp's report of a negative-weight cycle (hpg::sssp and reference::sssp alike).
inline bool is_negative_cycle(const Error& e) {
  return e.code() == Info::invalid_value && std::string(e.what()).find("negative-weight cycle") != std::string::npos;
}
CheckOutcome check_pagerank(const Matrix<bool>& a, const PageRankOptions& o, const std::vector<double>& rank, int iterations, bool converged);
CheckOutcome check_tc(const Matrix<bool>& a, std::uint64_t triangles);
/// Component labels (each vertex's component's smallest vertex id) exactly.
CheckOutcome check_cc(const Matrix<bool>& a, const std::vector<std::uint64_t>& label);
/// Local clustering coefficients to 1e-12, relative (both sides count exactly, then divide).
CheckOutcome check_lcc(const Matrix<bool>& a, const std::vector<double>& coefficient);
/// Betweenness centrality from the sources: each vertex's within 1e-6 of LAGr_Betweenness's,
/// relative to the larger magnitude, or absolute where both are below 1 (the final -ns + column
/// sum cancels to ~ns ulps near zero).
CheckOutcome check_bc(const Matrix<bool>& a, const std::vector<Index>& sources, const std::vector<double>& centrality);

/// The dense form of v: v(i), or `missing` where v has no entry.
template <class T>
std::vector<T> dense(const Vector<T>& v, T missing) {
  std::vector<Index> idx;
  std::vector<T> val;
  v.extract_tuples(idx, val);
  std::vector<T> out(v.size(), missing);
  for (std::size_t k = 0; k < idx.size(); ++k) out[idx[k]] = val[k];
  return out;
}

}  // namespace hpg::cli
