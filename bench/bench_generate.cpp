// Generator throughput: RMAT edges alone, and the whole matrix (edges + sort + combine + CSR), on
// the host and on the GPU. The bar: a scale-26 RMAT graph (edge factor 16) on the GPU in
// seconds.
#include <benchmark/benchmark.h>

#include "hpgraph/cuda/device_edges.hpp"
#include "hpgraph/generate.hpp"

namespace {

hpg::gen::GraphSpec rmat(int scale) {
  hpg::gen::GraphSpec s;
  s.family = hpg::gen::Family::rmat;
  s.scale = scale;
  s.edge_factor = 16;
  return s;
}

bool need_gpu(benchmark::State& state) {
  if (hpg::cuda_available()) return true;
  state.SkipWithError("no GPU");
  return false;
}

void BM_RmatEdgesHost(benchmark::State& state) {
  const auto spec = rmat(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(hpg::gen::generate_edges_host(spec).keys.data());
  state.counters["edges/s"] = benchmark::Counter(static_cast<double>(hpg::gen::num_generated_edges(spec)) * state.iterations(),
                                                 benchmark::Counter::kIsRate);
}

void BM_RmatEdgesCuda(benchmark::State& state) {
  if (!need_gpu(state)) return;
  const auto spec = rmat(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(hpg::gen::generate_edges_device(spec).keys.data());  // synchronizes
  state.counters["edges/s"] = benchmark::Counter(static_cast<double>(hpg::gen::num_generated_edges(spec)) * state.iterations(),
                                                 benchmark::Counter::kIsRate);
}

template <hpg::Backend B>
void BM_RmatMatrix(benchmark::State& state) {
  if (B == hpg::Backend::cuda && !need_gpu(state)) return;
  const auto spec = rmat(static_cast<int>(state.range(0)));
  hpg::Index nvals = 0;
  for (auto _ : state) {
    auto m = hpg::generate<bool>(spec, B);
    nvals = m.nvals();  // waits for the device
  }
  state.counters["edges/s"] = benchmark::Counter(static_cast<double>(hpg::gen::num_generated_edges(spec)) * state.iterations(),
                                                 benchmark::Counter::kIsRate);
  state.counters["nvals"] = static_cast<double>(nvals);
}

BENCHMARK(BM_RmatEdgesHost)->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RmatEdgesCuda)->DenseRange(20, 26, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RmatMatrix<hpg::Backend::host>)->Arg(16)->Arg(18)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_RmatMatrix<hpg::Backend::cuda>)->DenseRange(20, 26, 2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
