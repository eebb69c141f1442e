// Where a PageRank iteration's time goes: each API call of algorithms/pagerank.hpp's lagraph round
// timed alone on the GPU (RMAT 21 and 22, and the 2048 x 2048 grid), beside the bare SpMV it is
// built around. The sum over the steps is one iteration (but the one-entry convergence test); what
// exceeds the SpMV is the price of expressing the iteration as separate GraphBLAS calls (their
// passes over n and launches; the round's loop_while runs them with no host wait).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include "bench_graphs.hpp"
#include "bench_timing.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/hpgraph.hpp"

namespace {

using hpg::Index;
using R = float;

struct State {
  std::string name;
  hpg::Matrix<std::int32_t> a;
  hpg::Vector<R> rank, outdeg, scale, sink_share, w, t, delta, sink_rank, base_only;
  hpg::Scalar<R> sinks{hpg::Backend::cuda}, change{hpg::Backend::cuda};
};

/// (nullptr, the benchmark skipped with the error, when it cannot be made.)
State* state_for(benchmark::State& bm) {
  const int id = static_cast<int>(bm.range(0));
  return hpg::bench::current<State>(bm, [id](State& s) {
    hpg::gen::GraphSpec spec = hpg::bench::graph_spec(id);
    spec.remove_self_loops = true;
    s.name = hpg::bench::graph_name(id);
    s.a = hpg::generate<std::int32_t>(spec, hpg::Backend::cuda);
    const Index n = s.a.nrows();
    const auto b = hpg::Backend::cuda;
    for (auto* v : {&s.rank, &s.outdeg, &s.scale, &s.sink_share, &s.w, &s.t, &s.delta, &s.sink_rank}) *v = hpg::Vector<R>(n, b);
    s.base_only = hpg::Vector<R>(1, b);
    hpg::Vector<R> ones(n, b);
    hpg::assign(ones, hpg::no_mask, hpg::no_accum, R(1), hpg::all);
    hpg::mxv(s.outdeg, hpg::no_mask, hpg::no_accum, hpg::plus_pair<R>, s.a, ones);
    const R nr = static_cast<R>(n);
    hpg::assign(s.scale, hpg::no_mask, hpg::no_accum, R(0), hpg::all);  // as pagerank.hpp: d / outdeg, 0 at sinks
    hpg::apply(s.scale, s.outdeg, hpg::second<R>{}, hpg::bind_first(hpg::div<R>{}, R(0.85)), s.outdeg, hpg::desc::structure);
    hpg::assign(s.sink_share, hpg::no_mask, hpg::no_accum, R(0.85) / nr, hpg::all);  // as pagerank.hpp: d/n at sinks, 0 elsewhere
    hpg::assign(s.sink_share, s.outdeg, hpg::second<R>{}, R(0), hpg::all, hpg::desc::structure);
    hpg::assign(s.rank, hpg::no_mask, hpg::no_accum, R(1) / nr, hpg::all);
    hpg::assign(s.base_only, hpg::no_mask, hpg::no_accum, R(0.15) / nr, hpg::all);
  });
}

enum Step { ewise_scale, sink_apply, sink_base, sink_reduce, assign_sinks, spmv_accum, diff, diff_reduce, copy_rank, bare_spmv, steps };
const char* step_name(int s) {
  static const char* names[] = {"w = rank .* scale", "sink = rank .* sink_share", "sinks = base", "sinks += reduce(sink)",
                                "t = sinks", "t += w +.first A", "delta = |t - rank|", "change = reduce(delta)",
                                "rank = t", "bare SpMV (no accum)"};
  return names[s];
}

void run_step(State& s, int step) {
  using namespace hpg;
  switch (step) {
    case ewise_scale: ewise_mult(s.w, no_mask, no_accum, times<R>{}, s.rank, s.scale); break;
    case sink_apply: ewise_mult(s.sink_rank, no_mask, no_accum, times<R>{}, s.rank, s.sink_share); break;
    case sink_base: reduce(s.sinks, no_accum, plus_monoid<R>{}, s.base_only); break;
    case sink_reduce: reduce(s.sinks, plus<R>{}, plus_monoid<R>{}, s.sink_rank); break;
    case assign_sinks: assign(s.t, no_mask, no_accum, s.sinks, hpg::all); break;
    case spmv_accum: vxm(s.t, no_mask, plus<R>{}, plus_first<R>, s.w, s.a); break;
    case diff: ewise_add(s.delta, no_mask, no_accum, pagerank_detail::abs_diff<R>{}, s.t, s.rank); break;
    case diff_reduce: reduce(s.change, no_accum, plus_monoid<R>{}, s.delta); break;
    case copy_rank: apply(s.rank, no_mask, no_accum, identity<R>{}, s.t); break;
    case bare_spmv: vxm(s.delta, no_mask, no_accum, plus_first<R>, s.w, s.a); break;
  }
}

std::map<std::string, std::map<int, double>>& results() {
  static std::map<std::string, std::map<int, double>> r;
  return r;
}

void BM_Step(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  State* made = state_for(state);
  if (made == nullptr) return;
  State& s = *made;
  const int step = static_cast<int>(state.range(1));
  for (int k = 0; k < steps - 1; ++k) run_step(s, k);  // every input of every step exists
  const double ms = hpg::bench::time_ms(state, [&] { run_step(s, step); });
  state.counters["ms"] = ms;
  state.SetLabel(s.name + ": " + step_name(step));
  results()[s.name][step] = ms;
}

BENCHMARK(BM_Step)
    ->ArgsProduct({{21, 22, 0}, {ewise_scale, sink_apply, sink_base, sink_reduce, assign_sinks, spmv_accum, diff, diff_reduce, copy_rank,
                                 bare_spmv}})
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(0.2);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  for (const auto& [name, r] : results()) {
    std::printf("\n%s\n", name.c_str());
    double iteration = 0;
    for (const auto& [step, ms] : r) {
      std::printf("  %-24s %8.3f ms\n", step_name(step), ms);
      if (step != bare_spmv) iteration += ms;
    }
    const auto spmv = r.find(bare_spmv);
    std::printf("  %-24s %8.3f ms", "one iteration", iteration);
    if (spmv != r.end()) std::printf("  (bare SpMV %.3f, the rest %.3f)", spmv->second, iteration - spmv->second);
    std::printf("\n");
  }
  return 0;
}
