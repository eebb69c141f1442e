// detail::lower_bound_in / upper_bound_in (the binary search every sorted-index lookup of the CUDA
// backend uses) against std::lower_bound / std::upper_bound, over sub-ranges and repeated values.
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

}  // namespace
