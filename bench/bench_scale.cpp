// The scale sweep: BFS and PageRank on RMAT graphs growing until one no longer fits on the GPU
// (default scales 22 to 26, edge factor 16, symmetrized; HPG_BENCH_SCALES="22 23 ..." picks
// others). The graph is a pattern (Matrix<bool>: no value array), made on the GPU.
// Per scale: ms and GTEPS (undirected edges counted once), and GPU memory per stored entry:
//   resident_B_per_entry  bytes the graph holds once BFS and PageRank have built what they
//                         need (CSR, HYB, transposes), counted by the memory pool's live bytes;
//   peak_B_per_entry      the high-water mark from the start of generation to the end of the
//                         runs (generation's sort and the algorithms' temporaries included).
// A scale that does not fit is reported (SkipWithError with the library's out-of-memory message)
// and the sweep stops there.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench_graphs.hpp"
#include "bench_timing.hpp"
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/hpgraph.hpp"

namespace {

using hpg::Index;

std::vector<int> scales() {
  const char* env = std::getenv("HPG_BENCH_SCALES");
  std::istringstream in(env != nullptr && *env ? env : "22 23 24 25 26");
  std::vector<int> s;
  for (int k; in >> k;) s.push_back(k);
  return s;
}

struct Graph {
  int scale = 0;
  hpg::Matrix<bool> a;
  std::vector<Index> sources;
  std::uint64_t base_bytes = 0;  // the pool's live bytes before the graph was made
  std::string failure;           // the out-of-memory message when the graph did not fit
};

/// (nullptr, the benchmark skipped with the error, when it cannot be made for another reason.)
Graph* graph(benchmark::State& state) {
  const int scale = static_cast<int>(state.range(0));
  return hpg::bench::current<Graph>(state, [scale](Graph& g) {
    g.scale = scale;
    hpg::detail::reset_device_pool_peak();  // the last scale's freed memory goes back to the device too
    g.base_bytes = hpg::detail::device_pool_usage().current;
    try {
      g.a = hpg::bench::load_graph<bool>("rmat:" + std::to_string(scale), false);
      g.sources = hpg::bench::sources_with_edges(g.a, 4);
    } catch (const hpg::Error& e) {
      if (e.code() != hpg::Info::out_of_memory) throw;
      g.a = hpg::Matrix<bool>();
      g.failure = e.what();
    }
  });
}

/// Sets the memory counters once both algorithms have run on the graph (its derived forms exist).
void memory_counters(benchmark::State& state, const Graph& g) {
  hpg::detail::device_synchronize("the sweep's runs");
  const double entries = static_cast<double>(g.a.nvals());
  const hpg::detail::DevicePoolUsage pool = hpg::detail::device_pool_usage();
  state.counters["stored_entries"] = entries;
  const double base = static_cast<double>(g.base_bytes);  // as doubles: below the base is negative, not a wrap
  state.counters["resident_B_per_entry"] = (static_cast<double>(pool.current) - base) / entries;
  state.counters["peak_B_per_entry"] = (static_cast<double>(pool.peak) - base) / entries;
  state.counters["device_GiB"] = static_cast<double>(hpg::detail::device_memory_info().second) / (1u << 30);
}

int failed_scale = 0;  // the first scale that did not fit or could not be made: larger ones are not tried

void BM_Sweep(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  const int scale = static_cast<int>(state.range(0));
  if (failed_scale && scale > failed_scale)
    return state.SkipWithError(("not tried: scale " + std::to_string(failed_scale) + " failed").c_str());
  const bool bfs = state.range(1) == 0;
  Graph* g = graph(state);  // (the same scale's second row gets the same error)
  if (g == nullptr) {
    failed_scale = scale;
    return;
  }
  if (!g->failure.empty()) {
    failed_scale = scale;
    return state.SkipWithError(("does not fit: " + g->failure).c_str());
  }
  const double undirected = static_cast<double>(g->a.nvals()) / 2;
  try {
    double ms = 0;
    if (bfs) {
      double levels = 0;
      ms = hpg::bench::time_ms(state, [&] {
        levels = 0;
        for (Index s : g->sources) levels += hpg::bfs(g->a, s).depth;
      }) / static_cast<double>(g->sources.size());
      state.counters["levels"] = levels / static_cast<double>(g->sources.size());
      state.counters["GTEPS"] = undirected / (ms * 1e6);
    } else {
      int iterations = 0;
      ms = hpg::bench::time_ms(state, [&] { iterations = hpg::pagerank(g->a).iterations; });
      state.counters["iterations"] = iterations;
      memory_counters(state, *g);  // PageRank runs second: BFS's forms and its own exist now
    }
    state.counters["ms"] = ms;
    state.counters["undirected_edges"] = undirected;
  } catch (const hpg::Error& e) {
    if (e.code() != hpg::Info::out_of_memory) throw;
    failed_scale = scale;
    state.SkipWithError(("does not fit: " + std::string(e.what())).c_str());
  }
  state.SetLabel("rmat-" + std::to_string(g->scale));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  for (int s : scales())
    for (int bfs : {0, 1})
      benchmark::RegisterBenchmark(("sweep/" + std::string(bfs == 0 ? "bfs" : "pagerank") + "/rmat-" + std::to_string(s)).c_str(), BM_Sweep)
          ->Args({s, bfs})
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond)
          ->Iterations(3);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
