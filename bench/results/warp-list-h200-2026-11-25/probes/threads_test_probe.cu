// ThreadSafety.PageRankOnSharedGraphWithPerThreadOptions as a program, with PageRank as a device loop.
#include <cstdio>
#include <random>
#include <thread>
#include <vector>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
using namespace hpg;
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
int main() {
  const Matrix<float> serial = graph(11, Backend::cuda);
  auto rank = [](const Matrix<float>& a, int t) {
    PageRankOptions opt; opt.damping = 0.80 + 0.02 * t;
    const auto r = pagerank(a, opt);
    std::vector<Index> i; std::vector<float> x; r.rank.extract_tuples(i, x);
    printf("thread %d: %d iterations, graphs %lu %s\n", t, r.iterations, (unsigned long)detail::device_loop_graphs, detail::device_loop_declined.c_str()); fflush(stdout);
    return x;
  };
  std::vector<std::vector<float>> expected(8), got(8);
  for (int t = 0; t < 8; ++t) expected[t] = rank(serial, t);
  printf("serial done\n"); fflush(stdout);
  const Matrix<float> shared = serial.dup();
  shared.wait();
  std::vector<std::thread> ts;
  for (int t = 0; t < 8; ++t) ts.emplace_back([&, t] { got[t] = rank(shared, t); });
  for (auto& t : ts) t.join();
  int bad = 0; for (int t = 0; t < 8; ++t) bad += got[t] != expected[t];
  printf("done, %d threads differ\n", bad);
}
