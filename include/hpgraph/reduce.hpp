// GrB_reduce: a matrix's rows (or columns) to a vector, and a vector or matrix to a scalar (a C++
// number, or an hpg::Scalar, which on the GPU stays on the device). Arguments are checked here;
// the backend that holds the operands computes.
#pragma once

#include <type_traits>
#include <utility>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/host/algebra.hpp"

namespace hpg {

/// GrB_Matrix_reduce to a vector: w(i) = (+)_j A(i, j) over the entries of row i (a monoid or a
/// binary operator); desc::transpose_first reduces columns.
template <class W, class Mask, class Accum, class Op, class A>
void reduce(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("reduce", w, mask, a);
  detail::check_dim("reduce", "w size", w.size(), detail::shape_of(a, d.transpose_first).rows);
  detail::check_vector_mask("reduce", mask, w.size());
  using Z = std::decay_t<decltype(op(std::declval<A>(), std::declval<A>()))>;
  detail::on_backend(b, [&](auto ops) { ops.template reduce_rows<Z>(w, mask, accum, op, a, d); });
}

/// GrB_reduce to a scalar with a monoid: the monoid's identity when x has no entries.
template <class Monoid, class X>
  requires(detail::is_vector<X>::value || detail::is_matrix<X>::value)
auto reduce(const Monoid& m, const X& x) {
  using Z = std::decay_t<decltype(m.identity())>;
  return detail::on_backend(detail::common_backend("reduce", x), [&](auto ops) { return ops.template reduce<Z>(m, x); });
}
/// s = accum(s, reduce(m, x)) (accum may be hpg::no_accum).
template <class S, class Accum, class Monoid, class X>
  requires((detail::is_vector<X>::value || detail::is_matrix<X>::value) && !detail::is_scalar<S>::value)
void reduce(S& s, const Accum& accum, const Monoid& m, const X& x) {
  const auto r = reduce(m, x);
  if constexpr (std::is_same_v<Accum, no_accum_t>) s = detail::host::cast<S>(r);
  else s = detail::host::cast<S>(accum(s, detail::host::cast<S>(r)));
}

/// GrB_Vector_reduce_Monoid_Scalar / GrB_Matrix_reduce_Monoid_Scalar: s = accum(s, (+) over the
/// entries of x). With no entries there is nothing to reduce, as in SuiteSparse: without accum s
/// loses its value, with accum s is unchanged; an s without a value takes the result as it is.
/// On the GPU the result goes to the scalar's device word with no host wait, where the next call
/// that reads the scalar (an assign of it) reads it: a device loop's body can reduce into a
/// Scalar. Whether x has entries decides whether s holds a value, so a vector whose count only
/// the device knows is counted first (a wait; in a device loop's body, the loop runs from the host).
template <class S, class Accum, class Monoid, class X>
  requires(detail::is_vector<X>::value || detail::is_matrix<X>::value)
void reduce(Scalar<S>& s, const Accum& accum, const Monoid& m, const X& x, const Descriptor& = {}) {
  const Backend b = detail::common_backend("reduce", s, x);
  constexpr bool accumulates = !std::is_same_v<Accum, no_accum_t>;
  if (x.nvals() == 0) {
    if constexpr (!accumulates) s.clear();
    return;
  }
  const bool fold = accumulates && s.nvals() > 0;
  detail::on_backend(b, [&](auto ops) { ops.reduce_into(s, accum, m, x, fold); });
}

}  // namespace hpg
