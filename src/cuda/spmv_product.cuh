// The product of one matrix entry and one entry of u in an SpMV, with the positions a semiring's
// multiply may read; shared by the pull and both pushes.
#pragma once

#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/types.hpp"

namespace hpg::detail::cuda {

/// The product for output index `out` and inner index `inner` (SuiteSparse's (i, k, j): mxv
/// has i = out, j = 0; vxm has i = 0, j = out); a 4-argument multiply sees the user's matrix
/// entry, which is (out, inner) or (inner, out) as entry_out_first says.
template <bool UFirst, class Mul, class Av, class Uv>
HPG_HOST_DEVICE auto spmv_product(const Mul& mul, const Av& a, const Uv& u, Index out, Index inner, bool entry_out_first) {
  const Index i = UFirst ? 0 : out, j = UFirst ? out : 0;
  const Index er = entry_out_first ? out : inner, ec = entry_out_first ? inner : out;
  if constexpr (UFirst) return ops_detail::multiply(mul, u, a, i, inner, j, er, ec);
  else return ops_detail::multiply(mul, a, u, i, inner, j, er, ec);
}

}  // namespace hpg::detail::cuda
