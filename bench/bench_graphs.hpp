// The GPU benchmarks' graphs, named by one integer so every bench program means the same graph:
// id > 0 is RMAT at that scale (Graph500 parameters, edge factor 16, symmetrized); 0 is a
// 2048 x 2048 grid (road-like: long diameter).
#pragma once

#include "hpgraph/generate.hpp"

namespace hpg::bench {

inline gen::GraphSpec graph_spec(int id) {
  gen::GraphSpec s;
  if (id > 0) {
    s.family = gen::Family::rmat;
    s.scale = id;
    s.edge_factor = 16;
    s.symmetrize = true;
  } else {
    s.family = gen::Family::grid;
    s.grid_rows = s.grid_cols = 2048;
  }
  return s;
}

}  // namespace hpg::bench
