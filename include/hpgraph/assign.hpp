// GrB_assign: w<mask>(I) = accum(w(I), u or x) and C<M>(I, J) = accum(C(I, J), A or x). The mask
// spans the whole output; T and the accumulator apply inside the region I (x J) only. Arguments
// are checked here; the backend that holds the operands computes.
#pragma once

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/indices.hpp"

namespace hpg {

/// GrB_Vector_assign: w<mask>(I) = accum(w(I), u).
template <class W, class Mask, class Accum, class U>
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("assign", w, mask, u);
  I.check(w.size(), "assign");
  detail::check_dim("assign", "u size", u.size(), I.count(w.size()));
  detail::check_vector_mask("assign", mask, w.size());
  if (I.is_all()) detail::overwrites_output(w, mask, accum, d, u);  // over all of w, it may replace w whole
  detail::on_backend(b, [&](auto ops) { ops.assign(w, mask, accum, u, I, d); });
}

/// GrB_Vector_assign of a scalar: w<mask>(I) = accum(w(I), x).
template <class W, class Mask, class Accum, class X>
  requires(!detail::is_vector<X>::value && !detail::is_matrix<X>::value && !detail::is_scalar<X>::value)
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("assign", w, mask);
  I.check(w.size(), "assign");
  detail::check_vector_mask("assign", mask, w.size());
  if (I.is_all()) detail::overwrites_output(w, mask, accum, d);
  detail::on_backend(b, [&](auto ops) { ops.assign_scalar(w, mask, accum, x, static_cast<const Scalar<X>*>(nullptr), I, d); });
}

/// GrB_Vector_assign_Scalar: w<mask>(I) = accum(w(I), s), s read where it lives when the call runs
/// (on the GPU, from device memory: a device loop's body sees the value of each round). An empty
/// s assigns an empty vector, as SuiteSparse does: without accum the entries of w(I) under the
/// mask are deleted, with accum w is unchanged.
template <class W, class Mask, class Accum, class X>
void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Scalar<X>& s, const Indices& I, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("assign", w, mask, s);
  I.check(w.size(), "assign");
  if (s.nvals() == 0) return assign(w, mask, accum, Vector<X>(I.count(w.size()), b), I, d);
  detail::check_vector_mask("assign", mask, w.size());
  if (I.is_all()) detail::overwrites_output(w, mask, accum, d);
  detail::on_backend(b, [&](auto ops) { ops.assign_scalar(w, mask, accum, X{}, &s, I, d); });
}

/// GrB_Matrix_assign: C<M>(I, J) = accum(C(I, J), A) (desc::transpose_first assigns A').
template <class C, class Mask, class Accum, class A>
void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
            const Descriptor& d = {}) {
  const Backend be = detail::common_backend("assign", c, mask, a);
  I.check(c.nrows(), "assign");
  J.check(c.ncols(), "assign");
  detail::check_shape("assign", "A", detail::shape_of(a, d.transpose_first), I.count(c.nrows()), J.count(c.ncols()));
  detail::check_matrix_mask("assign", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.assign(c, mask, accum, a, I, J, d); });
}

/// GrB_Matrix_assign of a scalar: C<M>(I, J) = accum(C(I, J), x).
template <class C, class Mask, class Accum, class X>
  requires(!detail::is_vector<X>::value && !detail::is_matrix<X>::value && !detail::is_scalar<X>::value)
void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Indices& J,
            const Descriptor& d = {}) {
  const Backend be = detail::common_backend("assign", c, mask);
  I.check(c.nrows(), "assign");
  J.check(c.ncols(), "assign");
  detail::check_matrix_mask("assign", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.assign_scalar(c, mask, accum, x, I, J, d); });
}

}  // namespace hpg
