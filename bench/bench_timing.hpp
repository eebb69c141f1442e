// Wall-clock timing of a whole call for the manual-time benchmarks. time_ms: one untimed warm-up
// (a matrix's derived forms, transpose and HYB, are built once and cached), then each iteration
// timed to its end on the device, so asynchronous GPU work is counted; returns the median in ms.
// The median, not the mean: on the lent GPU machine one of three repetitions of SSSP on RMAT-21
// once took 12.1 ms a call against 8.6 and 8.8 (same rounds, same kernels), and a mean of three
// iterations carries such a stall into the report. median_ms: for a CPU baseline, below.
#pragma once

#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace hpg::bench {

/// What time_ms returns over the iterations, as the bench programs name it in their context
/// ("hpg_time") for bench_report.py.
inline constexpr char time_statistic[] = "median";

/// The median of `ms` (reordered); 0 when it is empty.
inline double median_of(std::vector<double>& ms) {
  if (ms.empty()) return 0;
  std::sort(ms.begin(), ms.end());
  const std::size_t k = ms.size() / 2;
  return ms.size() % 2 ? ms[k] : (ms[k - 1] + ms[k]) / 2;
}

/// Waits for the device; an error there (a failed kernel of the timed call) ends the benchmark run.
inline void sync_device() {
  const cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) throw std::runtime_error(std::string("cudaDeviceSynchronize: ") + cudaGetErrorString(e));
}

template <class F>
double time_ms(benchmark::State& state, F&& f) {
  f();
  sync_device();
  std::vector<double> ms;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    sync_device();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(s);
    ms.push_back(s * 1e3);
  }
  return median_of(ms);
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
    median = median_of(ms);
    state.SetIterationTime(median / 1e3);
  }
  state.counters["runs"] = static_cast<double>(ms.size());
  return median;
}

}  // namespace hpg::bench
