// The GPU benchmarks' graphs, named by one integer so every bench program means the same graph:
// id > 0 is RMAT at that scale (Graph500 parameters, edge factor 16, symmetrized); 0 is a
// 2048 x 2048 grid (road-like: long diameter).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/hpgraph.hpp"

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

/// The short name bench tables print for graph `id`.
inline std::string graph_name(int id) { return id > 0 ? "rmat-" + std::to_string(id) : "grid-2048x2048"; }

/// The bench state of graph `id`, filled in by fill(state) the first time it is asked for and kept
/// for the rest of the run (a graph is generated and uploaded once, however many benchmarks read it).
template <class State, class Fill>
State& cached(int id, Fill&& fill) {
  static std::map<int, std::unique_ptr<State>> cache;
  auto& s = cache[id];
  if (!s) {
    auto made = std::make_unique<State>();
    fill(*made);
    s = std::move(made);
  }
  return *s;
}

/// `count` sources drawn (seeded, repeats allowed) from the vertices with at least one out-edge.
template <class T>
std::vector<Index> sources_with_edges(const Matrix<T>& a, std::size_t count) {
  const Index n = a.nrows();
  Vector<T> ones(n, a.backend()), deg(n, a.backend());
  assign(ones, no_mask, no_accum, T(1), all);
  mxv(deg, no_mask, no_accum, plus_pair<T>, a, ones);
  std::vector<Index> idx;
  std::vector<T> d;
  deg.extract_tuples(idx, d);
  std::mt19937_64 rng(27491095);
  std::vector<Index> sources;
  while (sources.size() < count && !idx.empty()) sources.push_back(idx[rng() % idx.size()]);
  return sources;
}

}  // namespace hpg::bench
