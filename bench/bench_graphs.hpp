// The GPU benchmarks' graphs, named by one integer so every bench program means the same graph:
// id > 0 is RMAT at that scale (Graph500 parameters, edge factor 16, symmetrized); 0 is a
// 2048 x 2048 grid (road-like: long diameter).
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <map>
#include <memory>
#include <random>
#include <sstream>
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

/// The graphs a bench program runs on, by name: the HPG_BENCH_GRAPHS environment variable when it
/// is set (names separated by spaces or commas), else `defaults`. A name is a generator spec as the
/// hpgraph program takes it (rmat:21, urand:22, grid:2048x2048) or a graph file.
inline std::vector<std::string> graph_names(const std::string& defaults) {
  const char* env = std::getenv("HPG_BENCH_GRAPHS");
  std::string text = env != nullptr && *env ? env : defaults;
  std::replace(text.begin(), text.end(), ',', ' ');
  std::istringstream in(text);
  std::vector<std::string> names;
  for (std::string w; in >> w;) names.push_back(w);
  return names;
}

/// What tables print for a graph name: the spec with ':' as '-' (rmat-21), or a file's base name
/// without its extensions.
inline std::string short_name(const std::string& name) {
  if (gen::looks_like_spec(name)) {
    std::string s = name;
    std::replace(s.begin(), s.end(), ':', '-');
    return s;
  }
  std::string base = name.substr(name.find_last_of('/') + 1);
  return base.substr(0, base.find('.'));
}

/// Graph `name` on the GPU as an undirected graph without self-loops: a generator's edges
/// symmetrized (a grid's already are), a file's entries and their reverses. `weighted`: integer
/// weights 1..255 (a generator draws its own; a file's edge gets one from a hash of its two ends, the
/// same both ways); otherwise every value is 1.
template <class T>
Matrix<T> load_graph(const std::string& name, bool weighted) {
  if (gen::looks_like_spec(name)) {
    gen::GraphSpec s = gen::parse_spec(name);
    s.symmetrize = s.family != gen::Family::grid;
    s.remove_self_loops = true;
    s.weighted = weighted;
    return generate<T>(s, Backend::cuda);
  }
  const Matrix<bool> file = io::read_matrix<bool>(name, {}, hpg::lor<bool>{}, nullptr, true, Backend::host);
  std::vector<Index> r, c;
  std::vector<bool> ignored;
  file.extract_tuples(r, c, ignored);
  std::vector<Index> rows, cols;
  std::vector<T> vals;
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (r[k] == c[k]) continue;
    rows.push_back(r[k]);
    cols.push_back(c[k]);
    std::uint64_t h = std::min(r[k], c[k]) * 0x9E3779B97F4A7C15ull ^ (std::max(r[k], c[k]) + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    vals.push_back(weighted ? static_cast<T>(1 + h % 255) : T(1));
  }
  Matrix<T> a(file.nrows(), file.ncols(), Backend::cuda);
  a.build(rows, cols, vals, no_dup);
  return a;
}

/// The bench state of the graph benchmark `bm` runs on (its first argument, range(0), is the
/// graph's id), filled in by fill(state) when first asked for and kept until another graph is
/// asked for: a run that goes graph by graph (as every bench program registers its benchmarks)
/// makes each graph once and holds one in GPU memory at a time. A graph that cannot
/// be made (an unreadable file, a graph too big for the GPU) ends each benchmark that asks for it
/// with the error (SkipWithError; the report shows it as a failed row) and gives nullptr: the run
/// goes on with the next graph.
template <class State, class Fill>
State* current(benchmark::State& bm, Fill&& fill) {
  const auto id = bm.range(0);
  static std::int64_t held = -1;
  static std::unique_ptr<State> state;
  static std::map<std::int64_t, std::string> failed;  // made once, not retried by every benchmark
  if (const auto f = failed.find(id); f != failed.end()) {
    bm.SkipWithError(f->second.c_str());
    return nullptr;
  }
  if (id != held || !state) {
    state.reset();  // the previous graph's memory is free before the next one is made
    held = -1;
    auto made = std::make_unique<State>();
    try {
      fill(*made);
    } catch (const std::exception& e) {
      failed[id] = std::string("graph not made: ") + e.what();
      bm.SkipWithError(failed[id].c_str());
      return nullptr;
    }
    state = std::move(made);
    held = id;
  }
  return state.get();
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
