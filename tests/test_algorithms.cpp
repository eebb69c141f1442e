// The four primitives (algorithms/) on both backends: BFS levels and PageRank against the known
// answers of ../shared/data/KNOWN_ANSWERS.md (every BFS direction, valid parents), triangle counts
// against the published ones (both methods), SSSP against a plain Bellman-Ford over the tuples;
// connected components against the published counts and a union-find over the tuples; the local
// clustering coefficient against its definition computed over the tuples;
// betweenness centrality against LAGraph's known answers and a plain Brandes over the tuples;
// and the defined behaviour of the edge cases (each algorithm header's "Defined cases"): sources
// out of range, non-square and empty matrices, isolated sources, self-loops, duplicate edges,
// directed input to triangle counting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "hpgraph/algorithms/betweenness_centrality.hpp"
#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/connected_components.hpp"
#include "hpgraph/algorithms/local_clustering_coefficient.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/algorithms/triangle_count.hpp"
#include "hpgraph/generate.hpp"
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
  EXPECT_EQ(hpg::triangle_count(empty, hpg::TcMethod::lut), 0u);
  EXPECT_EQ(hpg::triangle_count(empty), 0u);  // the default, spmv
}

/// Each vertex's component's smallest vertex, by union-find over a's tuples (either direction).
template <class T>
std::vector<std::uint64_t> components_by_union_find(const hpg::Matrix<T>& a) {
  std::vector<Index> r, c;
  std::vector<T> x;
  a.extract_tuples(r, c, x);
  std::vector<std::uint64_t> up(a.nrows());
  for (Index v = 0; v < a.nrows(); ++v) up[v] = v;
  auto root = [&](std::uint64_t v) {
    while (up[v] != v) v = up[v] = up[up[v]];
    return v;
  };
  for (std::size_t k = 0; k < r.size(); ++k) {
    const std::uint64_t p = root(r[k]), q = root(c[k]);
    if (p != q) up[std::max(p, q)] = std::min(p, q);  // the smaller stays the root
  }
  std::vector<std::uint64_t> label(a.nrows());
  for (Index v = 0; v < a.nrows(); ++v) label[v] = root(v);
  return label;
}

std::vector<std::uint64_t> dense_labels(const hpg::Vector<std::uint64_t>& labels) {
  EXPECT_EQ(labels.nvals(), labels.size()) << "every vertex gets a label";
  std::vector<std::uint64_t> out(labels.size(), ~std::uint64_t{0});
  for (const auto& [v, l] : entries(labels)) out[v] = l;
  return out;
}

TEST_P(Algorithms, ComponentsMatchThePublishedCountsAndAUnionFind) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  const std::pair<const char*, Index> known[] = {
      {"lagraph/karate.mtx", 1},        {"lagraph/A.mtx", 1},         {"lagraph/jagmesh7.mtx", 1},
      {"lagraph/ldbc-cdlp-undirected-example.mtx", 1}, {"lagraph/ldbc-undirected-example.mtx", 1},
      {"lagraph/ldbc-wcc-example.mtx", 1}, {"lagraph/LFAT5.mtx", 3},   {"lagraph/LFAT5_hypersparse.mtx", 1989},
      {"lagraph/LFAT5_two.mtx", 6},     {"lagraph/bcsstk13.mtx", 1},  {"lagraph/tree-example.mtx", 1},
      {"lagraph/zenios.mtx", 1391}};
  for (const auto& [f, want] : known) {
    const auto a = load(f, GetParam());
    const auto labels = hpg::connected_components(a);
    EXPECT_EQ(hpg::component_count(labels), want) << f;
    EXPECT_EQ(dense_labels(labels), components_by_union_find(a)) << f;
  }
}

// Directed input: the weakly connected components (one direction of an edge joins its ends);
// isolated vertices and self-loops; the graph object (symmetric known: no A + A') agrees.
TEST_P(Algorithms, ComponentsOfDirectedAndDegenerateGraphs) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  hpg::Matrix<float> a(9, 9, Backend::host);  // 0 -> 1 <- 2;  3 -> 3;  5 -> 4 -> 6 -> 8;  7 alone
  a.build(std::vector<Index>{0, 2, 3, 5, 4, 6}, std::vector<Index>{1, 1, 3, 4, 6, 8}, std::vector<float>{1, 2, 3, 0, 5, 6});
  a.to_backend(b);
  const std::vector<std::uint64_t> want = {0, 0, 0, 3, 4, 4, 4, 7, 4};
  EXPECT_EQ(dense_labels(hpg::connected_components(a)), want);
  EXPECT_EQ(hpg::component_count(hpg::connected_components(a)), 4u);
  hpg::Matrix<float> s(9, 9, b);
  hpg::ewise_add(s, hpg::no_mask, hpg::no_accum, hpg::plus<float>{}, a, a, hpg::desc::transpose_second);
  const hpg::Graph<float> g(std::move(s), hpg::GraphKind::undirected);
  EXPECT_EQ(dense_labels(hpg::connected_components(g)), want);
  hpg::Matrix<bool> empty(0, 0, b);
  EXPECT_EQ(hpg::connected_components(empty).size(), 0u);
  hpg::Matrix<bool> none(3, 3, b);  // no edges: every vertex its own component
  EXPECT_EQ(dense_labels(hpg::connected_components(none)), (std::vector<std::uint64_t>{0, 1, 2}));
  hpg::Matrix<bool> wide(3, 4, b);
  try {
    hpg::connected_components(wide);
    ADD_FAILURE() << "a 3 x 4 matrix gave components";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch);
  }
}

/// Graphalytics' LCC straight from the definition, over a's tuples: N(v) = in- and out-neighbours
/// but v; the edges u -> w of A (u != w) with both ends in N(v), over |N(v)| (|N(v)| - 1).
template <class T>
std::vector<double> lcc_by_definition(const hpg::Matrix<T>& a) {
  std::vector<Index> r, c;
  std::vector<T> x;
  a.extract_tuples(r, c, x);
  const Index n = a.nrows();
  std::vector<std::set<Index>> nbr(n), out(n);
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (r[k] == c[k]) continue;
    nbr[r[k]].insert(c[k]);
    nbr[c[k]].insert(r[k]);
    out[r[k]].insert(c[k]);
  }
  std::vector<double> lcc(n, 0.0);
  for (Index v = 0; v < n; ++v) {
    const double d = static_cast<double>(nbr[v].size());
    if (d < 2) continue;
    double t = 0;
    for (Index u : nbr[v])
      for (Index w : out[u]) t += nbr[v].count(w);
    lcc[v] = t / (d * (d - 1));
  }
  return lcc;
}

std::vector<double> dense_values(const hpg::Vector<double>& v) {
  EXPECT_EQ(v.nvals(), v.size()) << "every vertex gets an entry";
  std::vector<double> out(v.size(), -1.0);
  for (const auto& [i, x] : entries(v)) out[i] = x;
  return out;
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t v = 0; v < got.size(); ++v) EXPECT_NEAR(got[v], want[v], 1e-12 * std::max(1.0, std::fabs(want[v]))) << what << " vertex " << v;
}

// Undirected and directed graphs of the data set, and the graph object's symmetric shortcut.
TEST_P(Algorithms, LocalClusteringCoefficientMatchesTheDefinition) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  for (const char* f : {"lagraph/karate.mtx", "lagraph/west0067.mtx", "lagraph/ldbc-directed-example.mtx", "lagraph/A.mtx"}) {
    const auto a = load(f, GetParam());
    expect_near_all(dense_values(hpg::local_clustering_coefficient(a)), lcc_by_definition(a), f);
  }
  const auto k = load("lagraph/karate.mtx", GetParam());
  const auto want = lcc_by_definition(k);
  EXPECT_NEAR(want[0], 0.15, 1e-12);  // vertex 0: 18 triangles... of C(16, 2) = 120 pairs
  const hpg::Graph<double> g(k.dup(), hpg::GraphKind::undirected);
  expect_near_all(dense_values(hpg::local_clustering_coefficient(g)), want, "karate as a graph object");
}

// Self-loops, duplicate and reciprocal edges, a vertex of degree 1 and an isolated one; n = 0;
// a non-square matrix.
TEST_P(Algorithms, LocalClusteringCoefficientDegenerateCases) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  // 0 -> 1, 1 -> 0 (reciprocal), 0 -> 2, 1 -> 2, 2 -> 2 (self-loop), 3 -> 0 (degree 1), 4 alone
  hpg::Matrix<float> a(5, 5, Backend::host);
  a.build(std::vector<Index>{0, 1, 0, 1, 2, 3, 0}, std::vector<Index>{1, 0, 2, 2, 2, 0, 1}, std::vector<float>{1, 2, 3, 0, 5, 6, 7},
          hpg::plus<float>{});
  a.to_backend(b);
  // N(0) = {1, 2, 3}: edges among them 1 -> 2: 1 of 6. N(1) = {0, 2}: 0 -> 2: 1 of 2.
  // N(2) = {0, 1}: 0 -> 1, 1 -> 0: 2 of 2. N(3) = {0}: 0. N(4) = {}: 0.
  const std::vector<double> want = {1.0 / 6, 0.5, 1.0, 0.0, 0.0};
  expect_near_all(dense_values(hpg::local_clustering_coefficient(a)), want, "small directed graph");
  expect_near_all(lcc_by_definition(a), want, "the test's own definition");
  hpg::Matrix<bool> empty(0, 0, b);
  EXPECT_EQ(hpg::local_clustering_coefficient(empty).size(), 0u);
  hpg::Matrix<bool> wide(3, 4, b);
  try {
    hpg::local_clustering_coefficient(wide);
    ADD_FAILURE() << "a 3 x 4 matrix gave coefficients";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch);
  }
}

}  // namespace

namespace {

/// Runs f and expects hpg::Error with the given code.
template <class F>
void expect_error(F&& f, hpg::Info code, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << what << ": no error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), code) << what << ": " << e.what();
  }
}

/// An n x n matrix from edge lists (weights 1 unless given), combined with min.
hpg::Matrix<double> graph(Index n, const std::vector<Index>& r, const std::vector<Index>& c, Backend b, std::vector<double> w = {}) {
  if (w.empty()) w.assign(r.size(), 1.0);
  hpg::Matrix<double> a(n, n, b);
  a.build(r, c, w, hpg::min<double>{});
  return a;
}

const double inf = std::numeric_limits<double>::infinity();

TEST_P(Algorithms, SourcesOutOfRangeAndNonSquareMatricesAreErrors) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const auto a = graph(5, {0, 1}, {1, 2}, GetParam());
  for (Index s : {Index{5}, Index{1} << 40}) {
    expect_error([&] { hpg::bfs(a, s); }, hpg::Info::invalid_index, "bfs source " + std::to_string(s));
    expect_error([&] { hpg::sssp(a, s); }, hpg::Info::invalid_index, "sssp source " + std::to_string(s));
  }
  hpg::Matrix<double> rect(3, 4, GetParam());
  rect.set_element(1, 0, 3);
  expect_error([&] { hpg::bfs(rect, 0); }, hpg::Info::dimension_mismatch, "bfs 3x4");
  expect_error([&] { hpg::sssp(rect, 0); }, hpg::Info::dimension_mismatch, "sssp 3x4");
  expect_error([&] { hpg::pagerank(rect); }, hpg::Info::dimension_mismatch, "pagerank 3x4");
  expect_error([&] { hpg::triangle_count(rect, hpg::TcMethod::lut); }, hpg::Info::dimension_mismatch, "triangle_count lut 3x4");
  expect_error([&] { hpg::triangle_count(rect, hpg::TcMethod::spmv); }, hpg::Info::dimension_mismatch, "triangle_count spmv 3x4");
}

TEST_P(Algorithms, EmptyGraphs) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // n = 0: no vertex is a valid source; nothing to rank (converged, no iteration); no triangle.
  hpg::Matrix<double> none(0, 0, GetParam());
  expect_error([&] { hpg::bfs(none, 0); }, hpg::Info::invalid_index, "bfs n = 0");
  expect_error([&] { hpg::sssp(none, 0); }, hpg::Info::invalid_index, "sssp n = 0");
  for (auto v : {hpg::PageRankVariant::lagraph, hpg::PageRankVariant::gap, hpg::PageRankVariant::hpgraph}) {
    hpg::PageRankOptions o;
    o.variant = v;
    const auto r = hpg::pagerank(none, o);
    EXPECT_EQ(r.rank.size(), 0u);
    EXPECT_EQ(r.iterations, 0);
    EXPECT_TRUE(r.converged);
  }
  EXPECT_EQ(hpg::triangle_count(none, hpg::TcMethod::lut), 0u);
  EXPECT_EQ(hpg::triangle_count(none, hpg::TcMethod::spmv), 0u);

  // n = 4 and no edges: every source is isolated; every vertex is a sink.
  hpg::Matrix<double> bare(4, 4, GetParam());
  const auto b = hpg::bfs(bare, 2);
  EXPECT_EQ(entries(b.level), (std::map<Index, std::int32_t>{{2, 0}}));
  EXPECT_EQ(entries(b.parent), (std::map<Index, std::int64_t>{{2, 2}}));
  EXPECT_EQ(b.depth, 1);
  EXPECT_EQ(entries(hpg::sssp(bare, 2)), (std::map<Index, double>{{0, inf}, {1, inf}, {2, 0}, {3, inf}}));
  struct Want {
    hpg::PageRankVariant v;
    double rank;
    int iterations;
  };
  // lagraph: the sinks' mass comes back evenly, 1/n after one iteration; gap drops it: (1-d)/n
  // from the first iteration, seen to be stable after the second; the paper's form: 1 - d.
  for (const Want& w : {Want{hpg::PageRankVariant::lagraph, 0.25, 1}, Want{hpg::PageRankVariant::gap, 0.0375, 2},
                        Want{hpg::PageRankVariant::hpgraph, 0.15, 2}}) {
    hpg::PageRankOptions o;
    o.variant = w.v;
    const auto r = hpg::pagerank(bare, o);
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.iterations, w.iterations) << static_cast<int>(w.v);
    const auto got = entries(r.rank);
    ASSERT_EQ(got.size(), 4u);
    for (const auto& [v, x] : got) EXPECT_NEAR(x, w.rank, 1e-7) << static_cast<int>(w.v) << " vertex " << v;
  }
  EXPECT_EQ(hpg::triangle_count(bare, hpg::TcMethod::lut), 0u);
  EXPECT_EQ(hpg::triangle_count(bare, hpg::TcMethod::spmv), 0u);
}

TEST_P(Algorithms, IsolatedSourceReachesOnlyItself) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // 0 <-> 1 -> 2; 3 has no edge at all; 4 has only an in-edge (2 -> 4).
  const auto a = graph(5, {0, 1, 1, 2}, {1, 0, 2, 4}, GetParam());
  for (Index s : {Index{3}, Index{4}}) {
    const auto r = hpg::bfs(a, s);
    EXPECT_EQ(entries(r.level), (std::map<Index, std::int32_t>{{s, 0}})) << s;
    EXPECT_EQ(entries(r.parent), (std::map<Index, std::int64_t>{{s, static_cast<std::int64_t>(s)}})) << s;
    EXPECT_EQ(r.depth, 1) << s;
    const auto d = entries(hpg::sssp(a, s));
    ASSERT_EQ(d.size(), 5u);
    for (const auto& [v, x] : d) EXPECT_EQ(x, v == s ? 0.0 : inf) << s << " -> " << v;
  }
}

TEST_P(Algorithms, SelfLoops) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // A path 0 -> 1 -> 2 with a self-loop on every vertex: BFS and SSSP see the path only.
  const auto loops = graph(3, {0, 0, 1, 1, 2}, {0, 1, 1, 2, 2}, GetParam(), {5, 1, 2, 3, 0});
  const auto r = hpg::bfs(loops, 0);
  EXPECT_EQ(entries(r.level), (std::map<Index, std::int32_t>{{0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(entries(r.parent), (std::map<Index, std::int64_t>{{0, 0}, {1, 0}, {2, 1}}));
  EXPECT_EQ(r.depth, 3);
  EXPECT_EQ(entries(hpg::sssp(loops, 0)), (std::map<Index, double>{{0, 0}, {1, 1}, {2, 4}}));
  // A negative self-loop is a negative cycle once reached; from a vertex that cannot reach it, not.
  const auto negative = graph(3, {0, 1, 1}, {1, 1, 2}, GetParam(), {1, -1, 1});
  expect_error([&] { hpg::sssp(negative, 0); }, hpg::Info::invalid_value, "sssp negative self-loop");
  EXPECT_EQ(entries(hpg::sssp(negative, 2)), (std::map<Index, double>{{0, inf}, {1, inf}, {2, 0}}));

  // PageRank counts a self-loop as an out-edge (LAGraph's row degree does): 0 -> {0, 1}, 1 -> 0
  // solves r0 = (1-d)/2 + d (r0/2 + r1), r1 = (1-d)/2 + d r0/2: r0 = 0.13875 / 0.21375. (Were it
  // ignored, both would be 1/2.)
  const auto pr_graph = graph(2, {0, 0, 1}, {0, 1, 0}, GetParam());
  hpg::PageRankOptions o;
  o.tol = 1e-7;
  for (auto v : {hpg::PageRankVariant::lagraph, hpg::PageRankVariant::gap}) {
    o.variant = v;
    const auto pr = hpg::pagerank<double>(pr_graph, o);
    EXPECT_TRUE(pr.converged);
    const auto got = entries(pr.rank);
    EXPECT_NEAR(got.at(0), 0.13875 / 0.21375, 1e-6) << static_cast<int>(v);
    EXPECT_NEAR(got.at(1), 1 - 0.13875 / 0.21375, 1e-6) << static_cast<int>(v);
  }

  // Triangle counting ignores self-loops: a triangle with a loop on each corner is one triangle.
  const auto tri = graph(3, {0, 1, 2, 0, 1, 2}, {1, 2, 0, 0, 1, 2}, GetParam());
  EXPECT_EQ(hpg::triangle_count(tri, hpg::TcMethod::lut), 1u);
  EXPECT_EQ(hpg::triangle_count(tri, hpg::TcMethod::spmv), 1u);
}

TEST_P(Algorithms, DuplicateEdgesGiveTheDeduplicatedGraph) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  // A small weighted graph (two triangles sharing 1 - 2, a tail 3 -> 4, a sink 5), every edge
  // given twice or three times with different weights, built with dup = min and with dup = plus.
  const std::vector<Index> r{0, 1, 2, 1, 2, 3, 0, 3, 4};
  const std::vector<Index> c{1, 2, 0, 3, 3, 4, 2, 1, 5};
  const std::vector<double> w{4, 2, 7, 1, 3, 5, 9, 2, 6};
  std::vector<Index> rd, cd;
  std::vector<double> wd;
  for (int copy = 0; copy < 3; ++copy)
    for (std::size_t k = 0; k < r.size(); ++k) {
      if (copy == 2 && k % 2) continue;
      rd.push_back(r[k]);
      cd.push_back(c[k]);
      wd.push_back(w[k] + 10.0 * copy);  // the first copy is the lightest
    }
  const auto simple = graph(6, r, c, GetParam(), w);
  const auto by_min = graph(6, rd, cd, GetParam(), wd);
  hpg::Matrix<double> by_plus(6, 6, GetParam());
  by_plus.build(rd, cd, wd, hpg::plus<double>{});
  ASSERT_EQ(by_min.nvals(), simple.nvals());
  ASSERT_EQ(by_plus.nvals(), simple.nvals());
  const hpg::Matrix<double>* combined[] = {&by_min, &by_plus};
  for (const auto* a : combined) {
    for (Index s = 0; s < 6; ++s) {
      EXPECT_EQ(entries(hpg::bfs(*a, s).level), entries(hpg::bfs(simple, s).level)) << s;
      if (a == &by_min) EXPECT_EQ(entries(hpg::sssp(*a, s)), entries(hpg::sssp(simple, s))) << s;
    }
    const auto p = entries(hpg::pagerank(*a).rank), q = entries(hpg::pagerank(simple).rank);
    for (Index v = 0; v < 6; ++v) EXPECT_NEAR(p.at(v), q.at(v), 1e-6) << v;  // the pattern alone decides
    EXPECT_EQ(hpg::triangle_count(*a, hpg::TcMethod::lut), hpg::triangle_count(simple, hpg::TcMethod::lut));
    EXPECT_EQ(hpg::triangle_count(*a, hpg::TcMethod::spmv), hpg::triangle_count(simple, hpg::TcMethod::spmv));
  }
  EXPECT_EQ(hpg::triangle_count(simple), 2u);
}

TEST_P(Algorithms, TriangleCountSymmetrizesDirectedInput) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (auto m : {hpg::TcMethod::lut, hpg::TcMethod::spmv}) {
    // A directed 3-cycle is one triangle, and so is a transitive triple.
    EXPECT_EQ(hpg::triangle_count(graph(3, {0, 1, 2}, {1, 2, 0}, GetParam()), m), 1u);
    EXPECT_EQ(hpg::triangle_count(graph(3, {0, 0, 1}, {1, 2, 2}, GetParam()), m), 1u);
  }
  // A symmetric graph, and the same edges given once each in a direction that alternates: equal.
  hpg::gen::GraphSpec spec;
  spec.scale = 8;
  spec.edge_factor = 8;
  spec.symmetrize = true;
  const auto sym = hpg::generate<double>(spec, GetParam());
  std::vector<Index> r, c, ro, co;
  std::vector<double> x;
  sym.extract_tuples(r, c, x);
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (r[k] >= c[k]) continue;  // each undirected edge once (and no self-loops)
    const bool flip = ro.size() % 2;
    ro.push_back(flip ? c[k] : r[k]);
    co.push_back(flip ? r[k] : c[k]);
  }
  const auto one_way = graph(sym.nrows(), ro, co, GetParam());
  const std::uint64_t want = hpg::triangle_count(sym);
  EXPECT_GT(want, 0u);
  for (auto m : {hpg::TcMethod::lut, hpg::TcMethod::spmv}) {
    EXPECT_EQ(hpg::triangle_count(sym, m), want);
    EXPECT_EQ(hpg::triangle_count(one_way, m), want);
  }
}

// ---- betweenness centrality ----

/// Brandes's algorithm over a's tuples (edges row -> column, values ignored): the sum over the
/// sources (a repeated one counted again) of each vertex's dependency delta_s(v), v != s.
template <class T>
std::vector<double> brandes(const hpg::Matrix<T>& a, const std::vector<Index>& sources) {
  const Index n = a.nrows();
  std::vector<Index> r, c;
  std::vector<T> x;
  a.extract_tuples(r, c, x);
  std::vector<std::vector<Index>> out(n);
  for (std::size_t k = 0; k < r.size(); ++k) out[r[k]].push_back(c[k]);
  std::vector<double> bc(n, 0.0);
  for (Index s : sources) {
    std::vector<long long> dist(n, -1);
    std::vector<double> sigma(n, 0.0), delta(n, 0.0);
    std::vector<std::vector<Index>> pred(n);
    std::vector<Index> order{s};  // visiting order: a BFS queue, read back to front afterwards
    dist[s] = 0;
    sigma[s] = 1;
    for (std::size_t head = 0; head < order.size(); ++head) {
      const Index v = order[head];
      for (Index w : out[v]) {
        if (dist[w] < 0) {
          dist[w] = dist[v] + 1;
          order.push_back(w);
        }
        if (dist[w] == dist[v] + 1) {
          sigma[w] += sigma[v];
          pred[w].push_back(v);
        }
      }
    }
    for (std::size_t k = order.size(); k-- > 0;) {
      const Index w = order[k];
      for (Index v : pred[w]) delta[v] += sigma[v] / sigma[w] * (1 + delta[w]);
      if (w != s) bc[w] += delta[w];
    }
  }
  return bc;
}

/// The centrality as a dense vector; every vertex must have an entry.
std::vector<double> dense_centrality(const hpg::Vector<double>& c) {
  EXPECT_EQ(c.nvals(), c.size()) << "every vertex gets a centrality";
  std::vector<double> out(c.size(), std::numeric_limits<double>::quiet_NaN());
  for (const auto& [v, x] : entries(c)) out[v] = x;
  return out;
}

void expect_centrality_near(const std::vector<double>& got, const std::vector<double>& want, double tol, const std::string& who) {
  ASSERT_EQ(got.size(), want.size()) << who;
  for (std::size_t v = 0; v < want.size(); ++v) EXPECT_NEAR(got[v], want[v], tol * std::max(1.0, std::abs(want[v]))) << who << ": vertex " << v;
}

// LAGraph's test_Betweenness answers (KNOWN_ANSWERS.md), to 1e-4: undirected karate and directed
// west0067, on the matrix and on a graph object.
TEST_P(Algorithms, BetweennessMatchesTheKnownAnswers) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  HPG_REQUIRE_DATA();
  struct Known {
    const char* file;
    hpg::GraphKind kind;
    std::vector<Index> sources;
    const char* want;
  };
  const Known known[] = {
      {"lagraph/karate.mtx", hpg::GraphKind::undirected, {6, 29, 0, 9},
       "43.7778 2.83333 26.9143 0.722222 0.333333 1.83333 1.5 0 9.09524 0 0 0 0 5.19206 0 0 0 0 0 4.58095 0 0 0 2.4 0 0.422222 0 "
       "1.28889 0 0 0.733333 14.5508 17.1873 40.6349"},
      {"lagraph/west0067.mtx", hpg::GraphKind::directed, {13, 58, 1, 18},
       "7.37262 5.3892 4.53788 3.25952 11.9139 5.73571 5.65336 1.5 19.2719 0.343137 0.0833333 0.666667 1.80882 12.4246 1.92647 "
       "22.0458 4.7381 34.8611 0.1 29.8358 9.52807 9.71836 17.3334 54.654 23.3118 7.31765 2.52381 6.96905 19.2291 6.97003 33.0464 "
       "7.20128 3.78571 7.87698 15.3556 7.43333 7.19091 9.20411 1.10325 6.38095 17.808 5.18172 25.8441 7.91581 1.13501 0 2.53004 "
       "2.48168 8.84857 3.80708 1.16978 0.0714286 1.76786 3.06661 12.0742 1.6 4.73908 2.3701 3.75 1.08571 1.69697 0 0.571429 0 0 "
       "2.22381 0.659341"}};
  for (const auto& k : known) {
    auto a = load(k.file, GetParam());
    const auto want = numbers(k.want);
    const auto got = dense_centrality(hpg::betweenness_centrality(a, k.sources));
    ASSERT_EQ(got.size(), want.size()) << k.file;
    for (std::size_t v = 0; v < want.size(); ++v) EXPECT_NEAR(got[v], want[v], 1e-4) << k.file << ": vertex " << v;
    const hpg::Graph<double> g(std::move(a), k.kind);
    expect_centrality_near(dense_centrality(hpg::betweenness_centrality(g, k.sources)), got, 1e-12, std::string(k.file) + " graph object");
  }
}

// Against Brandes over the tuples: a directed RMAT (self-loops, vertices it never reaches, parts
// apart) and its symmetrized form, from several sources, one of them repeated and one isolated
// (every vertex with no edge), and from every vertex (exact betweenness).
TEST_P(Algorithms, BetweennessMatchesAPlainBrandes) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  hpg::gen::GraphSpec spec;
  spec.scale = 6;
  spec.edge_factor = 3;
  hpg::gen::GraphSpec sym = spec;
  sym.symmetrize = true;
  for (const auto& sp : {spec, sym}) {
    auto a = hpg::generate<double>(sp, GetParam());
    const Index isolated = a.nrows(), n = isolated + 2;
    a.resize(n, n);  // two vertices without edges
    const std::string who = hpg::gen::describe(sp);
    std::vector<Index> r, c;
    std::vector<double> x;
    a.extract_tuples(r, c, x);
    const std::vector<Index> sources = {r[0], n / 2, isolated, r[0], c[c.size() / 2]};
    expect_centrality_near(dense_centrality(hpg::betweenness_centrality(a, sources)), brandes(a, sources), 1e-9, who);
    std::vector<Index> every(n);
    for (Index v = 0; v < n; ++v) every[v] = v;
    const auto exact = dense_centrality(hpg::betweenness_centrality(a, every));
    expect_centrality_near(exact, brandes(a, every), 1e-9, who + " from every vertex");
    const hpg::Graph<double> g(hpg::Matrix<double>(a), sp.symmetrize ? hpg::GraphKind::undirected : hpg::GraphKind::directed);
    expect_centrality_near(dense_centrality(hpg::betweenness_centrality(g, every)), exact, 1e-9, who + " graph object");
  }
  // A diamond 0 -> {1, 2} -> 3 -> 4 (two shortest paths to 3 and 4), 5 -> 0 unreached from 0.
  const auto d = graph(6, {0, 0, 1, 2, 3, 5}, {1, 2, 3, 3, 4, 0}, GetParam());
  expect_centrality_near(dense_centrality(hpg::betweenness_centrality(d, {0})), {0, 1, 1, 1, 0, 0}, 1e-12, "diamond from 0");
  expect_centrality_near(dense_centrality(hpg::betweenness_centrality(d, {5, 0, 5})), {8, 3, 3, 3, 0, 0}, 1e-12, "diamond from 5, 0, 5");
}

// A non-square matrix and a source outside [0, n) are errors (before anything is computed); no
// sources give all zeros; an edgeless graph and a 0 x 0 one; values are not read.
TEST_P(Algorithms, BetweennessErrorsAndDegenerateCases) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  hpg::Matrix<double> rect(3, 4, b);
  rect.set_element(1, 0, 3);
  expect_error([&] { hpg::betweenness_centrality(rect, {0}); }, hpg::Info::dimension_mismatch, "betweenness 3x4");
  const auto a = graph(5, {0, 1, 2}, {1, 2, 3}, b, {-1, 0, 7});  // 0 -> 1 -> 2 -> 3, 4 alone
  for (Index s : {Index{5}, Index{1} << 40})
    expect_error([&] { hpg::betweenness_centrality(a, {0, s}); }, hpg::Info::invalid_index, "betweenness source " + std::to_string(s));
  const hpg::Graph<double> g(hpg::Matrix<double>(a), hpg::GraphKind::directed);
  expect_error([&] { hpg::betweenness_centrality(g, {5}); }, hpg::Info::invalid_index, "betweenness graph source 5");
  EXPECT_EQ(dense_centrality(hpg::betweenness_centrality(a, {})), std::vector<double>(5, 0.0));
  EXPECT_EQ(dense_centrality(hpg::betweenness_centrality(g, {})), std::vector<double>(5, 0.0));
  EXPECT_EQ(dense_centrality(hpg::betweenness_centrality(a, {0, 4})), (std::vector<double>{0, 2, 1, 0, 0}));  // values ignored
  EXPECT_EQ(dense_centrality(hpg::betweenness_centrality(g, {0, 4})), (std::vector<double>{0, 2, 1, 0, 0}));
  hpg::Matrix<bool> none(3, 3, b);
  EXPECT_EQ(dense_centrality(hpg::betweenness_centrality(none, {0, 1, 2})), std::vector<double>(3, 0.0));
  hpg::Matrix<bool> empty(0, 0, b);
  EXPECT_EQ(hpg::betweenness_centrality(empty, {}).size(), 0u);
  expect_error([&] { hpg::betweenness_centrality(empty, {0}); }, hpg::Info::invalid_index, "betweenness on 0 x 0");
}

}  // namespace

namespace {
INSTANTIATE_TEST_SUITE_P(All, Algorithms, hpg::test::all_backends(), hpg::test::backend_name);
}  // namespace
