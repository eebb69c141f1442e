// Descriptors (GrB_Descriptor), masks and accumulators: how an operation's result T is merged into
// its output W. GraphBLAS C API 2.0: Z = accum ? accum(W, T) : T (over the union of W and T),
// then W<M, replace> = Z: where M is true W takes Z (an entry, or none); elsewhere W keeps its
// entry, or loses it when replace is set.
#pragma once

#include <cstdint>

#include "hpgraph/types.hpp"

namespace hpg {

/// How mxv / vxm traverse the matrix (SuiteSparse's GxB_AxB_METHOD): automatic picks by the
/// input's density (see set_push_pull_threshold); push = saxpy (every entry of u scatters along
/// its row of the matrix: cheap for a sparse u); pull = dot (every output row gathers, skipping
/// rows the mask excludes). A hint for speed only: the result is the same either way, and the host
/// backend ignores it.
enum class AxbMethod : std::uint8_t { automatic, push, pull };

struct Descriptor {
  bool transpose_first = false;   // GrB_INP0 = GrB_TRAN
  bool transpose_second = false;  // GrB_INP1 = GrB_TRAN
  bool mask_complement = false;   // GrB_MASK = GrB_COMP
  bool mask_structure = false;    // GrB_MASK = GrB_STRUCTURE
  bool replace = false;           // GrB_OUTP = GrB_REPLACE
  AxbMethod method = AxbMethod::automatic;  // GxB_AxB_METHOD (the right-hand side's wins in |)

  constexpr Descriptor operator|(const Descriptor& o) const {
    return {transpose_first || o.transpose_first, transpose_second || o.transpose_second, mask_complement || o.mask_complement,
            mask_structure || o.mask_structure, replace || o.replace, o.method != AxbMethod::automatic ? o.method : method};
  }
  constexpr bool operator==(const Descriptor&) const = default;
};

namespace desc {
inline constexpr Descriptor none{};
inline constexpr Descriptor transpose_first{true, false, false, false, false};   // GrB_DESC_T0
inline constexpr Descriptor transpose_second{false, true, false, false, false};  // GrB_DESC_T1
inline constexpr Descriptor mask_complement{false, false, true, false, false};   // GrB_DESC_C
inline constexpr Descriptor structure{false, false, false, true, false};         // GrB_DESC_S
inline constexpr Descriptor replace{false, false, false, false, true};           // GrB_DESC_R
inline constexpr Descriptor push{false, false, false, false, false, AxbMethod::push};  // GxB_AxB_SAXPY
inline constexpr Descriptor pull{false, false, false, false, false, AxbMethod::pull};  // GxB_AxB_DOT
}  // namespace desc

/// No mask: W<all> (GrB_NULL as the mask).
struct no_mask_t {};
inline constexpr no_mask_t no_mask{};

/// No accumulator: W takes T (GrB_NULL as accum).
struct no_accum_t {};
inline constexpr no_accum_t no_accum{};

/// All indices (GrB_ALL) for assign and extract.
struct all_t {};
inline constexpr all_t all{};

}  // namespace hpg
