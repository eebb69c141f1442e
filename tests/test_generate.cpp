// Generators: sizes, structure, determinism, weights, and host == GPU for the same seed.
#include <gtest/gtest.h>

#include <set>

#include "hpgraph/cuda/device_edges.hpp"
#include "hpgraph/generate.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::gen::Family;
using hpg::gen::GraphSpec;

GraphSpec rmat(int scale, int ef) {
  GraphSpec s;
  s.family = Family::rmat;
  s.scale = scale;
  s.edge_factor = ef;
  return s;
}

TEST(Generate, RmatHasTheGraph500Shape) {
  GraphSpec s = rmat(12, 16);
  auto e = hpg::gen::generate_edges_host(s);
  ASSERT_EQ(e.n, 4096u);
  ASSERT_EQ(e.keys.size(), 16u * 4096u);
  // Skew: with A = 0.57 the top 1% of vertices by out-degree hold far more than 1% of the edges.
  std::vector<std::uint64_t> deg(e.n, 0);
  for (auto k : e.keys) {
    ASSERT_LT(k >> 32, e.n);
    ASSERT_LT(k & 0xffffffffu, e.n);
    ++deg[k >> 32];
  }
  std::sort(deg.rbegin(), deg.rend());
  std::uint64_t top = 0;
  for (std::size_t i = 0; i < e.n / 100; ++i) top += deg[i];
  EXPECT_GT(top, e.keys.size() / 10);
}

TEST(Generate, SameSeedSameGraphOtherSeedOtherGraph) {
  GraphSpec s = rmat(10, 8);
  auto a = hpg::gen::generate_edges_host(s, 1);
  auto b = hpg::gen::generate_edges_host(s, 3);  // thread count must not matter
  EXPECT_EQ(a.keys, b.keys);
  s.seed = 2;
  auto c = hpg::gen::generate_edges_host(s);
  EXPECT_NE(a.keys, c.keys);
}

TEST(Generate, RelabellingIsAPermutation) {
  // Without relabelling, RMAT's hub is vertex 0; relabelling moves it but keeps the degree multiset.
  GraphSpec s = rmat(10, 16);
  s.relabel = false;
  auto plain = hpg::gen::generate_edges_host(s);
  s.relabel = true;
  auto mixed = hpg::gen::generate_edges_host(s);
  auto degrees = [](const hpg::gen::HostEdges& e) {
    std::vector<std::uint64_t> d(e.n, 0);
    for (auto k : e.keys) ++d[k >> 32];
    return d;
  };
  auto dp = degrees(plain), dm = degrees(mixed);
  EXPECT_EQ(std::max_element(dp.begin(), dp.end()) - dp.begin(), 0);
  EXPECT_NE(dp, dm);
  std::sort(dp.begin(), dp.end());
  std::sort(dm.begin(), dm.end());
  EXPECT_EQ(dp, dm);
}

TEST(Generate, UrandIsUniform) {
  GraphSpec s;
  s.family = Family::urand;
  s.scale = 12;
  s.edge_factor = 16;
  auto e = hpg::gen::generate_edges_host(s);
  std::vector<std::uint64_t> deg(e.n, 0);
  for (auto k : e.keys) ++deg[k >> 32];
  const auto [lo, hi] = std::minmax_element(deg.begin(), deg.end());
  EXPECT_GT(*lo, 0u);
  EXPECT_LT(*hi, 64u);  // mean 16; a power law would give hubs in the hundreds
}

TEST(Generate, GridIsFourNeighbourAndSymmetric) {
  GraphSpec s;
  s.family = Family::grid;
  s.grid_rows = 7;
  s.grid_cols = 5;
  s.weighted = true;
  s.weight_lo = 3;
  s.weight_hi = 9;
  auto m = hpg::generate<std::int32_t>(s, Backend::host);
  EXPECT_EQ(m.nrows(), 35u);
  EXPECT_EQ(m.nvals(), 2u * (7 * 4 + 6 * 5));
  std::vector<Index> r, c;
  std::vector<std::int32_t> w;
  m.extract_tuples(r, c, w);
  for (std::size_t k = 0; k < r.size(); ++k) {
    const Index dr = r[k] / 5 > c[k] / 5 ? r[k] / 5 - c[k] / 5 : c[k] / 5 - r[k] / 5;
    const Index dc = r[k] % 5 > c[k] % 5 ? r[k] % 5 - c[k] % 5 : c[k] % 5 - r[k] % 5;
    EXPECT_EQ(dr + dc, 1u) << r[k] << " -> " << c[k];
    EXPECT_GE(w[k], 3);
    EXPECT_LE(w[k], 9);
    EXPECT_EQ(m.extract_element(c[k], r[k]).value(), w[k]);  // the reverse arc has the same weight
  }
}

TEST(Generate, SymmetrizeAndSelfLoops) {
  GraphSpec s = rmat(9, 8);
  s.symmetrize = true;
  s.remove_self_loops = true;
  s.weighted = true;
  auto m = hpg::generate<double>(s, Backend::host);
  std::vector<Index> r, c;
  std::vector<double> w;
  m.extract_tuples(r, c, w);
  EXPECT_GT(r.size(), 0u);
  for (std::size_t k = 0; k < r.size(); ++k) {
    EXPECT_NE(r[k], c[k]);
    EXPECT_EQ(m.extract_element(c[k], r[k]).value(), w[k]);
    EXPECT_GE(w[k], 1.0);
    EXPECT_LE(w[k], 255.0);
  }
}

TEST(Generate, SpecsParseAndBadSpecsAreErrors) {
  auto s = hpg::gen::parse_spec("rmat:20");
  EXPECT_EQ(s.family, Family::rmat);
  EXPECT_EQ(s.scale, 20);
  EXPECT_EQ(s.edge_factor, 16);
  s = hpg::gen::parse_spec("urand:18:4");
  EXPECT_EQ(s.family, Family::urand);
  EXPECT_EQ(s.edge_factor, 4);
  s = hpg::gen::parse_spec("grid:30x40");
  EXPECT_EQ(hpg::gen::num_vertices(s), 1200u);
  for (const char* bad : {"rmat:", "rmat:x", "rmat:40", "grid:10", "grid:0x5", "tree:5", "rmat:10:0", "urand:-1"}) {
    try {
      hpg::gen::parse_spec(bad);
      ADD_FAILURE() << bad << " parsed";
    } catch (const hpg::Error& e) {
      EXPECT_EQ(e.code(), hpg::Info::invalid_value) << bad;
    }
  }
  EXPECT_TRUE(hpg::gen::looks_like_spec("grid:2x2"));
  EXPECT_FALSE(hpg::gen::looks_like_spec("graph.mtx"));
}

TEST(Generate, GpuGivesTheHostGraph) {
  if (!hpg::cuda_available()) GTEST_SKIP() << "no GPU";
  // Weighted and unweighted: duplicates keep the lightest weight, or the 1 every edge has.
  for (const auto& [f, weighted] : {std::pair{Family::rmat, true}, {Family::rmat, false}, {Family::urand, true},
                                    {Family::urand, false}, {Family::grid, true}, {Family::grid, false}}) {
    SCOPED_TRACE(std::string(f == Family::rmat ? "rmat" : f == Family::urand ? "urand" : "grid") + (weighted ? ", weighted" : ""));
    GraphSpec s = rmat(14, 16);
    s.family = f;
    s.grid_rows = 100;
    s.grid_cols = 77;
    s.symmetrize = f == Family::rmat;
    s.remove_self_loops = f == Family::urand;
    s.weighted = weighted;
    auto host_edges = hpg::gen::generate_edges_host(s);
    auto dev_edges = hpg::gen::generate_edges_device(s);
    EXPECT_EQ(dev_edges.keys.to_host(), host_edges.keys);
    EXPECT_EQ(dev_edges.weights.to_host(), host_edges.weights);
    auto mh = hpg::generate<float>(s, Backend::host);
    auto md = hpg::generate<float>(s, Backend::cuda);
    std::vector<Index> r1, c1, r2, c2;
    std::vector<float> v1, v2;
    mh.extract_tuples(r1, c1, v1);
    md.extract_tuples(r2, c2, v2);
    EXPECT_EQ(r1, r2);
    EXPECT_EQ(c1, c2);
    EXPECT_EQ(v1, v2);
  }
}

}  // namespace
