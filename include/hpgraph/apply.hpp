// GrB_apply on vectors and matrices: a unary operator, a bound binary one, or an index-unary one. Arguments are checked here; the backend that holds the operands computes.
#pragma once

#include <type_traits>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"

namespace hpg {

/// GrB_apply with a unary operator (or hpg::bind_first / bind_second of a binary one).
template <class W, class Mask, class Accum, class Op, class U>
  requires std::is_invocable_v<const Op&, const U&>
void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Descriptor& d = {}) {
  using Z = std::decay_t<std::invoke_result_t<const Op&, const U&>>;
  const Backend b = detail::check_map("apply", w, mask, u, d);
  detail::overwrites_output(w, mask, accum, d, u);
  detail::on_backend(b, [&](auto ops) { ops.template apply<Z>(w, mask, accum, op, u, d); });
}
template <class C, class Mask, class Accum, class Op, class A>
  requires std::is_invocable_v<const Op&, const A&>
void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d = {}) {
  using Z = std::decay_t<std::invoke_result_t<const Op&, const A&>>;
  detail::on_backend(detail::check_map("apply", c, mask, a, d), [&](auto ops) { ops.template apply<Z>(c, mask, accum, op, a, d); });
}

/// GrB_apply with an index-unary operator: w(i) = op(u(i), i, 0, thunk); C(i, j) = op(A(i, j), i,
/// j, thunk).
template <class W, class Mask, class Accum, class Op, class U, class S>
  requires std::is_invocable_v<const Op&, const U&, Index, Index, const S&>
void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
           const Descriptor& d = {}) {
  using Z = std::decay_t<std::invoke_result_t<const Op&, const U&, Index, Index, const S&>>;
  const Backend b = detail::check_map("apply", w, mask, u, d);
  detail::overwrites_output(w, mask, accum, d, u, thunk);
  detail::on_backend(b, [&](auto ops) { ops.template apply_indexed<Z>(w, mask, accum, op, u, thunk, d); });
}
template <class C, class Mask, class Accum, class Op, class A, class S>
  requires std::is_invocable_v<const Op&, const A&, Index, Index, const S&>
void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
           const Descriptor& d = {}) {
  using Z = std::decay_t<std::invoke_result_t<const Op&, const A&, Index, Index, const S&>>;
  detail::on_backend(detail::check_map("apply", c, mask, a, d),
                     [&](auto ops) { ops.template apply_indexed<Z>(c, mask, accum, op, a, thunk, d); });
}

}  // namespace hpg
