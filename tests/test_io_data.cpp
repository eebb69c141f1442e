// The shared data set (../shared/data): every graph file reads, with the sizes that an
// independent reader computed.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "hpgraph/io.hpp"
#include "data/expected_sizes.hpp"
#include "test_support.hpp"

namespace {

using hpg::test::Expected;
using hpg::test::expected;

TEST(IoData, EverySharedGraphReadsWithTheExpectedSizes) {
  HPG_REQUIRE_DATA();
  std::set<std::string> listed;
  for (const Expected& e : expected) {
    listed.insert(e.file);
    const std::string path = (hpg::test::data_dir() / e.file).string();
    SCOPED_TRACE(path);
    hpg::io::ReadStats stats;
    const auto m = hpg::io::read_matrix<double>(path, {}, hpg::min<double>{}, &stats, false, hpg::Backend::host);
    EXPECT_EQ(m.nrows(), e.nrows);
    EXPECT_EQ(m.ncols(), e.ncols);
    EXPECT_EQ(stats.lines, e.lines);
    EXPECT_EQ(m.nvals(), e.nvals);
  }
  // Every graph file in the data set is in the table (a new file needs its row).
  for (const auto& entry : std::filesystem::recursive_directory_iterator(hpg::test::data_dir())) {
    if (!entry.is_regular_file() || entry.path().extension() == ".md") continue;
    const std::string rel = std::filesystem::relative(entry.path(), hpg::test::data_dir()).generic_string();
    EXPECT_TRUE(listed.count(rel)) << rel << " is not in the expected table; rerun tests/data/expected_sizes.py";
  }
}

TEST(IoData, LpAfiroIsRectangular) {
  HPG_REQUIRE_DATA();
  const auto t = hpg::io::read_tuples((hpg::test::data_dir() / "lagraph/lp_afiro.mtx").string());
  EXPECT_EQ(t.nrows, 27u);
  EXPECT_EQ(t.ncols, 51u);
  EXPECT_EQ(t.kind, hpg::io::ValueKind::real);
}

TEST(IoData, GzippedSnapEdgeListThroughBinaryRoundTrip) {
  HPG_REQUIRE_DATA();
  const std::string path = (hpg::test::data_dir() / "snap/email-Eu-core.txt.gz").string();
  const auto m = hpg::io::read_matrix<std::int32_t>(path, {}, hpg::min<std::int32_t>{}, nullptr, false, hpg::Backend::host);
  hpg::test::TempDir dir;
  hpg::io::write_matrix(dir.file("email.hpgb.gz"), m);
  const auto back = hpg::io::read_matrix<std::int32_t>(dir.file("email.hpgb.gz"), {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
  EXPECT_EQ(back.nvals(), m.nvals());
  EXPECT_EQ(back.nrows(), 1005u);
}

}  // namespace
