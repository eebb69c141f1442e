// Wall-clock timing of a whole call for the manual-time benchmarks: one untimed warm-up (a matrix's
// derived forms, transpose and HYB, are built once and cached; warm_up = false skips it for a CPU
// baseline that caches nothing), then each iteration timed to its end on the device, so
// asynchronous GPU work is counted. Returns the mean in ms.
#pragma once

#include <benchmark/benchmark.h>
#include <cuda_runtime.h>

#include <chrono>

namespace hpg::bench {

template <class F>
double time_ms(benchmark::State& state, F&& f, bool warm_up = true) {
  if (warm_up) f();
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

}  // namespace hpg::bench
