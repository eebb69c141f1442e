// The GPU's limits: a graph that cannot fit is refused before anything is allocated (with the
// bytes needed and free in the message), and a matrix of more than 2^31 stored entries works end
// to end (generation, HYB, SpMV, reductions, BFS), checked by identities that need no reference:
// degrees counted over the CSR equal degrees from an SpMV over the HYB, they sum to nvals, and
// BFS levels differ by at most one across every edge. Skipped without a GPU, and the big case
// where the GPU has too little memory for it.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Matrix;
using hpg::Vector;

TEST(DeviceLimitsGpu, AGraphTooBigIsRefusedBeforeAnythingIsAllocated) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::gen::GraphSpec spec = hpg::gen::parse_spec("rmat:30:16");  // 2^34 edges, twice that symmetrized
  spec.symmetrize = true;
  const auto [free_before, total] = hpg::detail::device_memory_info();
  try {
    (void)hpg::generate<bool>(spec, Backend::cuda);
    FAIL() << "a graph of 2^35 edges was not refused";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::out_of_memory) << e.what();
    const std::string what = e.what();
    // 2^35 edge keys of 8 bytes and their sorted copies, and the 2^30 + 1 row offsets.
    const std::uint64_t needed = std::uint64_t(2) * (std::uint64_t(1) << 35) * 8 + ((std::uint64_t(1) << 30) + 1) * 4;
    EXPECT_NE(what.find("needs " + std::to_string(needed) + " bytes"), std::string::npos)
        << what;
    EXPECT_NE(what.find(" free of " + std::to_string(total) + " bytes"), std::string::npos) << what;
    EXPECT_NE(what.find("before allocating anything"), std::string::npos) << what;
  }
  // Nothing was taken (the refusal may have trimmed the pool, which only frees memory).
  EXPECT_GE(hpg::detail::device_memory_info().first + (std::size_t(64) << 20), free_before);

  // The same check guards every upload of a graph: more than the device holds is refused by name.
  try {
    hpg::detail::require_device_memory(total + 1, "a test graph");
    FAIL() << "more bytes than the device has were not refused";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::out_of_memory);
    EXPECT_NE(std::string(e.what()).find("a test graph does not fit in GPU memory: it needs " + std::to_string(total + 1) + " bytes"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(hpg::detail::require_device_memory(1 << 20, "a small graph"));
}

TEST(DeviceLimitsGpu, MoreThan2To31StoredEntriesEndToEnd) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  // urand: 2^26 vertices, 17 x 2^26 edges, symmetrized: 2.28 G stored entries (a few duplicates
  // merge), past 2^31 = 2.147 G. The test's peak (generation, HYB, BFS), printed at its end, was
  // 36.4 bytes per generated edge on an H200 (77.3 GiB): it needs a GPU of more than 80 GB.
  hpg::gen::GraphSpec spec = hpg::gen::parse_spec("urand:26:17");
  spec.symmetrize = true;
  spec.remove_self_loops = true;
  const std::uint64_t generated = std::uint64_t(2) * 17 * (std::uint64_t(1) << 26);
  const std::size_t needed = static_cast<std::size_t>(generated) * 38;
  if (hpg::detail::device_memory_info().second < needed)
    GTEST_SKIP() << "needs about " << (needed >> 30) << " GiB of GPU memory; this GPU has "
                 << (hpg::detail::device_memory_info().second >> 30) << " GiB";

  hpg::detail::reset_device_pool_peak();
  Matrix<bool> a = hpg::generate<bool>(spec, Backend::cuda);
  const Index n = a.nrows();
  const std::uint64_t nvals = a.nvals();
  ASSERT_GT(nvals, std::uint64_t(1) << 31);
  ASSERT_LE(nvals, generated);
  EXPECT_GT(nvals, generated - generated / 1000);  // duplicates and self-loops are rare in urand

  // Degrees two ways: a row reduction over the CSR, and an SpMV over the HYB.
  Vector<std::uint64_t> by_rows(n, Backend::cuda), by_spmv(n, Backend::cuda), ones(n, Backend::cuda);
  hpg::reduce(by_rows, hpg::no_mask, hpg::no_accum, hpg::plus_monoid<std::uint64_t>{}, a);
  hpg::assign(ones, hpg::no_mask, hpg::no_accum, std::uint64_t(1), hpg::all);
  hpg::mxv(by_spmv, hpg::no_mask, hpg::no_accum, hpg::plus_second<std::uint64_t>, a, ones);
  EXPECT_EQ(hpg::reduce(hpg::plus_monoid<std::uint64_t>{}, by_rows), nvals);
  EXPECT_EQ(hpg::reduce(hpg::plus_monoid<std::uint64_t>{}, by_spmv), nvals);
  Vector<bool> differ(n, Backend::cuda);
  hpg::ewise_add(differ, hpg::no_mask, hpg::no_accum, hpg::ne<std::uint64_t>{}, by_rows, by_spmv);
  EXPECT_FALSE(hpg::reduce(hpg::lor_monoid<bool>{}, differ)) << "CSR and HYB degrees differ";

  // BFS from 0: a symmetric graph's levels differ by at most one across an edge, and every
  // reached vertex but the source has a neighbour one level closer.
  const hpg::BfsResult r = hpg::bfs(a, 0);
  const std::uint64_t reached = r.level.nvals();
  EXPECT_GT(reached, std::uint64_t(n) / 2);  // urand at degree 34 is one giant component
  Vector<std::int32_t> lowest(n, Backend::cuda), highest(n, Backend::cuda);
  hpg::mxv(lowest, r.level, hpg::no_accum, hpg::min_second<std::int32_t>, a, r.level, hpg::desc::structure);
  hpg::mxv(highest, r.level, hpg::no_accum, hpg::max_second<std::int32_t>, a, r.level, hpg::desc::structure);
  Vector<std::int32_t> drop(n, Backend::cuda), rise(n, Backend::cuda);
  hpg::ewise_mult(drop, hpg::no_mask, hpg::no_accum, hpg::minus<std::int32_t>{}, r.level, lowest);
  hpg::ewise_mult(rise, hpg::no_mask, hpg::no_accum, hpg::minus<std::int32_t>{}, highest, r.level);
  EXPECT_LE(hpg::reduce(hpg::max_monoid<std::int32_t>{}, rise), 1);
  // The source (level 0) has only level-1 neighbours; every other reached vertex has a parent.
  EXPECT_EQ(drop.extract_element(0), std::optional<std::int32_t>(-1));
  drop.remove_element(0);
  EXPECT_EQ(drop.nvals(), reached - 1);
  EXPECT_EQ(hpg::reduce(hpg::max_monoid<std::int32_t>{}, drop), 1);
  EXPECT_EQ(hpg::reduce(hpg::min_monoid<std::int32_t>{}, drop), 1);
  const double peak = static_cast<double>(hpg::detail::device_pool_usage().peak);
  std::cout << "[ peak     ] " << peak / double(1u << 30) << " GiB of device memory, " << peak / double(generated)
            << " bytes per generated edge\n";
}

}  // namespace
