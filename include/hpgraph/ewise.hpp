// GrB_eWiseAdd and GrB_eWiseMult on vectors and matrices: the union and the intersection of two
// patterns. Arguments are checked here; the backend that holds the operands computes.
#pragma once

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"

namespace hpg {

namespace detail {
/// w<mask> = accum(w, u op v) over the union (ewise_add) or intersection of u's and v's patterns.
template <bool Union, class W, class Mask, class Accum, class Op, class U, class V>
void ewise_vector(const char* name, Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u,
                  const Vector<V>& v, const Descriptor& d) {
  const Backend b = common_backend(name, w, mask, u, v);
  check_dim(name, "u size", u.size(), w.size());
  check_dim(name, "v size", v.size(), w.size());
  check_vector_mask(name, mask, w.size());
  overwrites_output(w, mask, accum, d, u, v);
  on_backend(b, [&](auto ops) { ops.template ewise<Union>(w, mask, accum, op, u, v, d); });
}
/// The same for matrices, either input transposed by the descriptor.
template <bool Union, class C, class Mask, class Accum, class Op, class A, class B>
void ewise_matrix(const char* name, Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a,
                  const Matrix<B>& b, const Descriptor& d) {
  const Backend be = common_backend(name, c, mask, a, b);
  check_shape(name, "A", shape_of(a, d.transpose_first), c.nrows(), c.ncols());
  check_shape(name, "B", shape_of(b, d.transpose_second), c.nrows(), c.ncols());
  check_matrix_mask(name, mask, c.nrows(), c.ncols());
  on_backend(be, [&](auto ops) { ops.template ewise<Union>(c, mask, accum, op, a, b, d); });
}
}  // namespace detail

/// GrB_eWiseAdd: the union of u and v's patterns; op where both have an entry (a binary operator,
/// a monoid, or a semiring's add).
template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_add(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
               const Descriptor& d = {}) {
  detail::ewise_vector<true>("ewise_add", w, mask, accum, detail::add_op(op), u, v, d);
}
/// GrB_eWiseMult: the intersection of u and v's patterns (a binary operator, a monoid, or a
/// semiring's multiply).
template <class W, class Mask, class Accum, class Op, class U, class V>
void ewise_mult(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
                const Descriptor& d = {}) {
  detail::ewise_vector<false>("ewise_mult", w, mask, accum, detail::mult_op(op), u, v, d);
}
template <class C, class Mask, class Accum, class Op, class A, class B>
void ewise_add(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
               const Descriptor& d = {}) {
  detail::ewise_matrix<true>("ewise_add", c, mask, accum, detail::add_op(op), a, b, d);
}
template <class C, class Mask, class Accum, class Op, class A, class B>
void ewise_mult(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
                const Descriptor& d = {}) {
  detail::ewise_matrix<false>("ewise_mult", c, mask, accum, detail::mult_op(op), a, b, d);
}

}  // namespace hpg
