// The derived forms of a matrix that hpg::prepare (hpgraph/hints.hpp) builds ahead of use.
#pragma once

namespace hpg {

/// What prepare() builds, or-ed together. The GPU keeps, with a matrix A, forms derived from it
/// on first use: the HYB of A (what mxv's pull reads), A' (what mxv's push goes through) and the
/// HYB of A' (what vxm's pull reads). Under desc::transpose_first / transpose_second the roles of
/// A and A' swap. The host keeps A' alone (what an operand under a transpose descriptor reads):
/// there only `transpose` builds anything.
enum class Prepare : unsigned {
  hyb = 1,               // the HYB of A
  transpose = 2,         // A'
  hyb_of_transpose = 4,  // the HYB of A' (A' is built with it)
};
constexpr Prepare operator|(Prepare a, Prepare b) { return static_cast<Prepare>(static_cast<unsigned>(a) | static_cast<unsigned>(b)); }
constexpr bool has(Prepare set, Prepare one) { return (static_cast<unsigned>(set) & static_cast<unsigned>(one)) != 0; }

}  // namespace hpg
