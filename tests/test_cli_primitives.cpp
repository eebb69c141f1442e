// The hpgraph program's bfs, sssp, pagerank, tc, cc and bc end to end: their output files, JSON, timings
// and the error contract. --check is tested in test_suitesparse_cli.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "cli_runner.hpp"

namespace {

using hpg::test::run_cli;

const std::string karate = hpg::test::source_dir() + "/data/karate.mtx";

/// The lines "vertex<TAB>value" of an --output file, in order.
std::vector<std::pair<long long, std::string>> vertex_lines(const std::string& path) {
  std::vector<std::pair<long long, std::string>> lines;
  std::ifstream in(path);
  for (std::string l; std::getline(in, l);) {
    const auto tab = l.find('\t');
    EXPECT_NE(tab, std::string::npos) << l;
    if (tab == std::string::npos) continue;
    lines.emplace_back(std::stoll(l.substr(0, tab)), l.substr(tab + 1));
  }
  return lines;
}

TEST(CliPrimitives, BfsLevelsMatchLAGraphsKnownAnswer) {
  hpg::test::TempDir dir;
  const auto out = dir.file("levels.tsv");
  auto r = run_cli({"bfs", karate, "--source", "30", "--backend", "host", "--output", out, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("reached"), 34);
  EXPECT_EQ(r.json_number("depth"), 5);
  EXPECT_EQ(r.json_number("edges"), 156);  // every vertex reached: all of their out-edges examined
  EXPECT_GT(r.json_number("mteps"), 0);
  const int want[34] = {2, 1, 2, 2, 3, 3, 3, 2, 1, 2, 3, 3, 3, 2, 2, 2, 4, 2, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 0, 2, 1, 1};
  const auto lines = vertex_lines(out);
  ASSERT_EQ(lines.size(), 34u);
  for (int v = 0; v < 34; ++v) {
    EXPECT_EQ(lines[v].first, v);
    EXPECT_EQ(lines[v].second, std::to_string(want[v])) << "vertex " << v;
  }
}

TEST(CliPrimitives, BfsParentsAreValidAndUnreachedIsMinusOne) {
  hpg::test::TempDir dir;
  // 0 -> 1 -> 2, 3 isolated; 2 -> 0 closes a cycle
  const auto g = dir.write("g.txt", "0 1\n1 2\n2 0\n3 3\n");
  const auto out = dir.file("parents.tsv"), lv = dir.file("levels.tsv");
  auto r = run_cli({"bfs", g, "--source", "1", "--parents", "--backend", "host", "-o", out});
  ASSERT_EQ(r.status, 0) << r.err;
  auto p = vertex_lines(out);
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0].second, "2");
  EXPECT_EQ(p[1].second, "1");
  EXPECT_EQ(p[2].second, "1");
  EXPECT_EQ(p[3].second, "-1");
  ASSERT_EQ(run_cli({"bfs", g, "--source", "1", "--backend", "host", "-o", lv}).status, 0);
  auto l = vertex_lines(lv);
  ASSERT_EQ(l.size(), 4u);
  EXPECT_EQ(l[0].second, "2");
  EXPECT_EQ(l[3].second, "-1");
  EXPECT_NE(r.out.find("reached      3"), std::string::npos) << r.out;
  auto j = run_cli({"bfs", g, "--source", "1", "--backend", "host", "--json"});
  EXPECT_EQ(j.json_number("edges"), 3) << "the out-edges of 0, 1, 2; not the unreached self-loop of 3";
}

TEST(CliPrimitives, SsspDistancesWithInfinityAndRealWeights) {
  hpg::test::TempDir dir;
  const auto g = dir.write("w.txt", "0 1 2.5\n1 2 0.25\n0 2 3\n3 0 1\n");
  const auto out = dir.file("dist.tsv");
  auto r = run_cli({"sssp", g, "--source", "0", "--backend", "host", "-o", out, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("reached"), 3);
  EXPECT_EQ(r.json_number("max_distance"), 2.75);
  auto d = vertex_lines(out);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].second, "0");
  EXPECT_EQ(d[1].second, "2.5");
  EXPECT_EQ(d[2].second, "2.75");
  EXPECT_EQ(d[3].second, "inf");
  // a pattern graph: every edge weighs 1
  auto k = run_cli({"sssp", karate, "--source", "30", "--backend", "host", "-o", out});
  ASSERT_EQ(k.status, 0) << k.err;
  auto kd = vertex_lines(out);
  ASSERT_EQ(kd.size(), 34u);
  EXPECT_EQ(kd[16].second, "4");  // as BFS's level
}

TEST(CliPrimitives, PageRankWritesNineDigitsAndReportsIterations) {
  hpg::test::TempDir dir;
  const auto out = dir.file("rank.tsv");
  auto r = run_cli({"pagerank", karate, "--backend", "host", "-o", out, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_GT(r.json_number("iterations"), 1);
  EXPECT_NEAR(r.json_number("rank_sum"), 1.0, 1e-9);
  EXPECT_NE(r.out.find("\"converged\":\"yes\""), std::string::npos) << r.out;
  auto ranks = vertex_lines(out);
  ASSERT_EQ(ranks.size(), 34u);
  double sum = 0;
  for (const auto& [v, x] : ranks) {
    std::string digits;
    for (char c : x.substr(0, x.find_first_of("eE")))
      if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    digits.erase(0, digits.find_first_not_of('0'));
    EXPECT_GE(digits.size(), 9u) << x;
    sum += std::stod(x);
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
  // max-iters reached before tol: reported, not silent
  auto nc = run_cli({"pagerank", karate, "--backend", "host", "--tol", "1e-12", "--max-iters", "3", "--json"});
  ASSERT_EQ(nc.status, 0) << nc.err;
  EXPECT_EQ(nc.json_number("iterations"), 3);
  EXPECT_NE(nc.out.find("\"converged\":\"no\""), std::string::npos) << nc.out;
  EXPECT_NE(nc.err.find("did not converge"), std::string::npos) << nc.err;
  for (const char* variant : {"gap", "hpgraph"}) {
    auto v = run_cli({"pagerank", karate, "--backend", "host", "--variant", variant, "--json"});
    EXPECT_EQ(v.status, 0) << variant << ": " << v.out << v.err;
    EXPECT_NE(v.out.find(std::string("\"variant\":\"") + variant + "\""), std::string::npos) << v.out;
  }
}

TEST(CliPrimitives, TriangleCountsBothMethodsAndWritesTheCount) {
  hpg::test::TempDir dir;
  const auto out = dir.file("tc.txt");
  for (const char* method : {"lut", "spmv"}) {
    auto r = run_cli({"tc", karate, "--method", method, "--backend", "host", "-o", out, "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.json_number("triangles"), 45) << method;
    EXPECT_EQ(hpg::test::slurp(out), "45\n");
  }
  // Without --method: spmv, the faster on every graph measured.
  auto d = run_cli({"tc", karate, "--backend", "host", "--json"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("\"method\":\"spmv\""), std::string::npos) << d.out;
  EXPECT_EQ(d.json_number("triangles"), 45);
}

TEST(CliPrimitives, ConnectedComponentsLabelEveryVertex) {
  hpg::test::TempDir dir;
  const auto g = dir.write("g.el", "0 1\n2 1\n4 5\n");  // directed; weakly: {0, 1, 2}, {3}, {4, 5}
  const auto out = dir.file("cc.txt");
  auto r = run_cli({"cc", g, "--backend", "host", "-o", out, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("components"), 3);
  EXPECT_EQ(hpg::test::slurp(out), "0\t0\n1\t0\n2\t0\n3\t3\n4\t4\n5\t4\n");
  auto k = run_cli({"cc", karate, "--backend", "host", "--json"});
  ASSERT_EQ(k.status, 0) << k.err;
  EXPECT_EQ(k.json_number("components"), 1);
}

TEST(CliPrimitives, BcMatchesLAGraphsKnownAnswerAndRefusesBadSources) {
  hpg::test::TempDir dir;
  const auto out = dir.file("bc.tsv");
  auto r = run_cli({"bc", karate, "--sources", "6,29,0,9", "--backend", "host", "-o", out, "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("sources"), 4);
  EXPECT_EQ(r.json_number("top_vertex"), 0);
  EXPECT_NEAR(r.json_number("top_centrality"), 43.7778, 1e-4);
  const double want[34] = {43.7778, 2.83333, 26.9143, 0.722222, 0.333333, 1.83333, 1.5, 0, 9.09524, 0, 0, 0, 0, 5.19206, 0, 0, 0,
                           0,       0,       4.58095, 0,        0,        0,       2.4, 0, 0.422222, 0, 1.28889, 0, 0, 0.733333, 14.5508, 17.1873, 40.6349};
  const auto lines = vertex_lines(out);
  ASSERT_EQ(lines.size(), 34u);
  for (int v = 0; v < 34; ++v) {
    EXPECT_EQ(lines[v].first, v);
    EXPECT_NEAR(std::stod(lines[v].second), want[v], 1e-4) << "vertex " << v;
  }
  HPG_EXPECT_CLI_ERROR(run_cli({"bc", karate, "--backend", "host"}), "--sources");
  HPG_EXPECT_CLI_ERROR(run_cli({"bc", karate, "--sources", "0,34", "--backend", "host"}), "outside [0, 34)");
  for (const char* bad : {"1,,2", "x", "", "-1", "3,"})
    HPG_EXPECT_CLI_ERROR(run_cli({"bc", karate, "--sources", bad, "--backend", "host"}), "--sources");
  auto help = run_cli({"bc", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("usage: hpgraph bc"), std::string::npos);
}

TEST(CliPrimitives, JsonHasTheTimedStagesAndRepeatRunsThatManyTimes) {
  auto r = run_cli({"bfs", "rmat:10", "--undirected", "--source", "0", "--backend", "host", "--repeat", "3", "--json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.json_number("n"), 1024);
  for (const char* key : {"load", "transfer", "preprocess", "run"}) EXPECT_GE(r.json_number(key), 0) << key;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("\"runs\":\\[([^\\]]*)\\]"))) << r.out;
  const std::string runs = m[1];
  EXPECT_EQ(std::count(runs.begin(), runs.end(), ','), 2) << runs;
  for (const char* key : {"\"command\":\"bfs\"", "\"backend\":\"host\"", "\"device\":", "\"graph\":\"rmat:10\""})
    EXPECT_NE(r.out.find(key), std::string::npos) << key;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one JSON object, one line";
}

TEST(CliPrimitives, UndirectedAndFormatOptionsApply) {
  hpg::test::TempDir dir;
  const auto g = dir.write("g.data", "0 1\n1 2\n");
  auto d = run_cli({"bfs", g, "--format", "el", "--source", "2", "--backend", "host", "--json"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_EQ(d.json_number("reached"), 1);
  auto u = run_cli({"bfs", g, "--format", "el", "--undirected", "--source", "2", "--backend", "host", "--json"});
  ASSERT_EQ(u.status, 0) << u.err;
  EXPECT_EQ(u.json_number("reached"), 3);
  EXPECT_EQ(u.json_number("nvals"), 4);
}

TEST(CliPrimitives, ErrorContract) {
  hpg::test::TempDir dir;
  const auto bad = dir.write("bad.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 0.5\n2 x 1.0\n");
  const auto rect = dir.write("rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 1\n1 3\n");
  for (const char* cmd : {"bfs", "sssp", "pagerank", "tc"}) {
    const bool sourced = std::string(cmd) == "bfs" || std::string(cmd) == "sssp";
    auto with_source = [&](std::vector<std::string> args) {
      if (sourced) args.insert(args.end(), {"--source", "0"});
      args.insert(args.end(), {"--backend", "host"});
      return args;
    };
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, dir.file("missing.mtx")})), "missing.mtx");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, bad})), "bad.mtx:4");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, rect})), "square");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, karate, "--frobnicate"})), "--frobnicate");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, karate, "-o", "/nonexistent-dir/out.tsv"})), "/nonexistent-dir/out.tsv");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd, karate, "--repeat", "0"})), "--repeat");
    HPG_EXPECT_CLI_ERROR(run_cli(with_source({cmd})), "GRAPH");
    auto help = run_cli({cmd, "--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find(std::string("usage: hpgraph ") + cmd), std::string::npos);
    if (sourced) {
      HPG_EXPECT_CLI_ERROR(run_cli({cmd, karate, "--backend", "host"}), "--source");
      HPG_EXPECT_CLI_ERROR(run_cli({cmd, karate, "--source", "34", "--backend", "host"}), "outside [0, 34)");
      HPG_EXPECT_CLI_ERROR(run_cli({cmd, karate, "--source", "-1", "--backend", "host"}), "--source");
      HPG_EXPECT_CLI_ERROR(run_cli({cmd, karate, "--source", "x", "--backend", "host"}), "--source");
    }
  }
  HPG_EXPECT_CLI_ERROR(run_cli({"pagerank", karate, "--variant", "google"}), "--variant");
  HPG_EXPECT_CLI_ERROR(run_cli({"pagerank", karate, "--damping", "1.5"}), "--damping");
  HPG_EXPECT_CLI_ERROR(run_cli({"tc", karate, "--method", "magic"}), "--method");
  HPG_EXPECT_CLI_ERROR(run_cli({"sssp", karate, "--source", "0", "--weights", "1:9", "--backend", "host"}), "--weights");
  const auto neg = dir.write("neg.txt", "0 1 -2\n1 0 1\n");
  HPG_EXPECT_CLI_ERROR(run_cli({"sssp", neg, "--source", "0", "--backend", "host"}), "negative-weight cycle");
  if (!hpg::cuda_available()) HPG_EXPECT_CLI_ERROR(run_cli({"bfs", karate, "--source", "0", "--backend", "cuda"}), "--backend cuda: ");
}

TEST(CliPrimitives, OutputNeverReplacesTheInputNorLeavesAPartialFile) {
  hpg::test::TempDir dir;
  const std::string text = "0 1\n1 2\n";
  const auto g = dir.write("g.txt", text);
  HPG_EXPECT_CLI_ERROR(run_cli({"bfs", g, "--source", "0", "--backend", "host", "-o", g}), "input");
  EXPECT_EQ(hpg::test::slurp(g), text);
  // a failed run (source out of range) leaves an existing output as it was, and nothing beside it
  const auto out = dir.write("out.tsv", "previous\n");
  HPG_EXPECT_CLI_ERROR(run_cli({"bfs", g, "--source", "9", "--backend", "host", "-o", out}), "--source");
  EXPECT_EQ(hpg::test::slurp(out), "previous\n");
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.file(""))) files += e.is_regular_file();
  EXPECT_EQ(files, 2u) << "no partial output left behind";
}

}  // namespace
