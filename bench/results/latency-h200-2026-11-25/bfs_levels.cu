// BFS on grid:2048x2048 with the levels looped from the host (device_loops off), for ncu to time
// each kernel of a level: run under ncu with --launch-skip past the first levels.
#include <cstdio>
#include <cstdlib>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/bfs.hpp"
using namespace hpg;
int main(int argc, char** argv) {
  const bool device_loops = argc > 1 && atoi(argv[1]) != 0;
  detail::tuning().device_loops = device_loops;
  Matrix<float> a = generate<float>(gen::parse_spec("grid:2048x2048"), Backend::cuda);
  BfsOptions o;
  o.method = AxbMethod::push;
  BfsResult r = bfs(a, 0, o);
  printf("depth %d, reached %llu\n", r.depth, (unsigned long long)r.level.nvals());
}
