// GrB_select on vectors and matrices: keeps the entries an index-unary operator accepts.
// Arguments are checked here; the backend that holds the operands computes.
#pragma once

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"

namespace hpg {

/// GrB_select: keeps the entries where op(x, i, j, thunk) is true (tril, triu, diag, offdiag,
/// valuegt, ... or a user index-unary operator).
template <class W, class Mask, class Accum, class Op, class U, class S>
void select(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
            const Descriptor& d = {}) {
  const Backend b = detail::check_map("select", w, mask, u, d);
  detail::overwrites_output(w, mask, accum, d, u, thunk);
  detail::on_backend(b, [&](auto ops) { ops.select(w, mask, accum, op, u, thunk, d); });
}
template <class C, class Mask, class Accum, class Op, class A, class S>
void select(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
            const Descriptor& d = {}) {
  detail::on_backend(detail::check_map("select", c, mask, a, d), [&](auto ops) { ops.select(c, mask, accum, op, a, thunk, d); });
}

}  // namespace hpg
