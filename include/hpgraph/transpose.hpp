// GrB_transpose: C<M> = accum(C, A'). Arguments are checked here; the backend that holds the
// operands computes.
#pragma once

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"

namespace hpg {

/// GrB_transpose: C<M> = accum(C, A') (desc::transpose_first: C = A).
template <class C, class Mask, class Accum, class A>
void transpose(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Descriptor& d = {}) {
  const Backend be = detail::common_backend("transpose", c, mask, a);
  const detail::Shape s = detail::shape_of(a, !d.transpose_first);
  detail::check_dim("transpose", "C rows", c.nrows(), s.rows);
  detail::check_dim("transpose", "C columns", c.ncols(), s.cols);
  detail::check_matrix_mask("transpose", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.transpose(c, mask, accum, a, d); });
}

}  // namespace hpg
