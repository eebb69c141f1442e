// The per-edge arithmetic shared by the host and CUDA generators: each edge is a pure function of
// (seed, edge number), so any thread can make any edge and both backends agree bit for bit.
#pragma once

#include <cstdint>

#include "hpgraph/generate_edges.hpp"

namespace hpg::gen::detail {

HPG_HOST_DEVICE inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// An independent 64-bit draw for (seed, stream, counter).
HPG_HOST_DEVICE inline std::uint64_t draw(std::uint64_t seed, std::uint64_t stream, std::uint64_t counter) {
  return splitmix64(splitmix64(seed ^ (stream * 0xd1b54a32d192ed03ull)) ^ counter);
}

/// floor(x * n / 2^64): maps a 64-bit draw onto [0, n) without division.
HPG_HOST_DEVICE inline std::uint64_t scale_to(std::uint64_t x, std::uint64_t n) {
#if defined(__CUDA_ARCH__)
  return __umul64hi(x, n);
#else
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(x) * n) >> 64);
#endif
}

enum Stream : std::uint64_t { stream_rmat = 1, stream_urand = 2, stream_weight = 3, stream_relabel = 4 };

/// A bijection on [0, 2^bits): odd multiplications and xorshifts (each invertible mod 2^bits).
struct Relabel {
  std::uint64_t mul[3], add[3];
  std::uint64_t mask;
  int shift;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint64_t x) const {
    for (int r = 0; r < 3; ++r) {
      x = (x * mul[r] + add[r]) & mask;
      x ^= x >> shift;
    }
    return x;
  }
};

inline Relabel make_relabel(std::uint64_t seed, int bits) {
  Relabel p{};
  p.mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
  p.shift = bits / 2 + 1;
  for (int r = 0; r < 3; ++r) {
    p.mul[r] = draw(seed, stream_relabel, 2 * r) | 1ull;
    p.add[r] = draw(seed, stream_relabel, 2 * r + 1);
  }
  return p;
}

/// Everything an edge's generation needs, passed by value to kernels.
struct EdgeRecipe {
  Family family;
  int scale;
  std::uint64_t seed;
  std::uint64_t n;
  std::uint64_t grid_rows, grid_cols;
  std::uint64_t thr_a, thr_ab, thr_abc;  // rmat thresholds on a 32-bit draw
  bool relabel;
  Relabel perm;
  bool weighted;
  std::int64_t weight_lo;
  std::uint64_t weight_span;  // hi - lo + 1
};

inline EdgeRecipe make_recipe(const GraphSpec& s) {
  EdgeRecipe r{};
  r.family = s.family;
  r.scale = s.scale;
  r.seed = s.seed;
  r.n = num_vertices(s);
  r.grid_rows = s.grid_rows;
  r.grid_cols = s.grid_cols;
  const double two32 = 4294967296.0;
  r.thr_a = static_cast<std::uint64_t>(s.a * two32);
  r.thr_ab = static_cast<std::uint64_t>((s.a + s.b) * two32);
  r.thr_abc = static_cast<std::uint64_t>((s.a + s.b + s.c) * two32);
  r.relabel = s.relabel && s.family == Family::rmat;
  r.perm = make_relabel(s.seed, s.scale);
  r.weighted = s.weighted;
  r.weight_lo = s.weight_lo;
  r.weight_span = static_cast<std::uint64_t>(s.weight_hi - s.weight_lo) + 1;
  return r;
}

/// Grid edge e of 2*(R*(C-1) + (R-1)*C): the horizontal edges first, then the vertical ones,
/// each undirected edge as two consecutive arcs (u->v, v->u).
HPG_HOST_DEVICE inline std::uint64_t grid_edge(const EdgeRecipe& r, std::uint64_t e) {
  const std::uint64_t und = e >> 1;
  const std::uint64_t horizontal = r.grid_rows * (r.grid_cols - 1);
  std::uint64_t u, v;
  if (und < horizontal) {
    const std::uint64_t row = und / (r.grid_cols - 1), col = und % (r.grid_cols - 1);
    u = row * r.grid_cols + col;
    v = u + 1;
  } else {
    const std::uint64_t k = und - horizontal;  // x C vertical edges
    u = k;  // vertex k and the one below it
    v = k + r.grid_cols;
  }
  if (e & 1) {
    std::uint64_t t = u; u = v; v = t;
  }
  return (u << 32) | v;
}

/// Edge e (before symmetrizing): key src << 32 | dst.
HPG_HOST_DEVICE inline std::uint64_t make_edge(const EdgeRecipe& r, std::uint64_t e) {
  if (r.family == Family::grid) return grid_edge(r, e);
  std::uint64_t u = 0, v = 0;
  if (r.family == Family::urand) {
    u = scale_to(draw(r.seed, stream_urand, 2 * e), r.n);
    v = scale_to(draw(r.seed, stream_urand, 2 * e + 1), r.n);
  } else {
    // One 64-bit draw gives two levels' 32-bit uniforms.
    std::uint64_t bits = 0;
    for (int level = 0; level < r.scale; ++level) {
      if ((level & 1) == 0) bits = draw(r.seed, stream_rmat, e * 16 + (level >> 1));
      const std::uint64_t x = (level & 1) ? (bits >> 32) : (bits & 0xffffffffull);
      const std::uint64_t row_bit = x >= r.thr_ab ? 1 : 0;            // quadrants c, d
      const std::uint64_t col_bit = (x >= r.thr_a && x < r.thr_ab) || x >= r.thr_abc ? 1 : 0;  // b, d
      u = (u << 1) | row_bit;
      v = (v << 1) | col_bit;
    }
    if (r.relabel) {
      u = r.perm(u);
      v = r.perm(v);
    }
  }
  return (u << 32) | v;
}

/// The weight of an edge, symmetric in its endpoints so that u->v and v->u agree.
HPG_HOST_DEVICE inline std::int64_t edge_weight(const EdgeRecipe& r, std::uint64_t key) {
  const std::uint64_t u = key >> 32, v = key & 0xffffffffull;
  const std::uint64_t lo = u < v ? u : v, hi = u < v ? v : u;
  return r.weight_lo + static_cast<std::int64_t>(scale_to(draw(r.seed, stream_weight, (lo << 32) | hi), r.weight_span));
}

}  // namespace hpg::gen::detail
