// detail::lower_bound_in / upper_bound_in (the binary search every sorted-index lookup of the CUDA
// backend uses) against std::lower_bound / std::upper_bound, over sub-ranges and repeated values;
// last_at_most_in against a linear scan; intersect_size (view.hpp) against std::set_intersection.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <set>
#include <vector>

#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/view.hpp"

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

// intersect_size: ranges of like and of very different lengths, either range the shorter, empty
// ranges, all-common and disjoint ranges.
TEST(SortedSearch, IntersectSizeAgreesWithSetIntersection) {
  std::mt19937 rng(7);
  const auto sorted_sample = [&](std::size_t k, std::uint32_t universe) {
    std::set<std::uint32_t> s;
    std::uniform_int_distribution<std::uint32_t> pick(0, universe - 1);
    while (s.size() < k) s.insert(pick(rng));
    return std::vector<std::uint32_t>(s.begin(), s.end());
  };
  const std::size_t sizes[] = {0, 1, 2, 5, 16, 17, 40, 300, 2000};
  for (std::size_t na : sizes)
    for (std::size_t nb : sizes)
      for (std::uint32_t universe : {2500u, 100000u}) {
        const std::vector<std::uint32_t> a = sorted_sample(na, universe), b = sorted_sample(nb, universe);
        std::vector<std::uint32_t> both;
        std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
        const hpg::IndexRange ra{a.data(), a.data() + a.size()}, rb{b.data(), b.data() + b.size()};
        EXPECT_EQ(hpg::intersect_size(ra, rb), both.size()) << na << " and " << nb << " of " << universe;
        EXPECT_EQ(hpg::intersect_size(rb, ra), both.size()) << nb << " and " << na << " of " << universe;
        EXPECT_EQ(hpg::intersect_size(ra, ra), a.size());
      }
  std::vector<std::uint32_t> big(1000);
  for (std::uint32_t k = 0; k < 1000; ++k) big[k] = 2 * k;
  const std::vector<std::uint32_t> odd{1, 3, 999, 1999}, even_ends{0, 1998}, past{5000};
  const hpg::IndexRange rbig{big.data(), big.data() + big.size()};
  EXPECT_EQ(hpg::intersect_size({odd.data(), odd.data() + odd.size()}, rbig), 0u);
  EXPECT_EQ(hpg::intersect_size(rbig, {even_ends.data(), even_ends.data() + even_ends.size()}), 2u);
  EXPECT_EQ(hpg::intersect_size({past.data(), past.data() + past.size()}, rbig), 0u);
}

}  // namespace
