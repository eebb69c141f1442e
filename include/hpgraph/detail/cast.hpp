// GraphBLAS typecasting between built-in types, as SuiteSparse does it: to bool is x != 0; a
// floating-point value to an integer type saturates at the type's range and NaN becomes 0 (a plain
// C++ cast would be undefined there); everything else is static_cast.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/types.hpp"

namespace hpg::detail {

/// Whether GraphBLAS can cast From to To (a user type casts only to itself or where C++ converts
/// it). Operations check this on the host and throw Error(domain_mismatch) before any kernel runs,
/// so the device code below never takes the impossible branch.
template <class To, class From>
inline constexpr bool castable_v = std::is_same_v<To, From> || (std::is_arithmetic_v<To> && std::is_arithmetic_v<From>) ||
                                   std::is_convertible_v<From, To> ||
                                   (std::is_constructible_v<To, From> && !std::is_aggregate_v<To>);

template <class To, class From>
HPG_HOST_DEVICE constexpr To typecast(const From& x) {
  if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (std::is_same_v<To, bool> && std::is_arithmetic_v<From>) {
    return x != From(0);
  } else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    if (x != x) return To(0);  // NaN
    if (x <= static_cast<From>(std::numeric_limits<To>::lowest())) return std::numeric_limits<To>::lowest();
    if (x >= static_cast<From>(std::numeric_limits<To>::max())) return std::numeric_limits<To>::max();
    return static_cast<To>(x);
  } else if constexpr (castable_v<To, From>) {
    return static_cast<To>(x);
  } else {
    return To{};  // unreachable: the host refused the operation (see castable_v)
  }
}

/// to = from, each value cast (typecast): extract_tuples' typed forms.
template <class To, class From>
void cast_values(std::vector<From>& from, std::vector<To>& to) {
  if constexpr (std::is_same_v<To, From>) {
    to = std::move(from);
  } else {
    to.clear();
    to.reserve(from.size());
    for (std::size_t k = 0; k < from.size(); ++k) to.push_back(typecast<To, From>(from[k]));
  }
}

}  // namespace hpg::detail
