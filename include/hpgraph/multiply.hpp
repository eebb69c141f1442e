// GrB_mxv, GrB_vxm, GrB_mxm: w<mask> = accum(w, A (+.x) u), and the matrix product. Arguments are
// checked here (detail/frontend.hpp); the backend that holds the operands computes.
#pragma once

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"

namespace hpg {

/// GrB_mxv: w<mask> = accum(w, A (+.x) u). desc::transpose_first uses A'.
template <class W, class Mask, class Accum, class SR, class A, class U>
void mxv(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Vector<U>& u,
         const Descriptor& d = {}) {
  const Backend b = detail::common_backend("mxv", w, mask, a, u);
  const detail::Shape sa = detail::shape_of(a, d.transpose_first);
  detail::check_dim("mxv", "w size", w.size(), sa.rows);
  detail::check_dim("mxv", "u size", u.size(), sa.cols);
  detail::check_vector_mask("mxv", mask, w.size());
  detail::overwrites_output(w, mask, accum, d, u);
  detail::on_backend(b, [&](auto ops) { ops.mxv(w, mask, accum, s, a, u, d); });
}

/// GrB_vxm: w<mask> = accum(w, u (+.x) A). desc::transpose_second uses A'.
template <class W, class Mask, class Accum, class SR, class U, class A>
void vxm(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Vector<U>& u, const Matrix<A>& a,
         const Descriptor& d = {}) {
  const Backend b = detail::common_backend("vxm", w, mask, a, u);
  const detail::Shape sa = detail::shape_of(a, d.transpose_second);
  detail::check_dim("vxm", "u size", u.size(), sa.rows);
  detail::check_dim("vxm", "w size", w.size(), sa.cols);
  detail::check_vector_mask("vxm", mask, w.size());
  detail::overwrites_output(w, mask, accum, d, u);
  detail::on_backend(b, [&](auto ops) { ops.vxm(w, mask, accum, s, u, a, d); });
}

/// GrB_mxm: C<M> = accum(C, A (+.x) B), with either input transposed by the descriptor.
template <class C, class Mask, class Accum, class SR, class A, class B>
void mxm(Matrix<C>& c, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Matrix<B>& b,
         const Descriptor& d = {}) {
  const Backend be = detail::common_backend("mxm", c, mask, a, b);
  const detail::Shape sa = detail::shape_of(a, d.transpose_first), sb = detail::shape_of(b, d.transpose_second);
  detail::check_dim("mxm", "inner dimension of B", sb.rows, sa.cols);
  detail::check_dim("mxm", "C rows", c.nrows(), sa.rows);
  detail::check_dim("mxm", "C columns", c.ncols(), sb.cols);
  detail::check_matrix_mask("mxm", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.mxm(c, mask, accum, s, a, b, d); });
}

}  // namespace hpg
