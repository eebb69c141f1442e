// Device loops from several threads at once: BFS (push stretches as graphs) or PageRank.
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
using namespace hpg;
int main(int argc, char** argv) {
  const bool bfs_mode = argc > 1 && !std::strcmp(argv[1], "bfs");
  Matrix<float> a = generate<float>(gen::parse_spec(bfs_mode ? "grid:64x64" : "rmat:14"), Backend::cuda);
  const bool fresh = argc > 2;  // a dup whose derived forms are built by the threads, as the test does
  if (!fresh) { if (bfs_mode) (void)bfs(a, 0); else (void)pagerank(a); }
  if (fresh) a = a.dup();
  a.wait();
  std::vector<std::thread> ts;
  for (int t = 0; t < 8; ++t) ts.emplace_back([&, t] {
    if (bfs_mode) { auto r = bfs(a, Index(t)); printf("thread %d depth %d graphs %lu %s\n", t, r.depth, (unsigned long)detail::device_loop_graphs, detail::device_loop_declined.c_str()); }
    else { PageRankOptions o; o.damping = 0.8 + 0.02 * t; auto r = pagerank(a, o); printf("thread %d iters %d graphs %lu %s\n", t, r.iterations, (unsigned long)detail::device_loop_graphs, detail::device_loop_declined.c_str()); }
    fflush(stdout);
  });
  for (auto& t : ts) t.join();
  printf("done\n");
}
