// Index-unary operators (GrB_IndexUnaryOp): z = f(x, i, j, thunk), for apply and select. i and j are
// the row and column of the entry (for a vector, i is the index and j is 0).
#pragma once

#include <cstdint>

#include "hpgraph/types.hpp"

namespace hpg {

#define HPG_INDEX_OP(NAME, RESULT, EXPR)                                                                \
  template <class T = std::int64_t>                                                                     \
  struct NAME {                                                                                         \
    using result_type = RESULT;                                                                         \
    template <class X>                                                                                  \
    HPG_HOST_DEVICE constexpr result_type operator()(const X& x, Index i_, Index j_, const T& thunk) const { \
      (void)x;                                                                                          \
      const std::int64_t i = static_cast<std::int64_t>(i_), j = static_cast<std::int64_t>(j_);          \
      (void)i;                                                                                          \
      (void)j;                                                                                          \
      return EXPR;                                                                                      \
    }                                                                                                   \
  };

// Positional: the value is the entry's position (GrB_ROWINDEX: i + s, GrB_COLINDEX: j + s,
// GrB_DIAGINDEX: j - (i + s), as in the C API 2.0 and SuiteSparse, so that diagindex <= 0 is tril).
HPG_INDEX_OP(rowindex, T, static_cast<T>(i + static_cast<std::int64_t>(thunk)))
HPG_INDEX_OP(colindex, T, static_cast<T>(j + static_cast<std::int64_t>(thunk)))
HPG_INDEX_OP(diagindex, T, static_cast<T>(j - (i + static_cast<std::int64_t>(thunk))))
// Structural selectors (GrB_TRIL, GrB_TRIU, GrB_DIAG, GrB_OFFDIAG, GrB_COLLE, ...).
HPG_INDEX_OP(tril, bool, j <= i + static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(triu, bool, j >= i + static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(diag, bool, j == i + static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(offdiag, bool, j != i + static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(colle, bool, j <= static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(colgt, bool, j > static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(rowle, bool, i <= static_cast<std::int64_t>(thunk))
HPG_INDEX_OP(rowgt, bool, i > static_cast<std::int64_t>(thunk))
#undef HPG_INDEX_OP

// Value comparisons with the thunk (GrB_VALUEEQ_T, ...).
#define HPG_VALUE_OP(NAME, CMP)                                                                   \
  template <class T>                                                                              \
  struct NAME {                                                                                   \
    using result_type = bool;                                                                     \
    HPG_HOST_DEVICE constexpr bool operator()(const T& x, Index, Index, const T& thunk) const {   \
      return x CMP thunk;                                                                         \
    }                                                                                             \
  };
HPG_VALUE_OP(valueeq, ==)
HPG_VALUE_OP(valuene, !=)
HPG_VALUE_OP(valuelt, <)
HPG_VALUE_OP(valuele, <=)
HPG_VALUE_OP(valuegt, >)
HPG_VALUE_OP(valuege, >=)
#undef HPG_VALUE_OP

}  // namespace hpg
