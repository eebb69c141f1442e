// Breadth-first search as GraphBLAS calls (docs/design.md, "The four primitives"): levels and parents
// from a source along out-edges. Each level is one vxm with any.secondi (the product of a
// frontier entry at k and an edge k -> j is k: a parent of j) masked by the complement of the
// parents found so far. Direction-optimizing after Beamer et al.: push (saxpy) while the frontier
// is small, pull (dot, skipping visited rows and stopping a row at its first parent) while it is
// large; the switch rules' constants are parameters.
// Defined cases: a non-square matrix is Error(dimension_mismatch); a source outside [0, n) (any
// source when n = 0) is Error(invalid_index); a self-loop changes nothing (its target is visited);
// an isolated source reaches only itself (level 0, parent itself, depth 1).
#pragma once

#include <cstdint>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

struct BfsOptions {
  /// Push -> pull when the frontier's edges (estimated as nvals(frontier) * average degree) exceed
  /// the unvisited vertices' edges / alpha (Beamer's alpha; GAP uses 15).
  double alpha = 15.0;
  /// Pull -> push when the frontier shrinks below n / beta vertices (Beamer's beta; GAP uses 18).
  double beta = 18.0;
  /// Force one direction (AxbMethod::push or ::pull) instead of switching, for experiments.
  AxbMethod method = AxbMethod::automatic;
};

struct BfsResult {
  Vector<std::int32_t> level;   // hops from the source; unreached vertices have no entry
  Vector<std::int64_t> parent;  // a BFS parent of every reached vertex; parent(source) = source
  std::int32_t depth = 0;       // levels visited (the eccentricity of the source + 1)
};

template <class T>
BfsResult bfs(const Matrix<T>& a, Index source, const BfsOptions& opt = {}) {
  const Index n = a.nrows();
  if (a.ncols() != n) throw Error(Info::dimension_mismatch, "bfs: the matrix must be square");
  if (source >= n) throw Error(Info::invalid_index, "bfs: source " + std::to_string(source) + " outside [0, " + std::to_string(n) + ")");
  const Backend b = a.backend();
  BfsResult r{Vector<std::int32_t>(n, b), Vector<std::int64_t>(n, b)};
  Vector<std::int64_t> frontier(n, b);
  frontier.set_element(static_cast<std::int64_t>(source), source);
  r.parent.set_element(static_cast<std::int64_t>(source), source);
  const double avg_degree = n ? static_cast<double>(a.nvals()) / static_cast<double>(n) : 0;
  bool pull = opt.method == AxbMethod::pull;
  Index visited = 1, nq = 1;
  for (; nq > 0; ++r.depth) {
    assign(r.level, frontier, no_accum, r.depth, all, desc::structure);  // level<frontier> = depth
    if (opt.method == AxbMethod::automatic) {
      const double frontier_edges = static_cast<double>(nq) * avg_degree;
      const double unvisited_edges = static_cast<double>(n - visited) * avg_degree;
      pull = pull ? static_cast<double>(nq) >= static_cast<double>(n) / opt.beta : frontier_edges > unvisited_edges / opt.alpha;
    }
    // frontier<!struct(parent), replace> = frontier any.secondi A
    vxm(frontier, r.parent, no_accum, any_secondi<std::int64_t>, frontier, a,
        desc::mask_complement | desc::structure | desc::replace | (pull ? desc::pull : desc::push));
    assign(r.parent, frontier, no_accum, frontier, all, desc::structure);  // parent<frontier> = frontier
    nq = frontier.nvals();
    visited += nq;
  }
  return r;
}

}  // namespace hpg
