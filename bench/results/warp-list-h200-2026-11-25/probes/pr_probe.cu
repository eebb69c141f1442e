// Why PageRank's loop does or does not run as a device graph, per variant.
#include <cstdio>
#include "hpgraph/hpgraph.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
using namespace hpg;
int main(int argc, char** argv) {
  const char* spec = argc > 1 ? argv[1] : "rmat:10";
  Matrix<float> a = generate<float>(gen::parse_spec(spec), Backend::cuda);
  for (int v = 0; v < 3; ++v) {
    PageRankOptions o; o.variant = PageRankVariant(v); o.tol = 1e-6;
    const auto before = detail::device_loop_graphs;
    auto r = pagerank(a, o);
    printf("variant %d: %d iterations, converged %d, last %.3g, graphs %lu, declined: %s\n", v, r.iterations, r.converged, r.last_change,
           (unsigned long)(detail::device_loop_graphs - before), detail::device_loop_declined.c_str());
  }
}
