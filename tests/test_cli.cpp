// The hpgraph program end to end: info, convert, generate, and the error contract.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.hpp"

namespace {

using hpg::test::run_cli;

const std::string karate = hpg::test::source_dir() + "/data/karate.mtx";

TEST(Cli, InfoOnABundledGraph) {
  auto r = run_cli({"info", karate, "--backend", "host", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("n"), 34);
  EXPECT_EQ(r.json_number("nvals"), 156);
  EXPECT_EQ(r.json_number("self_loops"), 0);
  EXPECT_EQ(r.json_number("out_max"), 17);  // vertex 34 has 17 neighbours
  EXPECT_EQ(r.json_number("duplicates_combined"), 0);
  // One-third rule on karate's degrees: 10 of 34 vertices have degree >= 5 (< 12 = ceil(34/3)), 16 have >= 4.
  EXPECT_EQ(r.json_number("K"), 4);
  auto h = run_cli({"info", karate, "--backend", "host"});
  ASSERT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("vertices     34"), std::string::npos) << h.out;
  EXPECT_NE(h.out.find("K = 4"), std::string::npos) << h.out;
}

TEST(Cli, InfoOnAGzippedEdgeList) {
  auto r = run_cli({"info", hpg::test::source_dir() + "/data/ca-GrQc.txt.gz", "--backend", "host", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("n"), 26197);      // largest id + 1
  EXPECT_EQ(r.json_number("nvals"), 28980);  // SNAP: 28980 arcs, no duplicates
  EXPECT_EQ(r.json_number("self_loops"), 12);
  EXPECT_EQ(r.json_number("isolated"), 26197 - 5242);
}

TEST(Cli, InfoOnAGeneratorSpec) {
  auto r = run_cli({"info", "rmat:10", "--backend", "host", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("n"), 1024);
  EXPECT_EQ(r.json_number("tuples"), 16 * 1024);
  EXPECT_EQ(r.json_number("nvals") + r.json_number("duplicates_combined"), 16 * 1024);
  auto u = run_cli({"info", "grid:10x20", "--backend", "host", "--json"});
  ASSERT_EQ(u.status, 0) << u.err;
  EXPECT_EQ(u.json_number("nvals"), 2 * (10 * 19 + 9 * 20));
}

TEST(Cli, GenerateConvertAndReadBack) {
  hpg::test::TempDir dir;
  const auto bin = dir.file("g.hpgb"), mtx = dir.file("g.mtx.gz"), back = dir.file("back.hpgb");
  auto g = run_cli({"generate", "rmat", "--scale", "9", "--edge-factor", "4", "--weights", "1:9", "--undirected", "-o", bin,
                    "--backend", "host", "--json"});
  ASSERT_EQ(g.status, 0) << g.err;
  const double nvals = g.json_number("nvals");
  EXPECT_GT(nvals, 0);
  auto c = run_cli({"convert", bin, mtx});
  ASSERT_EQ(c.status, 0) << c.err;
  auto c2 = run_cli({"convert", mtx, back});
  ASSERT_EQ(c2.status, 0) << c2.err;
  auto a = run_cli({"info", bin, "--backend", "host", "--json"});
  auto b = run_cli({"info", back, "--backend", "host", "--json"});
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(a.json_number("nvals"), nvals);
  EXPECT_EQ(b.json_number("nvals"), nvals);
  EXPECT_EQ(hpg::test::slurp(bin), hpg::test::slurp(back)) << "binary -> mtx.gz -> binary must give the same file";
}

TEST(Cli, GeneratedFilesAreTheSameOnBothBackends) {
  if (!hpg::cuda_available()) GTEST_SKIP() << "no GPU";
  hpg::test::TempDir dir;
  auto h = run_cli({"generate", "urand:12", "--weights", "1:255", "--backend", "host", "-o", dir.file("h.hpgb")});
  auto d = run_cli({"generate", "urand:12", "--weights", "1:255", "--backend", "cuda", "-o", dir.file("d.hpgb")});
  ASSERT_EQ(h.status, 0) << h.err;
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_EQ(hpg::test::slurp(dir.file("h.hpgb")), hpg::test::slurp(dir.file("d.hpgb")));
}

TEST(Cli, HelpAndUsage) {
  auto r = run_cli({"help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("usage: hpgraph"), std::string::npos);
  auto i = run_cli({"info", "--help"});
  EXPECT_EQ(i.status, 0);
  EXPECT_NE(i.out.find("usage: hpgraph info"), std::string::npos);
  auto none = run_cli({});
  EXPECT_EQ(none.status, 2);
}

TEST(Cli, ErrorContract) {
  hpg::test::TempDir dir;
  HPG_EXPECT_CLI_ERROR(run_cli({"info", dir.file("missing.mtx")}), "missing.mtx");
  const auto bad = dir.write("bad.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 x 1.0\n");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", bad}), "bad.mtx:4");
  const auto oob = dir.write("oob.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n4 1\n");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", oob}), "oob.mtx:3");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", karate, "--frobnicate"}), "--frobnicate");
  HPG_EXPECT_CLI_ERROR(run_cli({"frobnicate"}), "frobnicate");
  HPG_EXPECT_CLI_ERROR(run_cli({"info"}), "GRAPH");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", "rmat:99"}), "scale");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", karate, "--dup", "sometimes"}), "--dup");
  HPG_EXPECT_CLI_ERROR(run_cli({"info", karate, "--backend", "tpu"}), "tpu");
  HPG_EXPECT_CLI_ERROR(run_cli({"generate", "rmat", "--scale", "5"}), "-o");
  HPG_EXPECT_CLI_ERROR(run_cli({"generate", "rmat", "--scale", "abc", "-o", dir.file("x.mtx")}), "--scale");
  HPG_EXPECT_CLI_ERROR(run_cli({"convert", karate, "/nonexistent-dir/out.mtx"}), "/nonexistent-dir/out.mtx");
  HPG_EXPECT_CLI_ERROR(run_cli({"convert", karate, dir.file("out.xyz")}), "out.xyz");
  if (!hpg::cuda_available()) HPG_EXPECT_CLI_ERROR(run_cli({"info", karate, "--backend", "cuda"}), "--backend cuda: ");
}

TEST(Cli, ConvertNeverOverwritesItsInput) {
  hpg::test::TempDir dir;
  const std::string text = "%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n";
  const auto in = dir.write("g.mtx", text);
  HPG_EXPECT_CLI_ERROR(run_cli({"convert", in, in}), "input");
  EXPECT_EQ(hpg::test::slurp(in), text);
}

}  // namespace
