// How a vector holds its entries: SuiteSparse's sparsity formats (GxB_SPARSITY_STATUS and
// GxB_SPARSITY_CONTROL), the two that hpg keeps.
#pragma once

#include <cstdint>
#include <string_view>

namespace hpg {

/// - sparse (GxB_SPARSE): the entries' indices and values, nvals of each (indices ascending when
///   read; the GPU may keep a list an `any` push left in another order until something reads it).
/// - bitmap (GxB_BITMAP): a presence byte and a value for each of the vector's n positions.
/// Both backends keep both, and each operation picks the form of what it writes (a build, a
/// conversion or a finish by density: sparse below n / 16; a GPU push or pull as its kernel writes
/// best). The form changes how fast a call runs, never its result.
enum class Sparsity : std::uint8_t { sparse, bitmap };

constexpr std::string_view to_string(Sparsity s) { return s == Sparsity::sparse ? "sparse" : "bitmap"; }

}  // namespace hpg
