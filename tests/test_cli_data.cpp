// `hpgraph info` on every graph of the shared data set prints the right n and nvals.
#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "data/expected_sizes.hpp"

namespace {

TEST(CliData, InfoGivesTheRightSizesForEverySharedGraph) {
  HPG_REQUIRE_DATA();
  for (const auto& e : hpg::test::expected) {
    const std::string path = (hpg::test::data_dir() / e.file).string();
    auto r = hpg::test::run_cli({"info", path, "--json"});
    ASSERT_EQ(r.status, 0) << path << ": " << r.err;
    EXPECT_EQ(r.json_number("nrows"), static_cast<double>(e.nrows)) << path;
    EXPECT_EQ(r.json_number("ncols"), static_cast<double>(e.ncols)) << path;
    EXPECT_EQ(r.json_number("nvals"), static_cast<double>(e.nvals)) << path;
    EXPECT_EQ(r.json_number("nvals") + r.json_number("duplicates_combined"), r.json_number("tuples")) << path;
  }
}

}  // namespace
