// Binary search in a sorted range, on the host and in kernels: the one loop behind every lookup
// of an index in a sorted list or a CSR row (a sparse mask, a set_element merge, a matrix mask, a
// column of A, the ewise_add merge).
#pragma once

#include "hpgraph/types.hpp"

namespace hpg::detail {

/// The first position p in [lo, hi) with a[p] >= x (std::lower_bound), or hi.
template <class T, class P, class K>
HPG_HOST_DEVICE constexpr P lower_bound_in(const T* a, P lo, P hi, const K& x) {
  while (lo < hi) {
    const P mid = lo + (hi - lo) / 2;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/// The first position p in [lo, hi) with a[p] > x (std::upper_bound), or hi.
template <class T, class P, class K>
HPG_HOST_DEVICE constexpr P upper_bound_in(const T* a, P lo, P hi, const K& x) {
  while (lo < hi) {
    const P mid = lo + (hi - lo) / 2;
    if (!(x < a[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

}  // namespace hpg::detail
