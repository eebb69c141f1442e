// GrB_extract: w<mask> = accum(w, u(I)), C<M> = accum(C, A(I, J)), and a column (or row) of A.
// Arguments are checked here; the backend that holds the operands computes.
#pragma once

#include <string>
#include <type_traits>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/indices.hpp"

namespace hpg {

/// GrB_Vector_extract: w<mask> = accum(w, u(I)).
template <class W, class Mask, class Accum, class U>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("extract", w, mask, u);
  I.check(u.size(), "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(u.size()));
  detail::check_vector_mask("extract", mask, w.size());
  detail::on_backend(b, [&](auto ops) { ops.extract(w, mask, accum, u, I, d); });
}

/// GxB_Vector_extract_Vector: w<mask> = accum(w, u(I)) where I is the list of `indices`' values,
/// its entries taken in index order (an integer type; each below u.size(), none negative): a
/// gather by indices made on the device, such as a grandparent vector f(f) (FastSV). w's size is
/// indices' count, which is read here, so it cannot run inside a device loop's body.
template <class W, class Mask, class Accum, class U, class I>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Vector<I>& indices, const Descriptor& d = {}) {
  static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "hpg::extract: the index vector's values must be of an integer type");
  const Backend b = detail::common_backend("extract", w, mask, u, indices);
  detail::refuse_in_capture("extract with an index vector");
  detail::check_dim("extract", "w size", w.size(), indices.nvals());
  detail::check_vector_mask("extract", mask, w.size());
  detail::on_backend(b, [&](auto ops) { ops.extract(w, mask, accum, u, indices, d); });
}

/// GrB_Matrix_extract: C<M> = accum(C, A(I, J)) (desc::transpose_first extracts from A').
template <class C, class Mask, class Accum, class A>
void extract(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
             const Descriptor& d = {}) {
  const Backend be = detail::common_backend("extract", c, mask, a);
  const detail::Shape s = detail::shape_of(a, d.transpose_first);
  I.check(s.rows, "extract");
  J.check(s.cols, "extract");
  detail::check_dim("extract", "C rows", c.nrows(), I.count(s.rows));
  detail::check_dim("extract", "C columns", c.ncols(), J.count(s.cols));
  detail::check_matrix_mask("extract", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.extract(c, mask, accum, a, I, J, d); });
}

/// GrB_Col_extract: w<mask> = accum(w, A(I, j)) (desc::transpose_first: a row of A).
template <class W, class Mask, class Accum, class A>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, Index j,
             const Descriptor& d = {}) {
  const Backend be = detail::common_backend("extract", w, mask, a);
  const detail::Shape s = detail::shape_of(a, d.transpose_first);
  if (j >= s.cols)
    detail::throw_error(Info::invalid_index, "extract: column " + std::to_string(j) + " is not below " + std::to_string(s.cols));
  I.check(s.rows, "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(s.rows));
  detail::check_vector_mask("extract", mask, w.size());
  detail::on_backend(be, [&](auto ops) { ops.extract_column(w, mask, accum, a, I, j, d); });
}

}  // namespace hpg
