// detail::lower_bound_in / upper_bound_in (the binary search every sorted-index lookup of the CUDA
// backend uses) against std::lower_bound / std::upper_bound, over sub-ranges and repeated values;
// last_at_most_in against a linear scan.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpgraph/detail/sorted_search.hpp"

namespace {

TEST(SortedSearch, AgreesWithTheStandardLibrary) {
  const std::vector<std::uint32_t> a{1, 3, 3, 3, 7, 9, 12, 12, 40};
  for (std::uint64_t lo = 0; lo <= a.size(); ++lo)
    for (std::uint64_t hi = lo; hi <= a.size(); ++hi)
      for (std::uint32_t x = 0; x <= 41; ++x) {
        const auto first = a.begin() + lo, last = a.begin() + hi;
        EXPECT_EQ(hpg::detail::lower_bound_in(a.data(), lo, hi, x), std::uint64_t(std::lower_bound(first, last, x) - a.begin()))
            << "[" << lo << ", " << hi << ") x = " << x;
        EXPECT_EQ(hpg::detail::upper_bound_in(a.data(), lo, hi, x), std::uint64_t(std::upper_bound(first, last, x) - a.begin()))
            << "[" << lo << ", " << hi << ") x = " << x;
      }
}

// last_at_most_in: the row that holds entry e given the rows' starts (empty rows share the next
// one's start and lose to it), as the loop it replaced found it: the last r with ptr[r] <= e.
TEST(SortedSearch, LastAtMostFindsTheRowOfAnEntry) {
  const std::vector<std::uint64_t> ptr{0, 0, 2, 2, 2, 5, 9};  // rows 0, 2, 3 empty; 9 entries
  for (std::uint64_t n = 0; n <= ptr.size(); ++n)
    for (std::uint64_t e = 0; e < 10; ++e) {
      std::uint64_t want = 0;
      for (std::uint64_t r = 1; r < n; ++r)
        if (ptr[r] <= e) want = r;
      EXPECT_EQ(hpg::detail::last_at_most_in(ptr.data(), n, e), want) << "n = " << n << ", e = " << e;
    }
}

}  // namespace
