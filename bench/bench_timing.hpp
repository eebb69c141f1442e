// Wall-clock timing of a whole call for the manual-time benchmarks. time_ms: one untimed warm-up
// (a matrix's derived forms, transpose and HYB, are built once and cached), then each iteration
// timed to its end on the device, so asynchronous GPU work is counted; returns the mean in ms.
// median_ms: for a CPU baseline, below.
#pragma once

#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace hpg::bench {

template <class F>
double time_ms(benchmark::State& state, F&& f) {
  f();
  cudaDeviceSynchronize();
  double total = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    cudaDeviceSynchronize();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(s);
    total += s * 1e3;
  }
  return total / static_cast<double>(state.iterations());
}

/// A CPU baseline's time (SuiteSparse caches nothing between calls, so no warm-up): the median of
/// up to max_runs timed runs, stopping once they have taken budget_s seconds, so that a fast row's
/// noise is damped and a slow one (TC at scale 24: two minutes) still costs one run. Register the
/// benchmark with Iterations(1): the runs happen inside that one iteration, whose time is the
/// median. Sets the counter `runs`; returns the median in ms.
template <class F>
double median_ms(benchmark::State& state, F&& f, int max_runs = 5, double budget_s = 5.0) {
  std::vector<double> ms;
  double median = 0;
  for (auto _ : state) {
    ms.clear();
    double spent = 0;
    while (static_cast<int>(ms.size()) < max_runs && spent < budget_s) {
      const auto t0 = std::chrono::steady_clock::now();
      f();
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      spent += s;
      ms.push_back(s * 1e3);
    }
    std::sort(ms.begin(), ms.end());
    const std::size_t k = ms.size() / 2;
    median = ms.size() % 2 ? ms[k] : (ms[k - 1] + ms[k]) / 2;
    state.SetIterationTime(median / 1e3);
  }
  state.counters["runs"] = static_cast<double>(ms.size());
  return median;
}

}  // namespace hpg::bench
