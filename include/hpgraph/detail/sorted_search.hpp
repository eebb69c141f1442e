// Binary search in a sorted range, on the host and in kernels: the one loop behind every lookup
// of an index in a sorted list or a CSR row (a sparse mask, a set_element merge, a matrix mask, a
// column of A, the ewise_add merge; the row or the u entry that holds an entry or a product).
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

/// The last position p in [0, n) with a[p] <= x, a[0] being taken as <= x (the row that holds
/// entry x, given the rows' starts; the u entry that holds product x, given their offsets); 0 when
/// n <= 1.
template <class T, class P, class K>
HPG_HOST_DEVICE constexpr P last_at_most_in(const T* a, P n, const K& x) {
  return n <= 1 ? P(0) : upper_bound_in(a, P(1), n, x) - 1;
}

}  // namespace hpg::detail
