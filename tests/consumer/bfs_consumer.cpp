// A BFS through the installed headers and library: a path 0 -> 1 -> 2 -> 3 plus 0 -> 2, on the
// default backend (the GPU where there is one). Exit status 0 when the levels are right.
#include <cstdio>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/hpgraph.hpp"

int main() {
  hpg::Matrix<bool> a(5, 5);
  a.build(std::vector<hpg::Index>{0, 1, 2, 0}, std::vector<hpg::Index>{1, 2, 3, 2}, std::vector<bool>{true, true, true, true});
  const hpg::BfsResult r = hpg::bfs(a, 0);
  const int want[5] = {0, 1, 1, 2, -1};
  int wrong = 0;
  for (hpg::Index v = 0; v < 5; ++v) {
    const auto level = r.level.extract_element(v);
    const int got = level ? *level : -1;
    if (got != want[v]) {
      std::printf("vertex %llu: level %d, want %d\n", static_cast<unsigned long long>(v), got, want[v]);
      ++wrong;
    }
  }
  std::printf("bfs_consumer on %s: %s\n", hpg::backend_description(a.backend()).c_str(), wrong ? "WRONG" : "levels right");
  return wrong ? 1 : 0;
}
