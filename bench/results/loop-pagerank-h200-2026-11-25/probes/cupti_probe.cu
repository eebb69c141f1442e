// Does a CUPTI DeviceCallCounter, made and dropped before, make 8 threads of PageRank (device loop) hang?
#include <cstdio>
#include <csignal>
#include <execinfo.h>
#include <pthread.h>
#include <unistd.h>
#include <mutex>
#include <cstring>
#include <random>
#include <thread>
#include <vector>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/device_calls.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/bfs.hpp"
using namespace hpg;
// After a while, every worker thread prints its stack (SIGUSR1 handler; -rdynamic names our functions).
std::mutex g_print;
bool use_bfs = false;
std::vector<pthread_t> g_workers;
void dump(int) {
  void* f[64]; const int k = backtrace(f, 64);
  char head[64]; const int l = snprintf(head, sizeof head, "--- thread %lu\n", (unsigned long)pthread_self());
  write(2, head, l); backtrace_symbols_fd(f, k, 2);
}
constexpr Index n = 20000;
Matrix<float> graph(std::uint32_t seed, Backend b) {
  std::mt19937 g(seed);
  std::vector<Index> r, c;
  for (int k = 0; k < 120000; ++k) {
    const Index i = k % 9 == 0 ? g() % 16 : g() % n, j = g() % n;
    if (i == j) continue;
    r.push_back(i); c.push_back(j); r.push_back(j); c.push_back(i);
  }
  Matrix<float> a(n, n, b);
  a.build(r, c, std::vector<float>(r.size(), 1.0f), hpg::first<float>{});
  return a;
}
int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "plain";
  use_bfs = argc > 2 && !strcmp(argv[2], "bfs");
  signal(SIGUSR1, dump);
  const Matrix<float> serial = graph(11, Backend::cuda);
  std::unique_ptr<DeviceCallCounter> live;
  if (!strcmp(mode, "counter")) { DeviceCallCounter c; Vector<float> v(10, Backend::cuda); v.set_element(1.f, 3); v.wait(); printf("counted: %s\n", to_string(c.counts()).c_str()); }
  if (!strcmp(mode, "counter-loop")) { DeviceCallCounter c; auto r = bfs(graph(3, Backend::cuda), 0); printf("bfs depth %d, counted: %s\n", r.depth, to_string(c.counts()).c_str()); }
  if (!strcmp(mode, "loop")) { auto r = bfs(graph(3, Backend::cuda), 0); printf("bfs depth %d\n", r.depth); }
  if (!strcmp(mode, "live")) live = std::make_unique<DeviceCallCounter>();
  fflush(stdout);
  auto rank = [](const Matrix<float>& a, int t) {
    std::vector<Index> i; std::vector<float> x;
    if (use_bfs) {
      const auto r = bfs(a, Index(t));
      std::vector<std::int32_t> l; r.level.extract_tuples(i, l);
      for (auto v : l) x.push_back(float(v));
      return x;
    }
    PageRankOptions opt; opt.damping = 0.80 + 0.02 * t;
    const auto r = pagerank(a, opt);
    r.rank.extract_tuples(i, x);
    return x;
  };
  std::vector<std::vector<float>> expected(8), got(8);
  for (int t = 0; t < 8; ++t) expected[t] = rank(serial, t);
  const unsigned long g0 = detail::device_loop_graphs;
  printf("%s: serial done, graphs %lu\n", mode, g0); fflush(stdout);
  const pthread_t main_thread = pthread_self();
  std::vector<std::thread> ts;
  ts.reserve(8);
  std::thread watchdog([&] {
    sleep(15);
    fprintf(stderr, "%s: still running after 15 s; stacks:\n", mode);
    kill(getpid(), 0);
    pthread_kill(main_thread, SIGUSR1); usleep(300000);
    for (auto& t : ts) { pthread_kill(t.native_handle(), SIGUSR1); usleep(200000); }
    usleep(500000);
    fflush(stderr);
    _exit(7);
  });
  watchdog.detach();
  const Matrix<float> shared = serial.dup();
  printf("dup done\n"); fflush(stdout);
  shared.wait();
  printf("wait done\n"); fflush(stdout);
  for (int t = 0; t < 8; ++t) ts.emplace_back([&, t] { got[t] = rank(shared, t); });
  for (auto& t : ts) t.join();
  int bad = 0; for (int t = 0; t < 8; ++t) bad += got[t] != expected[t];
  printf("%s: done, %d threads differ, graphs %lu\n", mode, bad, (unsigned long)detail::device_loop_graphs); fflush(stdout);
}
