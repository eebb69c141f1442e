// Binary operators of the GraphBLAS C API (GrB_BinaryOp), as __host__ __device__ functors.
// Semantics follow SuiteSparse:GraphBLAS where the C API leaves them open (integer division by
// zero, min/max of NaN), so that results match it exactly.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "hpgraph/types.hpp"

namespace hpg {

namespace ops_detail {
/// Integer +, -, * wrap around (two's complement), as SuiteSparse's compiled C does in practice;
/// done in the unsigned type so that it is defined behaviour (a signed overflow, or uint16 * uint16
/// promoted to int, would be undefined).
template <class T>
using wrap_t = std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool>,
                                  std::make_unsigned_t<std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, T, int>>,
                                  T>;
template <class T>
HPG_HOST_DEVICE constexpr T wrap_plus(T x, T y) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, wrap_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(x) + static_cast<U>(y)));
  } else {
    return static_cast<T>(x + y);
  }
}
template <class T>
HPG_HOST_DEVICE constexpr T wrap_minus(T x, T y) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, wrap_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(x) - static_cast<U>(y)));
  } else {
    return static_cast<T>(x - y);
  }
}
template <class T>
HPG_HOST_DEVICE constexpr T wrap_times(T x, T y) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, wrap_t<T>>;
    return static_cast<T>(static_cast<U>(static_cast<U>(x) * static_cast<U>(y)));
  } else {
    return static_cast<T>(x * y);
  }
}

template <class T>
HPG_HOST_DEVICE constexpr T integer_div(T x, T y) {
  if constexpr (std::is_same_v<T, bool>) {
    return x;  // SuiteSparse: DIV_BOOL is FIRST
  } else if constexpr (std::is_signed_v<T>) {
    if (y == -1) return wrap_minus(T(0), x);  // avoids INT_MIN / -1 (which traps)
    if (y == 0) return x == 0 ? T(0) : (x < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max());
    return static_cast<T>(x / y);
  } else {
    if (y == 0) return x == 0 ? T(0) : std::numeric_limits<T>::max();
    return static_cast<T>(x / y);
  }
}
}  // namespace ops_detail

#define HPG_BINARY_OP(NAME, RESULT, EXPR)                                         \
  template <class T>                                                              \
  struct NAME {                                                                   \
    using first_argument_type = T;                                                \
    using second_argument_type = T;                                               \
    using result_type = RESULT;                                                   \
    HPG_HOST_DEVICE constexpr result_type operator()(const T& x, const T& y) const { \
      (void)x;                                                                    \
      (void)y;                                                                    \
      return EXPR;                                                                \
    }                                                                             \
  };

// first, second and oneb read at most one of their operands; they say which (ops_detail::reads_x,
// reads_y), so that an SpMV whose multiply ignores an operand does not load it.
#define HPG_BINARY_OP_READING(NAME, EXPR, READS_X, READS_Y)                       \
  template <class T>                                                              \
  struct NAME {                                                                   \
    using first_argument_type = T;                                                \
    using second_argument_type = T;                                               \
    using result_type = T;                                                        \
    static constexpr bool reads_x = READS_X, reads_y = READS_Y;                   \
    HPG_HOST_DEVICE constexpr result_type operator()(const T& x, const T& y) const { \
      (void)x;                                                                    \
      (void)y;                                                                    \
      return EXPR;                                                                \
    }                                                                             \
  };
HPG_BINARY_OP_READING(first, x, true, false)     // GrB_FIRST_T
HPG_BINARY_OP_READING(second, y, false, true)    // GrB_SECOND_T
HPG_BINARY_OP_READING(oneb, T(1), false, false)  // GrB_ONEB_T (SuiteSparse: GxB_PAIR_T)
#undef HPG_BINARY_OP_READING
HPG_BINARY_OP(any, T, y)                    // GxB_ANY_T: either input; we take the second
HPG_BINARY_OP(plus, T, ops_detail::wrap_plus(x, y))
HPG_BINARY_OP(minus, T, ops_detail::wrap_minus(x, y))
HPG_BINARY_OP(rminus, T, ops_detail::wrap_minus(y, x))
HPG_BINARY_OP(times, T, ops_detail::wrap_times(x, y))
HPG_BINARY_OP(eq, bool, x == y)
HPG_BINARY_OP(ne, bool, x != y)
HPG_BINARY_OP(gt, bool, x > y)
HPG_BINARY_OP(lt, bool, x < y)
HPG_BINARY_OP(ge, bool, x >= y)
HPG_BINARY_OP(le, bool, x <= y)
HPG_BINARY_OP(lor, T, static_cast<T>((x != T(0)) || (y != T(0))))
HPG_BINARY_OP(land, T, static_cast<T>((x != T(0)) && (y != T(0))))
HPG_BINARY_OP(lxor, T, static_cast<T>((x != T(0)) != (y != T(0))))
#undef HPG_BINARY_OP

template <class T>
using pair = oneb<T>;

template <class T>
struct div {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const {
    if constexpr (std::is_floating_point_v<T>) return x / y;
    else return ops_detail::integer_div(x, y);
  }
};

template <class T>
struct rdiv {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const { return div<T>{}(y, x); }
};

template <class T>
struct min {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const {
    if constexpr (std::is_floating_point_v<T>) return std::fmin(x, y);  // a NaN loses, as in SuiteSparse
    else return y < x ? y : x;
  }
};

template <class T>
struct max {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x, const T& y) const {
    if constexpr (std::is_floating_point_v<T>) return std::fmax(x, y);
    else return x < y ? y : x;
  }
};

}  // namespace hpg
