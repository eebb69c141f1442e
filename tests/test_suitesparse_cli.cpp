// --check (the primitives recomputed with SuiteSparse:GraphBLAS): PASS on every shared graph for
// the four primitives, cc and bc on each backend, and the comparisons themselves catch wrong answers.
#include <gtest/gtest.h>

#include <limits>

#include "cli/reference_check.hpp"
#include "cli_runner.hpp"
#include "data/expected_sizes.hpp"

namespace {

using hpg::test::run_cli;

const std::string karate = hpg::test::source_dir() + "/data/karate.mtx";

// --check on every graph of the shared data set, for the four primitives, cc and bc, on each backend (under
// HPG_TEST_SHARD=k/N, every N-th graph from the k-th: gpu-run.sh splits it across processes).
class CliCheck : public ::testing::TestWithParam<hpg::Backend> {};

TEST_P(CliCheck, PassesForThePrimitivesComponentsAndBcOnEverySharedGraph) {
  HPG_REQUIRE_DATA();
  if (GetParam() == hpg::Backend::cuda && !hpg::cuda_available()) GTEST_SKIP() << "no GPU";
  const std::string backend(to_string(GetParam()));
  const hpg::test::Shard part = hpg::test::shard();  // HPG_TEST_SHARD=k/N: every N-th graph from the k-th
  int checked = 0;
  std::size_t item = 0;
  for (const auto& e : hpg::test::expected) {
    if (!part.has(item++)) continue;
    const std::string path = (hpg::test::data_dir() / e.file).string();
    auto info = run_cli({"info", path, "--backend", "host", "--json"});
    ASSERT_EQ(info.status, 0) << path << ": " << info.err;
    const std::string source = std::to_string(static_cast<long long>(info.json_number("out_max_vertex")));
    for (const char* cmd : {"bfs", "sssp", "pagerank", "tc", "cc", "bc"}) {
      std::vector<std::string> args = {cmd, path, "--backend", backend, "--check", "--json"};
      if (std::string(cmd) == "bfs" || std::string(cmd) == "sssp") args.insert(args.end(), {"--source", source});
      if (std::string(cmd) == "bc") args.insert(args.end(), {"--sources", "0," + source + "," + source});
      auto r = run_cli(args);
      if (e.nrows != e.ncols) {  // not a graph: refused
        HPG_EXPECT_CLI_ERROR(r, "square");
        continue;
      }
      if (std::string(cmd) == "sssp" && r.status == 2) {  // negative weights: SuiteSparse must see the same cycle
        HPG_EXPECT_CLI_ERROR(r, "SuiteSparse agrees");
        continue;
      }
      EXPECT_EQ(r.status, 0) << cmd << " " << path << ": " << r.out << r.err;
      EXPECT_NE(r.out.find("\"check\":{\"status\":\"pass\""), std::string::npos) << cmd << " " << path << ": " << r.out;
      ++checked;
    }
  }
  EXPECT_GT(checked, 180 / static_cast<int>(part.count));
}

INSTANTIATE_TEST_SUITE_P(All, CliCheck, hpg::test::all_backends(), hpg::test::backend_name);

TEST(CliCheckCompare, WrongAnswersAreCaught) {
  // 0 -> 1 -> 2, 0 -> 2 (weights 5, 1, 9)
  hpg::Matrix<bool> a(4, 4, hpg::Backend::host);
  a.build(std::vector<hpg::Index>{0, 1, 0}, std::vector<hpg::Index>{1, 2, 2}, std::vector<bool>{true, true, true});
  const std::vector<std::int64_t> level = {0, 1, 1, -1}, parent = {0, 0, 0, -1};
  EXPECT_TRUE(hpg::cli::check_bfs(a, 0, level, parent).pass);
  auto wrong_level = hpg::cli::check_bfs(a, 0, {0, 1, 2, -1}, parent);
  EXPECT_FALSE(wrong_level.pass);
  ASSERT_FALSE(wrong_level.differences.empty());
  EXPECT_NE(wrong_level.differences[0].find("vertex 2"), std::string::npos) << wrong_level.differences[0];
  EXPECT_FALSE(hpg::cli::check_bfs(a, 0, level, {0, 0, 1, -1}).pass) << "1 is not one level above 2";
  EXPECT_FALSE(hpg::cli::check_bfs(a, 0, level, {0, 0, 3, -1}).pass) << "no edge 3 -> 2";
  EXPECT_FALSE(hpg::cli::check_bfs(a, 0, level, {1, 0, 0, -1}).pass) << "the source is its own parent";
  EXPECT_FALSE(hpg::cli::check_bfs(a, 0, level, {0, 0, 0, 2}).pass) << "unreached has no parent";

  hpg::Matrix<std::int64_t> w(4, 4, hpg::Backend::host);
  w.build(std::vector<hpg::Index>{0, 1, 0}, std::vector<hpg::Index>{1, 2, 2}, std::vector<std::int64_t>{5, 1, 9});
  const std::int64_t inf = std::numeric_limits<std::int64_t>::max();
  EXPECT_TRUE(hpg::cli::check_sssp(w, 0, {0, 5, 6, inf}).pass);
  EXPECT_FALSE(hpg::cli::check_sssp(w, 0, {0, 5, 9, inf}).pass);
  EXPECT_FALSE(hpg::cli::check_sssp(w, 0, {0, 5, 6, 7}).pass);
  hpg::Matrix<double> r(2, 2, hpg::Backend::host);
  r.build(std::vector<hpg::Index>{0}, std::vector<hpg::Index>{1}, std::vector<double>{1.0 / 3});
  EXPECT_TRUE(hpg::cli::check_sssp(r, 0, {0, 1.0 / 3 * (1 + 1e-9)}).pass) << "within 1e-6 relative";
  EXPECT_FALSE(hpg::cli::check_sssp(r, 0, {0, 1.0 / 3 * (1 + 1e-5)}).pass);
  EXPECT_FALSE(hpg::cli::check_sssp(r, 0, {0, std::numeric_limits<double>::infinity()}).pass);

  hpg::PageRankOptions o;
  std::vector<double> rank = hpg::cli::dense(hpg::pagerank<double>(a, o).rank, 0.0);
  EXPECT_TRUE(hpg::cli::check_pagerank(a, o, rank, 0, true).pass);
  rank[3] += 2e-4;
  EXPECT_FALSE(hpg::cli::check_pagerank(a, o, rank, 0, true).pass);

  EXPECT_TRUE(hpg::cli::check_tc(a, 1).pass);
  auto tc = hpg::cli::check_tc(a, 2);
  EXPECT_FALSE(tc.pass);
  ASSERT_EQ(tc.differences.size(), 1u);
  EXPECT_NE(tc.differences[0].find("SuiteSparse 1"), std::string::npos) << tc.differences[0];
  EXPECT_TRUE(tc.reference_ms && *tc.reference_ms >= 0) << "SuiteSparse's run is timed, for the report's speedup over it";
}

TEST(CliCheckCompare, BcWithinOneMillionthRelativeAndAbsoluteBelowOne) {
  // 0 -> 1 -> 2 -> 3 and 0 -> 4 -> 5 -> 3: from 0, vertices 1, 4 carry 1.5 and 2, 5 carry 0.5
  hpg::Matrix<bool> a(6, 6, hpg::Backend::host);
  a.build(std::vector<hpg::Index>{0, 1, 2, 0, 4, 5}, std::vector<hpg::Index>{1, 2, 3, 4, 5, 3}, std::vector<bool>(6, true));
  const std::vector<hpg::Index> sources = {0, 0};  // twice: counted twice
  EXPECT_TRUE(hpg::cli::check_bc(a, sources, {0, 3, 1, 0, 3, 1}).pass);
  EXPECT_TRUE(hpg::cli::check_bc(a, sources, {0, 3 * (1 + 5e-7), 1, 0, 3, 1 + 5e-7}).pass);
  EXPECT_TRUE(hpg::cli::check_bc(a, sources, {5e-7, 3, 1, 0, 3, 1}).pass) << "absolute below 1";
  auto wrong = hpg::cli::check_bc(a, sources, {0, 3 * (1 + 2e-6), 1, 0, 3, 1});
  EXPECT_FALSE(wrong.pass);
  ASSERT_FALSE(wrong.differences.empty());
  EXPECT_NE(wrong.differences[0].find("vertex 1"), std::string::npos) << wrong.differences[0];
  EXPECT_FALSE(hpg::cli::check_bc(a, {0}, {0, 3, 1, 0, 3, 1}).pass) << "the sources are the reference's too";
}

TEST(CliCheckCompare, ANegativeCycleNeedsAgreementAndAPassIsPrinted) {
  hpg::test::TempDir dir;
  const auto neg = dir.write("neg.txt", "0 1 -2\n1 0 1\n");
  HPG_EXPECT_CLI_ERROR(run_cli({"sssp", neg, "--source", "0", "--backend", "host", "--check"}), "SuiteSparse agrees");
  auto pass = run_cli({"tc", karate, "--backend", "host", "--check"});
  EXPECT_EQ(pass.status, 0) << pass.err;
  EXPECT_NE(pass.out.find("check        PASS against SuiteSparse:GraphBLAS"), std::string::npos) << pass.out;
  auto json = run_cli({"bfs", karate, "--source", "0", "--backend", "host", "--check", "--json"});
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"reference_ms\":"), std::string::npos) << json.out;  // scripts/bench.sh's peers step reads it
}

}  // namespace
