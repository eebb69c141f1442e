// Synthetic graph families as edge sets: Graph500 Kronecker/RMAT, uniform random (GAP's urand)
// and 2-D grids (road-like, long diameter). Not templates: compiled once in the library, with a
// host and a CUDA implementation that give the same edges for the same seed (both draw from one
// counter-based hash, never from a sequential generator). hpgraph/generate.hpp makes matrices.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hpgraph/types.hpp"

namespace hpg::gen {

enum class Family { rmat, urand, grid };

struct GraphSpec {
  Family family = Family::rmat;
  int scale = 16;        // rmat, urand: 2^scale vertices
  int edge_factor = 16;  // rmat, urand: edges generated = edge_factor * 2^scale
  double a = 0.57, b = 0.19, c = 0.19;  // rmat quadrant probabilities (d = 1 - a - b - c)
  Index grid_rows = 0, grid_cols = 0;   // grid: rows x cols vertices, 4-neighbour, both directions
  std::uint64_t seed = 1;
  bool relabel = true;            // rmat: random vertex relabelling, as Graph500 (urand/grid: ignored)
  bool symmetrize = false;        // add the reverse of every generated edge (grid edges already are)
  bool remove_self_loops = false;
  bool weighted = false;          // random integer weights in [weight_lo, weight_hi]
  std::int64_t weight_lo = 1, weight_hi = 255;
};

/// Parses "rmat:SCALE[:EDGEFACTOR]", "urand:SCALE[:DEGREE]", "grid:ROWSxCOLS" (Error(invalid_value)).
GraphSpec parse_spec(std::string_view text);
/// True when text looks like a generator spec (family name and a colon), not a file name.
bool looks_like_spec(std::string_view text);
/// e.g. "rmat:20:16 (A=0.57 B=0.19 C=0.19, seed 1, relabelled, symmetrized)".
std::string describe(const GraphSpec& spec);
/// Checks ranges (scale 1..30, probabilities, weights lo <= hi, grid size) (Error(invalid_value)).
void validate(const GraphSpec& spec);

Index num_vertices(const GraphSpec& spec);
/// Edges before symmetrizing and self-loop removal.
std::uint64_t num_generated_edges(const GraphSpec& spec);

/// Edges as keys (src << 32 | dst), not sorted, duplicates kept; weights empty unless weighted.
/// The reverse of an edge carries the same weight.
struct HostEdges {
  Index n = 0;
  std::vector<std::uint64_t> keys;
  std::vector<std::int64_t> weights;
};
HostEdges generate_edges_host(const GraphSpec& spec, unsigned threads = 0);
/// The same edges generated on the GPU: hpgraph/cuda/device_edges.hpp (the cuda backend's, as its
/// arrays are).

}  // namespace hpg::gen
