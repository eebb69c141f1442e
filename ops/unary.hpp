// Unary operators of the GraphBLAS C API (GrB_UnaryOp), as __host__ __device__ functors, with
// SuiteSparse's semantics where the C API leaves them open (integer MINV, bool ABS/AINV/MINV).
#pragma once

#include <cmath>
#include <type_traits>

#include "hpgraph/ops/binary.hpp"

namespace hpg {

#define HPG_UNARY_OP(NAME, RESULT, EXPR)                                   \
  template <class T>                                                       \
  struct NAME {                                                            \
    using argument_type = T;                                               \
    using result_type = RESULT;                                            \
    HPG_HOST_DEVICE constexpr result_type operator()(const T& x) const {   \
      (void)x;                                                             \
      return EXPR;                                                         \
    }                                                                      \
  };

HPG_UNARY_OP(identity, T, x)                                              // GrB_IDENTITY_T
HPG_UNARY_OP(one, T, T(1))                                                // GxB_ONE_T
HPG_UNARY_OP(lnot, T, static_cast<T>(!(x != T(0))))                       // GxB_LNOT_T
#undef HPG_UNARY_OP

template <class T>
struct ainv {  // GrB_AINV_T: -x (bool: x)
  using argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x) const {
    if constexpr (std::is_same_v<T, bool>) return x;
    else return ops_detail::wrap_minus(T(0), x);
  }
};

template <class T>
struct minv {  // GrB_MINV_T: 1/x (integers: SuiteSparse's division; bool: true)
  using argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x) const {
    if constexpr (std::is_same_v<T, bool>) return true;
    else if constexpr (std::is_floating_point_v<T>) return T(1) / x;
    else return ops_detail::integer_div(T(1), x);
  }
};

template <class T>
struct abs {  // GrB_ABS_T
  using argument_type = T;
  using result_type = T;
  HPG_HOST_DEVICE constexpr T operator()(const T& x) const {
    if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>) return x;
    else if constexpr (std::is_floating_point_v<T>) return std::fabs(x);
    else return x < 0 ? ops_detail::wrap_minus(T(0), x) : x;
  }
};

/// Binds the first or second input of a binary operator to a scalar (GrB_apply with
/// BinaryOp1st / BinaryOp2nd), giving a unary operator: hpg::bind_second(hpg::times<int>{}, 3).
template <class Op, class S>
struct BoundFirst {
  Op op;
  S scalar;
  template <class T>
  HPG_HOST_DEVICE constexpr auto operator()(const T& x) const { return op(scalar, x); }
};
template <class Op, class S>
struct BoundSecond {
  Op op;
  S scalar;
  template <class T>
  HPG_HOST_DEVICE constexpr auto operator()(const T& x) const { return op(x, scalar); }
};
template <class Op, class S>
constexpr BoundFirst<Op, S> bind_first(Op op, S scalar) { return {op, scalar}; }
template <class Op, class S>
constexpr BoundSecond<Op, S> bind_second(Op op, S scalar) { return {op, scalar}; }

}  // namespace hpg
