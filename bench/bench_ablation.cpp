// The HPGraph paper's ablation on the GPU, for BFS and PageRank: each stage adds one idea to the
// previous one, and the run reports each stage's time and its speedup over the stage before.
//   csr        pull SpMV over the CSR, a thread per row; every row computed, the mask applied after
//   +bitmask   the mask (visited set / vertices still moving) fused: rows outside it are skipped
//   +hyb       the pull reads HYB (ELL + scheduled COO tail) instead of the CSR
//   +direction BFS switches push/pull by frontier size (Beamer); PageRank's input is always dense,
//              so this stage equals +hyb there (shown, not hidden)
// BFS: levels and parents from 8 seeded sources of nonzero degree (mean time). PageRank: the
// paper's variant (per-vertex convergence mask, tol 1e-4) and LAGraph's (no mask), to 1e-4.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "bench_graphs.hpp"
#include "bench_timing.hpp"
#include "hpgraph/hpgraph.hpp"

namespace {

struct Graph {
  std::string name;
  hpg::Matrix<float> a;
  std::vector<hpg::Index> sources;
};

Graph& graph(int id) {
  static std::map<int, std::unique_ptr<Graph>> cache;
  auto& g = cache[id];
  if (!g) {
    const hpg::gen::GraphSpec s = hpg::bench::graph_spec(id);
    g = std::make_unique<Graph>(Graph{hpg::gen::describe(s), hpg::generate<float>(s, hpg::Backend::cuda), {}});
    g->sources = hpg::bench::sources_with_edges(g->a, 8);
  }
  return *g;
}

struct Stage {
  const char* name;
  bool hyb, fuse_mask;
  hpg::AxbMethod bfs_method;
};
constexpr Stage stages[] = {
    {"csr", false, false, hpg::AxbMethod::pull},
    {"+bitmask", false, true, hpg::AxbMethod::pull},
    {"+hyb", true, true, hpg::AxbMethod::pull},
    {"+direction", true, true, hpg::AxbMethod::automatic},
};

std::map<std::string, std::map<int, double>>& results() {
  static std::map<std::string, std::map<int, double>> r;
  return r;
}

void set_stage(const Stage& st) {
  hpg::detail::switches().pull_over_hyb = st.hyb;
  hpg::detail::switches().fuse_mask = st.fuse_mask;
}

void BM_BfsAblation(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph& g = graph(static_cast<int>(state.range(0)));
  const Stage& st = stages[state.range(1)];
  set_stage(st);
  hpg::BfsOptions opt;
  opt.method = st.bfs_method;
  std::int64_t levels = 0;
  const double ms = hpg::bench::time_ms(state, [&] {
    for (hpg::Index s : g.sources) levels += hpg::bfs(g.a, s, opt).depth;
  }) / static_cast<double>(g.sources.size());
  set_stage(stages[3]);
  state.counters["ms"] = ms;
  state.SetLabel(g.name + " " + st.name);
  results()["bfs " + g.name][static_cast<int>(state.range(1))] = ms;
}

void BM_PageRankAblation(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph& g = graph(static_cast<int>(state.range(0)));
  const Stage& st = stages[state.range(1)];
  const bool paper = state.range(2) != 0;
  set_stage(st);
  hpg::PageRankOptions o;
  o.variant = paper ? hpg::PageRankVariant::hpgraph : hpg::PageRankVariant::lagraph;
  int iters = 0;
  const double ms = hpg::bench::time_ms(state, [&] { iters = hpg::pagerank(g.a, o).iterations; });
  set_stage(stages[3]);
  state.counters["ms"] = ms;
  state.counters["iterations"] = iters;
  state.SetLabel(g.name + " " + st.name);
  results()[std::string(paper ? "pagerank-hpgraph " : "pagerank-lagraph ") + g.name][static_cast<int>(state.range(1))] = ms;
}

BENCHMARK(BM_BfsAblation)->ArgsProduct({{21, 0}, {0, 1, 2, 3}})->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_PageRankAblation)->ArgsProduct({{21, 0}, {0, 1, 2, 3}, {1, 0}})->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (results().empty()) return 0;
  std::printf("\n%-40s", "ablation (ms; x = speedup over the stage before)");
  for (const auto& st : stages) std::printf(" %18s", st.name);
  std::printf("\n");
  for (const auto& [name, r] : results()) {
    std::printf("%-40s", name.c_str());
    double prev = 0;
    for (int k = 0; k < 4; ++k) {
      const auto it = r.find(k);
      if (it == r.end()) {
        std::printf(" %18s", "-");
        continue;
      }
      char cell[64];
      if (prev > 0) std::snprintf(cell, sizeof cell, "%.3f (%.2fx)", it->second, prev / it->second);
      else std::snprintf(cell, sizeof cell, "%.3f", it->second);
      std::printf(" %18s", cell);
      prev = it->second;
    }
    std::printf("\n");
  }
  return 0;
}
