// Breadth-first search as GraphBLAS calls (docs/design.md, "The four primitives"): levels and parents
// from a source along out-edges. Each level is one vxm with any.secondi (the product of a
// frontier entry at k and an edge k -> j is k: a parent of j) masked by the complement of the
// parents found so far. Direction-optimizing after Beamer et al.: push (saxpy) while the frontier
// is small, pull (dot, skipping visited rows and stopping a row at its first parent) while it is
// large; the switch rules' constants are parameters. Each stretch of one direction is a
// loop_while, so on the GPU a long one (a road network's thousands of levels) runs as one graph.
// Defined cases: a non-square matrix is Error(dimension_mismatch); a source outside [0, n) (any
// source when n = 0) is Error(invalid_index); a self-loop changes nothing (its target is visited);
// an isolated source reaches only itself (level 0, parent itself, depth 1).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

struct BfsOptions {
  /// Push -> pull when the frontier's edges (estimated as nvals(frontier) * average degree) exceed
  /// the unvisited vertices' edges / alpha (Beamer's alpha; GAP uses 15), the unvisited vertices
  /// counted when a stretch of pushed levels starts (the stretch runs as one device loop).
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
  r.level.set_element(0, source);
  Scalar<std::int32_t> depth(1, b);  // the level of the vertices a round finds: every round counts itself into it
  // The two assigns come right after the push: in a device loop they wait (deferred), and a push
  // under any does them itself as it finds each vertex; after a pull they wait for the round's
  // last kernel (hpgraph/loop.hpp).
  const auto level = [&](Descriptor direction) {
    return [&, direction] {
      // frontier<!struct(parent), replace> = frontier any.secondi A
      vxm(frontier, r.parent, no_accum, any_secondi<std::int64_t>, frontier, a,
          desc::mask_complement | desc::structure | desc::replace | direction);
      assign(r.parent, frontier, no_accum, frontier, all, desc::structure);  // parent<frontier> = frontier
      assign(r.level, frontier, no_accum, depth, all, desc::structure);      // level<frontier> = depth
    };
  };
  const auto push = level(desc::push), pull = level(desc::pull);
  // The levels run as device loops (hpgraph/loop.hpp): one per stretch of one direction.
  if (opt.method != AxbMethod::automatic) {
    loop_while(nonempty(frontier), opt.method == AxbMethod::pull ? pull : push, n, depth);
  } else {
    // Beamer's rules with the frontier's and the unvisited vertices' edges estimated by the
    // average degree (which cancels): push while nvals(frontier) < unvisited / alpha + 1, the
    // unvisited count taken when the stretch starts; once it pulls, pull while nvals(frontier)
    // >= n / beta. A real bound as a count: floor(x) in [0, n], and n + 1 (which no count
    // reaches) past n or for NaN, so that NaN compares as the per-level comparisons did.
    const auto count_bound = [n](double x) { return !(x <= static_cast<double>(n)) ? n + 1 : x < 0 ? Index(0) : static_cast<Index>(x); };
    const Index pull_at_least = std::max<Index>(1, count_bound(std::ceil(static_cast<double>(n) / opt.beta)));
    const bool has_edges = a.nvals() > 0;
    while (frontier.nvals() > 0) {
      const double unvisited = static_cast<double>(n - r.parent.nvals());
      const Index push_below = has_edges ? count_bound(unvisited / opt.alpha + 1) : n + 1;
      loop_while(nonempty_below(frontier, push_below), push, n, depth);
      if (loop_while(nonempty(frontier), pull, 1, depth) == 0) break;  // the round that switched pulls
      loop_while(nonempty_at_least(frontier, pull_at_least), pull, n, depth);
    }
  }
  r.depth = *depth.extract_element() - 1;
  return r;
}

}  // namespace hpg
