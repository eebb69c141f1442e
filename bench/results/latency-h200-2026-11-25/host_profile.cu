// Where a 1-entry vxm push / ewise_mult / select spends its host time: a SIGPROF sampler records
// the stacks of 20,000 back-to-back calls; addresses in this (non-PIE) binary are symbolized later
// with addr2line, those in shared libraries by dladdr here.
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <sys/time.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include "hpgraph/hpgraph.hpp"
using namespace hpg;
constexpr int kDepth = 24;
constexpr int kMax = 200000;
static void* g_stacks[kMax][kDepth];
static int g_depth[kMax];
static volatile int g_n = 0;
static void on_prof(int, siginfo_t*, void*) {
  const int i = g_n;
  if (i >= kMax) return;
  g_depth[i] = backtrace(g_stacks[i], kDepth);
  g_n = i + 1;
}
static void start(int us) {
  struct sigaction sa{};
  sa.sa_sigaction = on_prof;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGPROF, &sa, nullptr);
  itimerval t{{0, us}, {0, us}};
  setitimer(ITIMER_PROF, &t, nullptr);
}
static void stop() { itimerval t{}; setitimer(ITIMER_PROF, &t, nullptr); }
static void dump(const char* path) {
  FILE* f = fopen(path, "w");
  for (int i = 0; i < g_n; ++i) {
    for (int k = 0; k < g_depth[i]; ++k) {
      Dl_info info{};
      const char* lib = "?";
      if (dladdr(g_stacks[i][k], &info) && info.dli_fname) lib = info.dli_fname;
      const bool self = strstr(lib, "host_profile") != nullptr;
      fprintf(f, "%s%p:%s:%s", k ? " " : "", g_stacks[i][k], self ? "self" : strrchr(lib, '/') ? strrchr(lib, '/') + 1 : lib,
              !self && info.dli_sname ? info.dli_sname : "-");
    }
    fprintf(f, "\n");
  }
  fclose(f);
}
int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "vxm_push";
  const std::string out = argc > 2 ? argv[2] : "stacks.txt";
  Matrix<float> a = generate<float>(gen::parse_spec("grid:2048x2048"), Backend::cuda);
  const Index n = a.nrows();
  using Int = std::int64_t;
  Vector<Int> u(n, Backend::cuda), v(n, Backend::cuda), w(n, Backend::cuda);
  u.build(std::vector<Index>{5}, std::vector<Int>{5});
  v.build(std::vector<Index>{5, 9}, std::vector<Int>{5, 9});
  auto op = [&] {
    if (which == "vxm_push") vxm(w, no_mask, no_accum, any_secondi<Int>, u, a, desc::push);
    else if (which == "ewise_mult") ewise_mult(w, no_mask, no_accum, times<Int>{}, u, v);
    else if (which == "select") select(w, no_mask, no_accum, valuegt<Int>{}, v, Int(6));
    else apply(w, no_mask, no_accum, identity<Int>{}, u);
  };
  for (int i = 0; i < 200; ++i) op();
  detail::device_synchronize("warm-up");
  const int N = 20000;
  auto t0 = std::chrono::steady_clock::now();
  start(200);
  for (int i = 0; i < N; ++i) op();
  detail::device_synchronize("end");
  stop();
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / N;
  printf("%s: %.2f us a call, %d samples\n", which.c_str(), us, g_n);
  dump(out.c_str());
}
