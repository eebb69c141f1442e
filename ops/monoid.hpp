// Monoids: an associative, commutative binary operator with its identity and, where one exists,
// a terminal value (an annihilator: once a reduction reaches it, it cannot change, so a kernel may
// stop early). Built-ins mirror GrB_*_MONOID_T; monoid(op, identity[, terminal]) makes a user one.
#pragma once

#include <limits>
#include <type_traits>

#include "hpgraph/ops/binary.hpp"

namespace hpg {

namespace ops_detail {
template <class T>
HPG_HOST_DEVICE constexpr T lowest() {
  if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
  else return std::numeric_limits<T>::lowest();
}
template <class T>
HPG_HOST_DEVICE constexpr T highest() {
  if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
  else return std::numeric_limits<T>::max();
}
}  // namespace ops_detail

/// A built-in monoid: Op with identity Identity() and an optional terminal.
#define HPG_MONOID(NAME, OP, IDENTITY, HAS_TERMINAL, TERMINAL)                         \
  template <class T>                                                                   \
  struct NAME {                                                                        \
    using value_type = T;                                                              \
    using operator_type = OP<T>;                                                       \
    HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return OP<T>{}(x, y); } \
    HPG_HOST_DEVICE static constexpr T identity() { return IDENTITY; }                 \
    HPG_HOST_DEVICE static constexpr bool has_terminal() { return HAS_TERMINAL; }      \
    HPG_HOST_DEVICE static constexpr bool is_terminal(const T& x) {                    \
      (void)x;                                                                         \
      if constexpr (HAS_TERMINAL) return x == TERMINAL; else return false;             \
    }                                                                                  \
  };

HPG_MONOID(plus_monoid, plus, T(0), false, T(0))
HPG_MONOID(times_monoid, times, T(1), std::is_integral_v<T>, T(0))  // a float 0 times NaN is NaN: no terminal
HPG_MONOID(min_monoid, min, ops_detail::highest<T>(), true, ops_detail::lowest<T>())
HPG_MONOID(max_monoid, max, ops_detail::lowest<T>(), true, ops_detail::highest<T>())
HPG_MONOID(lor_monoid, lor, T(false), true, T(true))
HPG_MONOID(land_monoid, land, T(true), true, T(false))
HPG_MONOID(lxor_monoid, lxor, T(false), false, T(false))
HPG_MONOID(eq_monoid, eq, T(true), false, T(true))  // GrB_LXNOR_MONOID_BOOL
#undef HPG_MONOID

/// GxB_ANY_T: returns any of its inputs; every value is terminal, so a row stops at its first entry.
template <class T>
struct any_monoid {
  using value_type = T;
  using operator_type = any<T>;
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return any<T>{}(x, y); }
  HPG_HOST_DEVICE static constexpr T identity() { return T{}; }
  HPG_HOST_DEVICE static constexpr bool has_terminal() { return true; }
  HPG_HOST_DEVICE static constexpr bool is_terminal(const T&) { return true; }
};

/// A user monoid: op must be associative and commutative with identity as its identity.
template <class Op, class T>
struct Monoid {
  using value_type = T;
  using operator_type = Op;
  Op op;
  T identity_value;
  bool terminal_set = false;
  T terminal_value{};
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return static_cast<T>(op(x, y)); }
  HPG_HOST_DEVICE constexpr T identity() const { return identity_value; }
  HPG_HOST_DEVICE constexpr bool has_terminal() const { return terminal_set; }
  HPG_HOST_DEVICE constexpr bool is_terminal(const T& x) const {
    if constexpr (requires(const T& a, const T& b) { a == b; }) return terminal_set && x == terminal_value;
    else return false;
  }
};

namespace ops_detail {
/// Whether a fold under monoid m that holds z can stop: z is m's terminal value (lor: true, min:
/// the lowest value, any: anything), so no further operand can change it.
template <class M, class Z>
HPG_HOST_DEVICE constexpr bool reached_terminal(const M& m, const Z& z) {
  return m.has_terminal() && m.is_terminal(z);
}
}  // namespace ops_detail

template <class T, class Op>
constexpr Monoid<Op, T> monoid(Op op, T identity) {
  return Monoid<Op, T>{op, identity, false, T{}};
}
template <class T, class Op>
constexpr Monoid<Op, T> monoid(Op op, T identity, T terminal) {
  return Monoid<Op, T>{op, identity, true, terminal};
}

}  // namespace hpg
