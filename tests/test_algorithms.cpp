// The four primitives (algorithms/) on both backends: BFS levels and PageRank against the known
// answers of ../shared/data/KNOWN_ANSWERS.md (every BFS direction, valid parents), triangle counts
// against the published ones (both methods), SSSP against a plain Bellman-Ford over the tuples.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/algorithms/triangle_count.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

class Algorithms : public ::testing::TestWithParam<Backend> {};

hpg::Matrix<double> load(const std::string& rel, Backend b) {
  return hpg::io::read_matrix<double>((hpg::test::data_dir() / rel).string(), {}, hpg::min<double>{}, nullptr, false, b);
}

template <class T>
std::map<Index, T> entries(const hpg::Vector<T>& v) {
  std::vector<Index> i;
  std::vector<T> x;
  v.extract_tuples(i, x);
  std::map<Index, T> m;
  for (std::size_t k = 0; k < i.size(); ++k) m[i[k]] = x[k];
  return m;
}

std::vector<double> numbers(const std::string& s) {
  std::istringstream in(s);
  std::vector<double> v;
  for (double x; in >> x;) v.push_back(x);
  return v;
}

/// Every reached vertex but the source has a parent one level up with an edge parent -> v.
void expect_valid_parents(const hpg::Matrix<double>& a, Index source, const std::map<Index, std::int32_t>& level,
                          const std::map<Index, std::int64_t>& parent) {
  ASSERT_EQ(level.size(), parent.size());
  for (const auto& [v, p] : parent) {
    if (static_cast<Index>(v) == source) {
      EXPECT_EQ(p, static_cast<std::int64_t>(source));
      continue;
    }
    ASSERT_TRUE(level.count(static_cast<Index>(p))) << "parent of " << v << " unreached";
    EXPECT_EQ(level.at(static_cast<Index>(p)), level.at(v) - 1) << "vertex " << v;
    double w = 0;
    EXPECT_TRUE(a.extract_element(&w, static_cast<Index>(p), v)) << "no edge " << p << " -> " << v;
  }
}

TEST_P(Algorithms, BfsKarateLevelsInEveryDirection) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  const auto a = load("lagraph/karate.mtx", GetParam());
  const auto want = numbers("2 1 2 2 3 3 3 2 1 2 3 3 3 2 2 2 4 2 2 2 2 2 2 2 3 3 2 2 2 2 0 2 1 1");
  for (auto method : {hpg::AxbMethod::automatic, hpg::AxbMethod::push, hpg::AxbMethod::pull}) {
    hpg::BfsOptions opt;
    opt.method = method;
    const auto r = hpg::bfs(a, 30, opt);
    const auto level = entries(r.level);
    ASSERT_EQ(level.size(), want.size());
    for (Index v = 0; v < want.size(); ++v) EXPECT_EQ(level.at(v), static_cast<std::int32_t>(want[v])) << "vertex " << v;
    expect_valid_parents(a, 30, level, entries(r.parent));
    EXPECT_EQ(r.depth, 5);
  }
}

TEST_P(Algorithms, BfsReachesOnlyWhatOutEdgesReach) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // 0 -> 1 -> 2, 3 -> 0, and an isolated 4: from 0 only 0, 1, 2.
  hpg::Matrix<double> a(5, 5, GetParam());
  a.build(std::vector<Index>{0, 1, 3}, std::vector<Index>{1, 2, 0}, std::vector<double>{1, 1, 1});
  const auto r = hpg::bfs(a, 0);
  EXPECT_EQ(entries(r.level), (std::map<Index, std::int32_t>{{0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(entries(r.parent), (std::map<Index, std::int64_t>{{0, 0}, {1, 0}, {2, 1}}));
  const auto iso = hpg::bfs(a, 4);  // an isolated source reaches itself only
  EXPECT_EQ(entries(iso.level), (std::map<Index, std::int32_t>{{4, 0}}));
  try {
    hpg::bfs(a, 5);
    ADD_FAILURE() << "source outside the graph accepted";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_index);
  }
  hpg::Matrix<double> rect(2, 3, GetParam());
  EXPECT_THROW(hpg::bfs(rect, 0), hpg::Error);
}

struct PrCase {
  const char* file;
  const char* want;
};

TEST_P(Algorithms, PageRankMatchesLAGraphReference) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  const PrCase cases[] = {
      {"lagraph/karate.mtx",
       "0.0970011147 0.0528720584 0.0570750515 0.0358615175 0.0219857202 0.0291233505 0.0291233505 0.0244945048 0.0297681451 "
       "0.0143104668 0.0219857202 0.0095668739 0.0146475355 0.0295415677 0.0145381625 0.0145381625 0.0167900065 0.0145622041 "
       "0.0145381625 0.0196092670 0.0145381625 0.0145622041 0.0145381625 0.0315206825 0.0210719482 0.0210013837 0.0150430281 "
       "0.0256382216 0.0195723309 0.0262863139 0.0245921424 0.0371606178 0.0716632142 0.1008786453"},
      {"lagraph/ldbc-directed-example.mtx",
       "0.1697481823 0.0361514465 0.1673241104 0.1669092572 0.1540948145 0.0361514465 0.0361514465 0.1153655134 0.0361514465 "
       "0.0819523364"},
      {"lagraph/west0067.mtx",
       "0.0233753869 0.0139102552 0.0123441027 0.0145657095 0.0142018541 0.0100791606 0.0128753395 0.0143945684 0.0110203141 "
       "0.0110525383 0.0119311961 0.0072382247 0.0188680398 0.0141596605 0.0174877889 0.0170362099 0.0120433909 0.0219844489 "
       "0.0195274443 0.0394465722 0.0112038726 0.0090174094 0.0140088120 0.0122532937 0.0153346283 0.0135241334 0.0158714693 "
       "0.0149689529 0.0144097230 0.0137583019 0.0314386080 0.0092857745 0.0081814168 0.0102137827 0.0096547214 0.0129622400 "
       "0.0244173417 0.0173963657 0.0127705717 0.0143297446 0.0140509341 0.0104117131 0.0173516407 0.0149175105 0.0119979624 "
       "0.0095043613 0.0153295328 0.0077710930 0.0259969472 0.0126926269 0.0088870166 0.0080836101 0.0096023576 0.0091000837 "
       "0.0246131958 0.0159589365 0.0183500031 0.0155811507 0.0157693756 0.0116319823 0.0230649292 0.0149070613 0.0157469640 "
       "0.0134396036 0.0189218603 0.0114528518 0.0223213267"},
  };
  for (const auto& c : cases) {
    const auto a = load(c.file, GetParam());
    const auto want = numbers(c.want);
    const auto r = hpg::pagerank(a);
    EXPECT_TRUE(r.converged) << c.file;
    const auto got = entries(r.rank);
    ASSERT_EQ(got.size(), want.size()) << c.file;
    double sum = 0;
    for (Index v = 0; v < want.size(); ++v) {
      EXPECT_NEAR(got.at(v), want[v], 1e-4) << c.file << " vertex " << v;
      sum += got.at(v);
    }
    EXPECT_NEAR(sum, 1.0, 1e-4) << c.file;
  }
}

TEST_P(Algorithms, PageRankVariantsAndNonConvergence) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  const auto a = load("lagraph/karate.mtx", GetParam());
  hpg::PageRankOptions o;
  o.max_iters = 2;
  const auto short_run = hpg::pagerank(a, o);
  EXPECT_FALSE(short_run.converged);  // reported, not silent
  EXPECT_EQ(short_run.iterations, 2);
  // karate has no sinks: gap and lagraph agree; the paper's form is n times larger.
  o = {};
  o.variant = hpg::PageRankVariant::gap;
  const auto gap = entries(hpg::pagerank(a, o).rank);
  o.variant = hpg::PageRankVariant::hpgraph;
  o.tol = 1e-7;
  const auto paper = hpg::pagerank(a, o);
  EXPECT_TRUE(paper.converged);
  const auto lag = entries(hpg::pagerank(a).rank);
  const auto pap = entries(paper.rank);
  for (Index v = 0; v < 34; ++v) {
    EXPECT_NEAR(gap.at(v), lag.at(v), 1e-4);
    EXPECT_NEAR(pap.at(v) / 34.0, lag.at(v), 1e-4);
  }
  EXPECT_THROW(hpg::pagerank(a, hpg::PageRankOptions{1.5}), hpg::Error);
}


}  // namespace

namespace {

/// Plain Bellman-Ford over the tuples (the test's own reference): distances, or nullopt on a
/// reachable negative cycle.
template <class T>
std::optional<std::vector<T>> reference_sssp(const hpg::Matrix<T>& a, Index source) {
  std::vector<Index> r, c;
  std::vector<T> w;
  a.extract_tuples(r, c, w);
  const Index n = a.nrows();
  const T inf = std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  std::vector<T> d(n, inf);
  d[source] = 0;
  for (Index round = 0; round <= n; ++round) {
    bool changed = false;
    for (std::size_t k = 0; k < r.size(); ++k)
      if (d[r[k]] != inf && d[r[k]] + w[k] < d[c[k]]) {
        d[c[k]] = d[r[k]] + w[k];
        changed = true;
      }
    if (!changed) return d;
  }
  return std::nullopt;
}

TEST_P(Algorithms, SsspMatchesBellmanFordOnTheDataSet) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  for (const char* f : {"lagraph/ldbc-directed-example.mtx", "lagraph/test_BF.mtx", "lagraph/msf1.mtx", "lagraph/karate.mtx",
                        "lagraph/bcsstk13.mtx", "lagraph/test_FW_1000.mtx", "lagraph/cover.mtx"}) {
    const auto a = load(f, GetParam());
    for (Index source : {Index{0}, a.nrows() / 2, a.nrows() - 1}) {
      const auto want = reference_sssp(a, source);
      if (!want) {
        EXPECT_THROW(hpg::sssp(a, source), hpg::Error) << f;
        continue;
      }
      const auto got = entries(hpg::sssp(a, source));
      ASSERT_EQ(got.size(), a.nrows()) << f;
      for (Index v = 0; v < a.nrows(); ++v) {
        if (std::isinf((*want)[v])) EXPECT_EQ(got.at(v), (*want)[v]) << f << " " << source << "->" << v;
        else EXPECT_NEAR(got.at(v), (*want)[v], 1e-9 * (1 + std::abs((*want)[v]))) << f << " " << source << "->" << v;
      }
    }
  }
}

TEST_P(Algorithms, SsspNegativeWeightsAndCycles) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (-2), 1 -> 3 (1); 4 unreachable.
  hpg::Matrix<std::int32_t> a(5, 5, GetParam());
  a.build(std::vector<Index>{0, 0, 2, 1}, std::vector<Index>{1, 2, 1, 3}, std::vector<std::int32_t>{4, 1, -2, 1});
  const auto d = entries(hpg::sssp(a, 0));
  const auto inf = std::numeric_limits<std::int32_t>::max();
  EXPECT_EQ(d, (std::map<Index, std::int32_t>{{0, 0}, {1, -1}, {2, 1}, {3, 0}, {4, inf}}));
  a.set_element(-1, 3, 2);  // 2 -> 1 -> 3 -> 2 has weight -2: a negative cycle
  try {
    hpg::sssp(a, 0);
    ADD_FAILURE() << "negative cycle not reported";
  } catch (const hpg::Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative"), std::string::npos);
  }
  EXPECT_EQ(entries(hpg::sssp(a, 4)).at(4), 0);  // the cycle is not reachable from 4
}

TEST_P(Algorithms, TriangleCountsMatchThePublishedOnes) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  const std::pair<const char*, std::uint64_t> known[] = {
      {"lagraph/karate.mtx", 45},         {"lagraph/A.mtx", 11},       {"lagraph/jagmesh7.mtx", 2016},
      {"lagraph/bcsstk13.mtx", 342300},   {"lagraph/west0067.mtx", 120}, {"lagraph/tree-example.mtx", 0},
      {"lagraph/LFAT5.mtx", 0},           {"snap/ca-GrQc.txt.gz", 48260}, {"snap/email-Eu-core.txt.gz", 105461},
      {"networkit/p2p-Gnutella05.txt.gz", 1112}, {"cugraph/polbooks.mtx", 560}};
  for (const auto& [f, want] : known) {
    const auto a = load(f, GetParam());
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::lut), want) << f << " lut";
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::lut, false), want) << f << " lut, no presort";
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::spmv), want) << f << " spmv";
  }
  hpg::Matrix<double> empty(0, 0, GetParam());
  EXPECT_EQ(hpg::triangle_count(empty), 0u);
}

}  // namespace

namespace {
INSTANTIATE_TEST_SUITE_P(All, Algorithms, hpg::test::all_backends(), hpg::test::backend_name);
}  // namespace
