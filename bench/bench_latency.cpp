// The fixed cost of a GraphBLAS call on the GPU: each operation the four primitives use, on a
// 1-entry and a 1%-dense input, on a road-like grid and an RMAT graph. Per call it reports
//   us_per_call  wall time of a call in a run of back-to-back calls (one wait at the end): what a
//                call costs inside an algebraic loop;
//   us_single    wall time of one call followed by a wait for the device (median);
//   launches, host_waits, transfers, allocations, graph_launches  per call, counted by hpg::DeviceCallCounter
//                (CUPTI: every kernel launch, Thrust's and CUB's too, and every host wait), in a
//                benchmark of its own named <operation>/calls, run after every timed one: once CUPTI
//                has subscribed, every later runtime call in the process costs the host more (on
//                an H200, a 1-entry select took 13.5 us a call timed after a count and 8.9 before
//                any: bench/results/set-element-h200-2026-11-25), so nothing is timed after a count.
// A call whose work follows its input's size should cost a few microseconds and launches on a
// 1-entry input, and wait for the host only when the caller asks for a number (nvals, reduce to a
// scalar, extract_element). Graphs: HPG_BENCH_GRAPHS (default grid:2048x2048 and rmat:22).
#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench_graphs.hpp"
#include "bench_timing.hpp"
#include "hpgraph/hpgraph.hpp"

namespace {

using namespace hpg;
using Int = std::int64_t;

/// The inputs of every operation on one graph and one input density.
struct Inputs {
  Vector<Int> u, v, mask;      // u: the input (1 entry or 1% of n); v: another of u's density; mask: a visited set
  Vector<Int> w;               // the output of the operations that make a vector
  Vector<std::int32_t> level;  // an assign's output that already holds entries (as BFS's level does)
  Index probe = 0;             // an index of u, for set_element / extract_element
  Scalar<Int> sum{Backend::cuda};  // a reduce into a Scalar's output (on the device: no wait)
};

struct GraphState {
  Matrix<float> a;
  Index n = 0;
  Inputs one, dense;  // 1 entry; 1% of n
};

/// `count` distinct indices of [0, n) (seeded), always including `first`.
std::vector<Index> random_indices(Index n, Index count, Index first, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> taken(n, 0);
  std::vector<Index> out{first};
  taken[first] = 1;
  while (static_cast<Index>(out.size()) < count) {
    const Index i = rng() % n;
    if (!taken[i]) taken[i] = 1, out.push_back(i);
  }
  std::sort(out.begin(), out.end());
  return out;
}

Vector<Int> vector_at(Index n, const std::vector<Index>& idx) {
  Vector<Int> x(n, Backend::cuda);
  std::vector<Int> vals(idx.begin(), idx.end());
  x.build(idx, vals);
  return x;
}

Inputs make_inputs(Index n, Index count, Index source) {
  Inputs in;
  in.probe = source;
  in.u = vector_at(n, random_indices(n, count, source, 1));
  in.v = vector_at(n, random_indices(n, count, source, 2));
  in.mask = vector_at(n, random_indices(n, std::max<Index>(count, n / 100), source, 3));
  in.w = Vector<Int>(n, Backend::cuda);
  in.level = Vector<std::int32_t>(n, Backend::cuda);
  const auto lvl = random_indices(n, std::max<Index>(count, n / 100), source, 4);
  in.level.build(lvl, std::vector<std::int32_t>(lvl.size(), 1));
  return in;
}

GraphState* graph(benchmark::State& bm, const std::vector<std::string>& names) {
  return bench::current<GraphState>(bm, [&](GraphState& g) {
    g.a = bench::load_graph<float>(names.at(bm.range(0)), false);
    g.n = g.a.nrows();
    const Index source = bench::sources_with_edges(g.a, 1).at(0);
    g.one = make_inputs(g.n, 1, source);
    g.dense = make_inputs(g.n, std::max<Index>(1, g.n / 100), source);
    // Derived forms (transpose, HYB) are built once, before anything is timed.
    Vector<Int> t(g.n, Backend::cuda);
    vxm(t, no_mask, no_accum, any_secondi<Int>, g.dense.u, g.a, desc::pull);
    mxv(t, no_mask, no_accum, any_secondi<Int>, g.a, g.dense.u, desc::pull);
    vxm(t, no_mask, no_accum, any_secondi<Int>, g.one.u, g.a, desc::push);
    mxv(t, no_mask, no_accum, any_secondi<Int>, g.a, g.one.u, desc::push);
    bench::sync_device();
  });
}

using Op = std::function<void(GraphState&, Inputs&)>;

constexpr Descriptor visited_mask = desc::mask_complement | desc::structure | desc::replace;

const std::vector<std::pair<std::string, Op>>& operations() {
  static const std::vector<std::pair<std::string, Op>> ops = {
      {"vxm_push", [](GraphState& g, Inputs& x) { vxm(x.w, no_mask, no_accum, any_secondi<Int>, x.u, g.a, desc::push); }},
      {"vxm_push_masked", [](GraphState& g, Inputs& x) { vxm(x.w, x.mask, no_accum, any_secondi<Int>, x.u, g.a, visited_mask | desc::push); }},
      {"vxm_pull", [](GraphState& g, Inputs& x) { vxm(x.w, no_mask, no_accum, any_secondi<Int>, x.u, g.a, desc::pull); }},
      {"vxm_pull_masked", [](GraphState& g, Inputs& x) { vxm(x.w, x.mask, no_accum, any_secondi<Int>, x.u, g.a, visited_mask | desc::pull); }},
      {"mxv_push", [](GraphState& g, Inputs& x) { mxv(x.w, no_mask, no_accum, any_secondi<Int>, g.a, x.u, desc::push); }},
      {"mxv_push_masked", [](GraphState& g, Inputs& x) { mxv(x.w, x.mask, no_accum, any_secondi<Int>, g.a, x.u, visited_mask | desc::push); }},
      {"mxv_pull", [](GraphState& g, Inputs& x) { mxv(x.w, no_mask, no_accum, any_secondi<Int>, g.a, x.u, desc::pull); }},
      {"mxv_pull_masked", [](GraphState& g, Inputs& x) { mxv(x.w, x.mask, no_accum, any_secondi<Int>, g.a, x.u, visited_mask | desc::pull); }},
      {"assign_scalar_masked", [](GraphState&, Inputs& x) { assign(x.level, x.u, no_accum, std::int32_t(7), hpg::all, desc::structure); }},
      {"assign_vector_masked", [](GraphState&, Inputs& x) { assign(x.w, x.u, no_accum, x.u, hpg::all, desc::structure); }},
      {"ewise_add", [](GraphState&, Inputs& x) { ewise_add(x.w, no_mask, no_accum, plus<Int>{}, x.u, x.v); }},
      {"ewise_mult", [](GraphState&, Inputs& x) { ewise_mult(x.w, no_mask, no_accum, times<Int>{}, x.u, x.v); }},
      {"apply", [](GraphState&, Inputs& x) { apply(x.w, no_mask, no_accum, ainv<Int>{}, x.u); }},
      {"select", [](GraphState&, Inputs& x) { select(x.w, no_mask, no_accum, valuegt<Int>{}, x.u, Int(0)); }},
      {"reduce_scalar", [](GraphState&, Inputs& x) { benchmark::DoNotOptimize(reduce(plus_monoid<Int>{}, x.u)); }},
      {"reduce_into_scalar", [](GraphState&, Inputs& x) { reduce(x.sum, no_accum, plus_monoid<Int>{}, x.u); }},
      {"nvals", [](GraphState&, Inputs& x) { benchmark::DoNotOptimize(x.u.nvals()); }},
      {"set_element", [](GraphState&, Inputs& x) {
         x.w.set_element(Int(5), x.probe);
         hpg::detail::VectorAccess::apply_pending(x.w);  // the element is merged: what the next operation on w does first
       }},
      {"extract_element", [](GraphState&, Inputs& x) { benchmark::DoNotOptimize(x.u.extract_element(x.probe)); }},
  };
  return ops;
}

/// Times the operation: wall time only, no device-call counter (see the header).
void time_calls(benchmark::State& bm, const std::vector<std::string>& names, const Op& op, bool one_entry) {
  GraphState* g = graph(bm, names);
  if (!g) return;
  Inputs& x = one_entry ? g->one : g->dense;
  op(*g, x);  // warm-up: the output takes its form, scratch memory is in the pool
  bench::sync_device();
  constexpr int batch = 50;
  std::vector<double> per_call, single;
  for (auto _ : bm) {
    auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < batch; ++k) op(*g, x);
    bench::sync_device();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    per_call.push_back(s / batch * 1e6);
    t0 = std::chrono::steady_clock::now();
    op(*g, x);
    bench::sync_device();
    single.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e6);
    bm.SetIterationTime(s / batch);
  }
  bm.counters["us_per_call"] = bench::median_of(per_call);
  bm.counters["us_single"] = bench::median_of(single);
  bm.counters["n"] = static_cast<double>(g->n);
  bm.counters["input_nvals"] = static_cast<double>(x.u.nvals());
}

/// Counts the device calls of one call of the operation (after a warm-up call).
void count_calls(benchmark::State& bm, const std::vector<std::string>& names, const Op& op, bool one_entry) {
  GraphState* g = graph(bm, names);
  if (!g) return;
  Inputs& x = one_entry ? g->one : g->dense;
  op(*g, x);
  bench::sync_device();
  for (auto _ : bm) {
    try {
      DeviceCallCounter count;
      op(*g, x);
      const DeviceCalls calls = count.counts();
      bm.counters["launches"] = static_cast<double>(calls.launches);
      bm.counters["host_waits"] = static_cast<double>(calls.host_waits);
      bm.counters["transfers"] = static_cast<double>(calls.transfers);
      bm.counters["graph_launches"] = static_cast<double>(calls.graph_launches);
      bm.counters["allocations"] = static_cast<double>(calls.allocations);
    } catch (const Error& e) {  // CUPTI missing or held by another tool
      bm.SetLabel(std::string("not counted: ") + e.what());
    }
    bench::sync_device();
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  static const std::vector<std::string> names = bench::graph_names("grid:2048x2048 rmat:22");
  for (bool counting : {false, true})  // every timed benchmark before the first count
    for (std::size_t gi = 0; gi < names.size(); ++gi)
      for (bool one : {true, false})
        for (const auto& [name, op] : operations()) {
          const std::string label = bench::short_name(names[gi]) + "/" + (one ? "1-entry" : "1pct") + "/" + name + (counting ? "/calls" : "");
          auto* b = benchmark::RegisterBenchmark(label.c_str(), [op = op, one, counting](benchmark::State& bm) {
            (counting ? count_calls : time_calls)(bm, names, op, one);
          });
          b->Arg(static_cast<std::int64_t>(gi))->Unit(benchmark::kMicrosecond);
          if (counting) b->Iterations(1);
          else b->UseManualTime()->Iterations(20);
        }
  benchmark::AddCustomContext("hpg_time", "us_per_call: back-to-back calls, median of 20 batches of 50; device calls in <operation>/calls, counted after every timing");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
