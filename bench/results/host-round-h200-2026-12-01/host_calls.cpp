// Probe (not part of the build): where a BFS level looping from the host spends its time. The
// body of algorithms/bfs.hpp's pushed level, called from a plain host loop, each call's return
// timed on the host (steady_clock), then the device calls of one level counted.
//   host_calls [spec]   (default grid:2048x2048)
#include <algorithm>
#include <optional>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <cupti.h>

#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <time.h>

#include <cstring>
#include <map>

#include "hpgraph/hpgraph.hpp"

using namespace hpg;
using clk = std::chrono::steady_clock;

// --api: every CUDA runtime and driver API call the library makes (the outermost, not the driver
// calls inside a runtime call), per phase of a level: count and host time inside the call.
// --sample: a sampling profile of the host thread (SIGPROF-like timer at 5 kHz while the levels
// run): each sample's return addresses, printed as module+offset for addr2line.
constexpr int max_samples = 40000, max_frames = 40;
void* sample_pc[max_samples][max_frames];
int sample_depth[max_samples];
int sample_phase[max_samples];
volatile int samples = 0;
volatile bool sampling = false;
int phase = -1;
void on_tick(int) {
  if (!sampling || samples >= max_samples) return;
  const int i = samples;
  sample_depth[i] = backtrace(sample_pc[i], max_frames);
  sample_phase[i] = phase;
  samples = i + 1;
}  // the call of the level being recorded, or -1
std::map<std::string, std::pair<long, double>> api[5];
thread_local int depth = 0;
thread_local clk::time_point entered;
void CUPTIAPI on_api(void*, CUpti_CallbackDomain, CUpti_CallbackId, const void* data) {
  const auto* d = static_cast<const CUpti_CallbackData*>(data);
  if (d->callbackSite == CUPTI_API_ENTER) {
    if (depth++ == 0) entered = clk::now();
  } else if (--depth == 0 && phase >= 0) {
    auto& e = api[phase][d->functionName];
    ++e.first;
    e.second += std::chrono::duration<double, std::micro>(clk::now() - entered).count();
  }
}

int main(int argc, char** argv) {
  const bool trace_api = argc > 1 && std::string(argv[1]) == "--api";
  if (trace_api) --argc, ++argv;
  const bool sample = argc > 1 && std::string(argv[1]) == "--sample";
  if (sample) --argc, ++argv;
  // --held: each level inside a DeferralScope, as loop_while runs a round from the host (the
  // push holds its kernel, the assigns go into it, the count comes back with it).
  const bool held = argc > 1 && std::string(argv[1]) == "--held";
  if (held) --argc, ++argv;
  if (sample) {
    void* warm[4];
    backtrace(warm, 4);  // loads the unwinder before a signal needs it
    struct sigaction sa {};
    sa.sa_handler = on_tick;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, nullptr);
    sigevent ev{};
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = SIGUSR1;
    ev._sigev_un._tid = gettid();
    timer_t timer;
    timer_create(CLOCK_MONOTONIC, &ev, &timer);
    itimerspec it{};
    it.it_interval.tv_nsec = 200000;
    it.it_value.tv_nsec = 200000;
    timer_settime(timer, 0, &it, nullptr);
  }
  const std::string spec = argc > 1 ? argv[1] : "grid:2048x2048";
  if (trace_api) {
    CUpti_SubscriberHandle sub;
    if (cuptiSubscribe(&sub, on_api, nullptr) != CUPTI_SUCCESS || cuptiEnableDomain(1, sub, CUPTI_CB_DOMAIN_RUNTIME_API) != CUPTI_SUCCESS ||
        cuptiEnableDomain(1, sub, CUPTI_CB_DOMAIN_DRIVER_API) != CUPTI_SUCCESS) {
      std::fprintf(stderr, "host_calls: cannot subscribe to CUPTI\n");
      return 2;
    }
  }
  const Matrix<float> a = generate<float>(gen::parse_spec(spec), Backend::cuda);
  const Index n = a.nrows();
  for (int rep = 0; rep < (trace_api ? 2 : sample ? 8 : 3); ++rep) {
    Vector<std::int32_t> level(n, Backend::cuda);
    Vector<std::int64_t> parent(n, Backend::cuda), frontier(n, Backend::cuda);
    frontier.set_element(0, 0);
    parent.set_element(0, 0);
    level.set_element(0, 0);
    Scalar<std::int32_t> depth(1, Backend::cuda);
    std::vector<double> t[5];
    const auto start = clk::now();
    long levels = 0;
    const bool count = rep == 2 && !trace_api && !sample;
    const bool recording = trace_api && rep == 1;
    sampling = sample && rep >= 2;
    DeviceCalls calls{};
    while (true) {
      const auto t0 = clk::now();
      std::optional<DeviceCallCounter> counter;
      if (count && levels == 100) counter.emplace();
      const bool rec = (recording && levels >= 100 && levels < 1100) || sampling;
      std::optional<detail::DeferralScope> scope;
      if (held) scope.emplace();
      phase = rec ? 0 : -1;
      vxm(frontier, parent, no_accum, any_secondi<std::int64_t>, frontier, a,
          desc::mask_complement | desc::structure | desc::replace | desc::push);
      const auto t1 = clk::now();
      phase = rec ? 1 : -1;
      assign(parent, frontier, no_accum, frontier, hpg::all, desc::structure);
      const auto t2 = clk::now();
      phase = rec ? 2 : -1;
      assign(level, frontier, no_accum, depth, hpg::all, desc::structure);
      const auto t3 = clk::now();
      phase = rec ? 3 : -1;
      depth.set_element(static_cast<std::int32_t>(levels + 2));  // as loop_while counts a host-current Scalar
      const auto t4 = clk::now();
      phase = rec ? 4 : -1;
      const Index k = frontier.nvals();
      const auto t5 = clk::now();
      phase = -1;
      if (scope) scope->finish();
      if (counter) {
        calls = counter->counts();
        counter.reset();
      }
      ++levels;
      auto us = [](auto a, auto b) { return std::chrono::duration<double, std::micro>(b - a).count(); };
      t[0].push_back(us(t0, t1));
      t[1].push_back(us(t1, t2));
      t[2].push_back(us(t2, t3));
      t[3].push_back(us(t3, t4));
      t[4].push_back(us(t4, t5));
      if (k == 0) break;
    }
    sampling = false;
    const double ms = std::chrono::duration<double, std::milli>(clk::now() - start).count();
    const char* names[5] = {"vxm push", "assign parent", "assign level", "depth.set_element", "nvals (copy + wait)"};
    std::printf("rep %d: %ld levels, %.2f ms, %.2f us/level\n", rep, levels, ms, ms * 1e3 / levels);
    for (int i = 0; i < 5; ++i) {
      std::vector<double> v = t[i];
      std::sort(v.begin(), v.end());
      double sum = 0;
      for (double x : v) sum += x;
      std::printf("  %-28s median %7.2f  p90 %7.2f  mean %7.2f us\n", names[i], v[v.size() / 2], v[v.size() * 9 / 10], sum / v.size());
    }
    if (count) std::printf("  level 100's device calls: %s\n", to_string(calls).c_str());
    if (sample && rep == 7) {
      std::printf("samples %d\n", samples);
      for (int i = 0; i < samples; ++i) {
        std::printf("S %d", sample_phase[i]);
        for (int f = 0; f < sample_depth[i]; ++f) {
          Dl_info info{};
          if (dladdr(sample_pc[i][f], &info) && info.dli_fname) {
            const char* base = std::strrchr(info.dli_fname, '/');
            std::printf(" %s+%lx", base ? base + 1 : info.dli_fname,
                        static_cast<unsigned long>(static_cast<char*>(sample_pc[i][f]) - static_cast<char*>(info.dli_fbase)));
          } else {
            std::printf(" ?%p", sample_pc[i][f]);
          }
        }
        std::printf("\n");
      }
    }
    if (recording)
      for (int i = 0; i < 5; ++i) {
        std::printf("  CUDA API calls in '%s' (levels 100-1099, per level):\n", names[i]);
        for (const auto& [name, e] : api[i]) std::printf("    %6.2f calls %7.2f us  %s\n", e.first / 1000.0, e.second / 1000.0, name.c_str());
      }
  }
}
