// Semirings: an additive monoid and a multiply. The multiply may be index-aware: besides the two
// values it may take the positions of the product C(i,j) += A(i,k) (x) B(k,j) as (i, k, j) — the
// convention of SuiteSparse's positional operators (firsti = i, firstj = k, secondi = k,
// secondj = j); in mxv u is a column (j = 0), in vxm a row (i = 0). mxv and vxm also accept a
// multiply taking (x, y, row, col) of the matrix entry, which is how a multiply reads graph
// structure through captured views (see hpgraph/view.hpp).
#pragma once

#include <cstdint>
#include <type_traits>

#include "hpgraph/ops/monoid.hpp"

namespace hpg {

template <class Add, class Mul>
struct Semiring {
  using monoid_type = Add;
  using multiply_type = Mul;
  using value_type = typename Add::value_type;
  Add add;
  Mul mul;
};

/// A user semiring in one line: hpg::semiring(hpg::min_monoid<float>{}, hpg::plus<float>{}).
template <class Add, class Mul>
constexpr Semiring<Add, Mul> semiring(Add add, Mul mul) {
  return Semiring<Add, Mul>{add, mul};
}

// Positional multiplies (GxB_FIRSTI_INT64, ...): the result is a position, not a value.
#define HPG_POSITIONAL(NAME, EXPR)                                                                    \
  template <class T = std::int64_t>                                                                   \
  struct NAME {                                                                                       \
    using result_type = T;                                                                            \
    static constexpr bool reads_x = false, reads_y = false;                                           \
    template <class X, class Y>                                                                       \
    HPG_HOST_DEVICE constexpr T operator()(const X&, const Y&, Index i, Index k, Index j) const {     \
      (void)i;                                                                                        \
      (void)k;                                                                                        \
      (void)j;                                                                                        \
      return static_cast<T>(EXPR);                                                                    \
    }                                                                                                 \
  };
HPG_POSITIONAL(firsti, i)
HPG_POSITIONAL(firsti1, i + 1)
HPG_POSITIONAL(firstj, k)
HPG_POSITIONAL(firstj1, k + 1)
HPG_POSITIONAL(secondi, k)
HPG_POSITIONAL(secondi1, k + 1)
HPG_POSITIONAL(secondj, j)
HPG_POSITIONAL(secondj1, j + 1)
#undef HPG_POSITIONAL

namespace ops_detail {
/// Calls a semiring's multiply with the positions it takes.
template <class Mul, class X, class Y>
HPG_HOST_DEVICE constexpr auto multiply(const Mul& mul, const X& x, const Y& y, Index i, Index k, Index j) {
  if constexpr (std::is_invocable_v<const Mul&, const X&, const Y&, Index, Index, Index>) return mul(x, y, i, k, j);
  else return mul(x, y);
}
/// Whether a multiply reads its first (x) or second (y) operand's value: false only where the
/// operator says so (`static constexpr bool reads_x / reads_y`: the positional operators, first,
/// second, oneb); a user's multiply is taken to read both. A kernel skips the loads of a value
/// nobody reads (a BFS's any.secondi reads neither the frontier's values nor the matrix's).
template <class Mul>
inline constexpr bool reads_x = [] {
  if constexpr (requires { Mul::reads_x; }) return static_cast<bool>(Mul::reads_x);
  else return true;
}();
template <class Mul>
inline constexpr bool reads_y = [] {
  if constexpr (requires { Mul::reads_y; }) return static_cast<bool>(Mul::reads_y);
  else return true;
}();
/// Whether a multiply reads positions (three of the product's, or the matrix entry's two).
template <class Mul, class X, class Y>
inline constexpr bool takes_positions = std::is_invocable_v<const Mul&, const X&, const Y&, Index, Index, Index> ||
                                        std::is_invocable_v<const Mul&, const X&, const Y&, Index, Index>;
/// The same for a matrix-vector product, where a 4-argument multiply sees the user's coordinates
/// (entry_row, entry_col) of the matrix entry.
template <class Mul, class X, class Y>
HPG_HOST_DEVICE constexpr auto multiply(const Mul& mul, const X& x, const Y& y, Index i, Index k, Index j, Index entry_row,
                                        Index entry_col) {
  if constexpr (std::is_invocable_v<const Mul&, const X&, const Y&, Index, Index, Index>) return mul(x, y, i, k, j);
  else if constexpr (std::is_invocable_v<const Mul&, const X&, const Y&, Index, Index>) return mul(x, y, entry_row, entry_col);
  else return mul(x, y);
}
}  // namespace ops_detail

// The built-in semirings (GrB_PLUS_TIMES_SEMIRING_T, GxB_ANY_SECONDI_INT64, ...).
template <class T> inline constexpr auto plus_times = semiring(plus_monoid<T>{}, times<T>{});
template <class T> inline constexpr auto plus_min = semiring(plus_monoid<T>{}, min<T>{});
template <class T> inline constexpr auto plus_first = semiring(plus_monoid<T>{}, first<T>{});
template <class T> inline constexpr auto plus_second = semiring(plus_monoid<T>{}, second<T>{});
template <class T> inline constexpr auto plus_pair = semiring(plus_monoid<T>{}, oneb<T>{});
template <class T> inline constexpr auto min_plus = semiring(min_monoid<T>{}, plus<T>{});
template <class T> inline constexpr auto min_times = semiring(min_monoid<T>{}, times<T>{});
template <class T> inline constexpr auto min_max = semiring(min_monoid<T>{}, max<T>{});
template <class T> inline constexpr auto min_first = semiring(min_monoid<T>{}, first<T>{});
template <class T> inline constexpr auto min_second = semiring(min_monoid<T>{}, second<T>{});
template <class T> inline constexpr auto max_plus = semiring(max_monoid<T>{}, plus<T>{});
template <class T> inline constexpr auto max_times = semiring(max_monoid<T>{}, times<T>{});
template <class T> inline constexpr auto max_min = semiring(max_monoid<T>{}, min<T>{});
template <class T> inline constexpr auto max_first = semiring(max_monoid<T>{}, first<T>{});
template <class T> inline constexpr auto max_second = semiring(max_monoid<T>{}, second<T>{});
template <class T> inline constexpr auto any_pair = semiring(any_monoid<T>{}, oneb<T>{});
template <class T> inline constexpr auto any_first = semiring(any_monoid<T>{}, first<T>{});
template <class T> inline constexpr auto any_second = semiring(any_monoid<T>{}, second<T>{});
template <class T = std::int64_t> inline constexpr auto any_secondi = semiring(any_monoid<T>{}, secondi<T>{});
template <class T = std::int64_t> inline constexpr auto any_firsti = semiring(any_monoid<T>{}, firsti<T>{});
template <class T = std::int64_t> inline constexpr auto min_secondi = semiring(min_monoid<T>{}, secondi<T>{});
template <class T = std::int64_t> inline constexpr auto min_firsti = semiring(min_monoid<T>{}, firsti<T>{});
template <class T = bool> inline constexpr auto lor_land = semiring(lor_monoid<T>{}, land<T>{});
template <class T = bool> inline constexpr auto land_lor = semiring(land_monoid<T>{}, lor<T>{});
template <class T = bool> inline constexpr auto lxor_land = semiring(lxor_monoid<T>{}, land<T>{});
template <class T = bool> inline constexpr auto lor_pair = semiring(lor_monoid<T>{}, oneb<T>{});

}  // namespace hpg
