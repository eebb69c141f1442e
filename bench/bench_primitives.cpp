// The four primitives on the GPU beside SuiteSparse:GraphBLAS on all of the machine's CPU cores,
// in the same run and on the same graphs: by default RMAT scales 21 and 22 (edge factor 16,
// symmetrized) and a 2048 x 2048 grid (diameter ~4,000); HPG_BENCH_GRAPHS names others (generator
// specs or graph files, bench_graphs.hpp). Benchmarks are named <primitive>/<hpg|suitesparse>/<graph>. BFS and SSSP are the mean over 4 seeded sources of nonzero
// degree; SSSP weights are random integers 1..255 (GAP's range); PageRank is LAGraph's variant to
// tol 1e-4; TC hpg's default method (spmv since e433f6e, before it the masked L*U', Sandia LUT,
// with the degree presort) beside SuiteSparse's Sandia LUT with the degree presort.
// hpg's rows are the median of 3 timed iterations after a warm-up (bench_timing.hpp's time_ms).
// SuiteSparse's rows are the median of up to 5 timed runs within 5 s (at least one), with no warm-up
// (it caches nothing between calls): bench_timing.hpp's median_ms.
// Reported per row: ms, GTEPS (BFS, SSSP: undirected edges counted once, as GAP and Graph500
// do), the cost per level on the grid (µs), and SuiteSparse's time over hpg's. The SuiteSparse
// rows also check the answers (levels, distances, ranks within 1e-4, triangle count) so a fast
// wrong answer cannot pass unseen.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench_graphs.hpp"
#include "bench_timing.hpp"
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/algorithms/triangle_count.hpp"
#include "hpgraph/hpgraph.hpp"
#if HPG_BENCH_SUITESPARSE
#include "hpgraph/algorithms/suitesparse_reference.hpp"
#endif

namespace {

using hpg::Index;

struct Graph {
  std::string name;
  hpg::Matrix<std::int32_t> a;  // weights 1..255 (BFS, PageRank and TC read only the pattern)
  std::vector<Index> sources;
  double undirected_edges = 0;
  // hpg's answers from sources[0], for the SuiteSparse rows to check.
  std::vector<std::int64_t> level;  // -1 unreached
  std::vector<std::int32_t> dist;   // int32 max unreached
  std::vector<float> rank;
  std::uint64_t triangles = 0;
#if HPG_BENCH_SUITESPARSE
  hpg::grb_matrix_ptr g;  // the same matrix in SuiteSparse
#endif
};

const std::vector<std::string>& graph_list() {
  static const std::vector<std::string> list = hpg::bench::graph_names("rmat:21 rmat:22 grid:2048x2048");
  return list;
}

/// Graph `id` of the list; the run goes graph by graph, so only one is held at a time.
/// (nullptr, the benchmark skipped with the error, when it cannot be made.)
Graph* graph(benchmark::State& state) {
  const int id = static_cast<int>(state.range(0));
  return hpg::bench::current<Graph>(state, [id](Graph& g) {
    const std::string& name = graph_list()[static_cast<std::size_t>(id)];
    g.name = hpg::bench::short_name(name);
    g.a = hpg::bench::load_graph<std::int32_t>(name, true);
    g.undirected_edges = static_cast<double>(g.a.nvals()) / 2;
    g.sources = hpg::bench::sources_with_edges(g.a, 4);
#if HPG_BENCH_SUITESPARSE
    g.g.reset(hpg::to_grb(g.a));
#endif
  });
}

struct Row {
  double hpg_ms = 0, ss_ms = 0, levels = 0, edges = 0;
  std::string check = "-";
  bool agree = false;  // SuiteSparse's answer equals hpg's (what `check` says in words)
};
std::map<std::string, Row>& rows() {
  static std::map<std::string, Row> r;
  return r;
}

template <class T, class V>
std::vector<V> dense(const hpg::Vector<T>& v, V missing) {
  std::vector<Index> idx;
  std::vector<T> val;
  v.extract_tuples(idx, val);
  std::vector<V> out(v.size(), missing);
  for (std::size_t k = 0; k < idx.size(); ++k) out[idx[k]] = static_cast<V>(val[k]);
  return out;
}

enum Prim { bfs_p, sssp_p, pagerank_p, tc_p };
const char* prim_name(int p) { return p == bfs_p ? "bfs" : p == sssp_p ? "sssp" : p == pagerank_p ? "pagerank" : "tc"; }

void BM_Hpg(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  const int p = static_cast<int>(state.range(1));
  Row& row = rows()[std::string(prim_name(p)) + " " + g.name];
  double levels = 0;
  double ms = 0;
  if (p == bfs_p) {
    ms = hpg::bench::time_ms(state, [&] {
      levels = 0;
      for (Index s : g.sources) levels += hpg::bfs(g.a, s).depth;
    }) / static_cast<double>(g.sources.size());
    levels /= static_cast<double>(g.sources.size());
  } else if (p == sssp_p) {
    ms = hpg::bench::time_ms(state, [&] {
      for (Index s : g.sources) benchmark::DoNotOptimize(hpg::sssp(g.a, s));
    }) / static_cast<double>(g.sources.size());
  } else if (p == pagerank_p) {
    int iters = 0;
    ms = hpg::bench::time_ms(state, [&] { iters = hpg::pagerank(g.a).iterations; });
    state.counters["iterations"] = iters;
  } else {
    std::uint64_t t = 0;
    ms = hpg::bench::time_ms(state, [&] { t = hpg::triangle_count(g.a); });
    state.counters["triangles"] = static_cast<double>(t);
    g.triangles = t;
  }
  if (p == bfs_p) g.level = dense(hpg::bfs(g.a, g.sources[0]).level, std::int64_t{-1});
  if (p == sssp_p) g.dist = dense(hpg::sssp(g.a, g.sources[0]), hpg::sssp_unreached<std::int32_t>);
  if (p == pagerank_p) g.rank = dense(hpg::pagerank(g.a).rank, 0.0f);
  row.hpg_ms = ms;
  row.levels = levels;
  row.edges = g.undirected_edges;
  state.counters["ms"] = ms;
  state.counters["undirected_edges"] = g.undirected_edges;
  if (p <= sssp_p) state.counters["GTEPS"] = g.undirected_edges / (ms * 1e6);
  if (p == bfs_p) state.counters["levels"] = levels;
  state.SetLabel(g.name);
}

#if HPG_BENCH_SUITESPARSE
void BM_SuiteSparse(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU (the graphs are generated there)");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  const int p = static_cast<int>(state.range(1));
  Row& row = rows()[std::string(prim_name(p)) + " " + g.name];
  double ms = 0;
  GrB_Matrix a = g.g.get();  // symmetric: A is its own transpose, so pull steps may use it as A'
  if (p == bfs_p) {
    std::vector<std::int64_t> first;  // the levels from sources[0], kept from the timed runs
    ms = hpg::bench::median_ms(state, [&] {
      for (Index s : g.sources) {
        auto r = hpg::reference::bfs(a, s, a);
        if (s == g.sources[0]) first = std::move(r.level);
      }
    }) / static_cast<double>(g.sources.size());
    row.agree = first == g.level;
    row.check = row.agree ? "levels equal" : "LEVELS DIFFER";
  } else if (p == sssp_p) {
    std::vector<std::int32_t> first;
    ms = hpg::bench::median_ms(state, [&] {
      for (Index s : g.sources) {
        auto d = hpg::reference::sssp<std::int32_t>(a, s);
        if (s == g.sources[0]) first = std::move(d);
      }
    }) / static_cast<double>(g.sources.size());
    row.agree = first == g.dist;
    row.check = row.agree ? "distances equal" : "DISTANCES DIFFER";
  } else if (p == pagerank_p) {
    hpg::reference::PageRankResult<float> r;
    ms = hpg::bench::median_ms(state, [&] { r = hpg::reference::pagerank<float>(a, {}, a); });
    double worst = r.rank.size() == g.rank.size() ? 0 : 1;
    for (std::size_t v = 0; v < r.rank.size() && v < g.rank.size(); ++v) worst = std::max(worst, std::fabs(double(r.rank[v]) - g.rank[v]));
    char text[64];
    row.agree = worst <= 1e-4;
    std::snprintf(text, sizeof text, "max |diff| %.1e%s", worst, row.agree ? "" : " TOO LARGE");
    row.check = text;
    state.counters["iterations"] = r.iterations;
  } else {
    std::uint64_t t = 0;
    ms = hpg::bench::median_ms(state, [&] { t = hpg::reference::triangle_count(a, hpg::reference::TcPresort::ascending); });
    row.agree = t == g.triangles;
    row.check = row.agree ? "count equal" : "COUNT DIFFERS";
    state.counters["triangles"] = static_cast<double>(t);
  }
  row.ss_ms = ms;
  state.counters["ms"] = ms;
  // The report reads the verdict from here: hpg's answer on this graph agreed with SuiteSparse's.
  state.counters["answers_agree"] = row.agree ? 1 : 0;
  state.SetLabel(g.name + ": " + row.check);
}
#endif

/// Registers, graph by graph, <primitive>/hpg/<graph> for the four primitives, then (with
/// SuiteSparse linked) <primitive>/suitesparse/<graph>, which checks hpg's answers on that graph;
/// range(0) is the graph's position in the list, range(1) the primitive.
void register_benchmarks() {
  for (std::size_t id = 0; id < graph_list().size(); ++id) {
    const std::string g = hpg::bench::short_name(graph_list()[id]);
    auto each_primitive = [&](const char* impl, void (*run)(benchmark::State&), int iterations) {
      for (int p : {bfs_p, sssp_p, pagerank_p, tc_p})
        benchmark::RegisterBenchmark((std::string(prim_name(p)) + "/" + impl + "/" + g).c_str(), run)
            ->Args({static_cast<std::int64_t>(id), p})
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(iterations);
    };
    each_primitive("hpg", BM_Hpg, 3);
#if HPG_BENCH_SUITESPARSE
    each_primitive("suitesparse", BM_SuiteSparse, 1);
#endif
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  register_benchmarks();
  benchmark::AddCustomContext("hpg_time", hpg::bench::time_statistic);  // bench_report.py says it
#if HPG_BENCH_SUITESPARSE
  int threads = 0;  // 0 (GxB_DEFAULT): SuiteSparse picks, up to every hardware thread
  GxB_Global_Option_get(GxB_GLOBAL_NTHREADS, &threads);
  benchmark::AddCustomContext("suitesparse_threads", threads > 0 ? std::to_string(threads)
                                                                 : "automatic, up to " + std::to_string(std::thread::hardware_concurrency()));
#endif
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (rows().empty()) return 0;
  std::printf("\n%-24s %12s %10s %14s %12s %10s  %s\n", "primitive graph", "hpg ms", "GTEPS", "us/level", "SuiteSparse", "speedup",
              "answers");
  for (const auto& [name, r] : rows()) {
    const bool teps = name.rfind("bfs", 0) == 0 || name.rfind("sssp", 0) == 0;
    char gteps[32] = "-", per_level[32] = "-", ss[32] = "-", speedup[32] = "-";
    if (teps && r.hpg_ms > 0) std::snprintf(gteps, sizeof gteps, "%.2f", r.edges / (r.hpg_ms * 1e6));
    if (r.levels > 0) std::snprintf(per_level, sizeof per_level, "%.1f", r.hpg_ms * 1e3 / r.levels);
    if (r.ss_ms > 0) std::snprintf(ss, sizeof ss, "%.3f", r.ss_ms);
    if (r.ss_ms > 0 && r.hpg_ms > 0) std::snprintf(speedup, sizeof speedup, "%.1fx", r.ss_ms / r.hpg_ms);
    std::printf("%-24s %12.3f %10s %14s %12s %10s  %s\n", name.c_str(), r.hpg_ms, gteps, per_level, ss, speedup, r.check.c_str());
  }
  return 0;
}
