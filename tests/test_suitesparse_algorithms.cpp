// The four primitives (algorithms/) against their SuiteSparse:GraphBLAS reference
// (hpgraph/algorithms/suitesparse_reference.hpp), on both backends, on every graph of ../shared/data and on
// generated ones: BFS levels exactly and parents by the BFS-parent rule, from several sources;
// SSSP exactly with integer weights and to 1e-6 relative with double weights (a reachable negative
// cycle: both sides throw); PageRank (lagraph, gap, hpgraph) to 1e-4 with the same converged flag;
// triangle counts and component labels exactly; betweenness centrality to 1e-9 relative on a few
// of the graphs. Each data file is read once (host) and copied to the backend under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
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
#include "hpgraph/io.hpp"
#include "hpgraph/suitesparse.hpp"
#include "hpgraph/algorithms/suitesparse_reference.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

/// One test graph: its host matrix (values = the file's, or generated weights 1..255) and the
/// out-neighbour lists to check BFS parents with.
struct Graph {
  std::string name;
  hpg::Matrix<double> a{0, 0, Backend::host};
  std::vector<std::size_t> ptr;  // CSR of the pattern (extract_tuples is row-major, sorted)
  std::vector<Index> col;
  bool has_edge(Index u, Index v) const { return std::binary_search(col.begin() + ptr[u], col.begin() + ptr[u + 1], v); }
  bool square() const { return a.nrows() == a.ncols(); }
  /// 0, a middle vertex and a vertex of largest out-degree (each once).
  std::vector<Index> sources() const {
    const Index n = a.nrows();
    if (n == 0) return {};
    Index hub = 0;
    for (Index v = 1; v < n; ++v)
      if (ptr[v + 1] - ptr[v] > ptr[hub + 1] - ptr[hub]) hub = v;
    std::vector<Index> s{0, n / 2, hub};
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    return s;
  }
};

Graph make_graph(std::string name, hpg::Matrix<double>&& a) {
  Graph g;
  g.name = std::move(name);
  g.a = std::move(a);
  std::vector<Index> r, c;
  std::vector<double> x;
  g.a.extract_tuples(r, c, x);
  g.ptr.assign(g.a.nrows() + 1, 0);
  for (Index i : r) ++g.ptr[i + 1];
  for (Index i = 0; i < g.a.nrows(); ++i) g.ptr[i + 1] += g.ptr[i];
  g.col = std::move(c);
  return g;
}

/// Every graph file of the data set (the .md notes aside), then the generated graphs; read once.
/// Under HPG_TEST_SHARD=k/N, every N-th of them from the k-th.
const std::vector<Graph>& graphs() {
  static const std::vector<Graph> all = [] {
    std::vector<Graph> v;
    const hpg::test::Shard shard = hpg::test::shard();
    std::size_t item = 0;  // the position in the whole list, for the shard
    if (hpg::test::have_data()) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::recursive_directory_iterator(hpg::test::data_dir()))
        if (e.is_regular_file() && e.path().extension() != ".md") files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files)
        if (shard.has(item++))
          v.push_back(make_graph(std::filesystem::relative(f, hpg::test::data_dir()).string(),
                                 hpg::io::read_matrix<double>(f.string(), {}, hpg::min<double>{}, nullptr, false, Backend::host)));
    }
    // Generated: a skewed directed RMAT (self-loops and all), its symmetrized simple version, a
    // uniform random graph and a long-diameter grid; integer weights 1..255.
    hpg::gen::GraphSpec rmat;
    rmat.scale = 10;
    rmat.edge_factor = 8;
    rmat.weighted = true;
    hpg::gen::GraphSpec rmat_sym = rmat;
    rmat_sym.scale = 9;
    rmat_sym.symmetrize = true;
    rmat_sym.remove_self_loops = true;
    hpg::gen::GraphSpec urand = rmat;
    urand.family = hpg::gen::Family::urand;
    urand.seed = 7;
    hpg::gen::GraphSpec grid;
    grid.family = hpg::gen::Family::grid;
    grid.grid_rows = 24;
    grid.grid_cols = 40;
    grid.weighted = true;
    for (const auto& s : {rmat, rmat_sym, urand, grid})
      if (shard.has(item++)) v.push_back(make_graph("generated " + hpg::gen::describe(s), hpg::generate<double>(s, Backend::host)));
    return v;
  }();
  return all;
}

/// A copy of m on backend b.
template <class T>
hpg::Matrix<T> on(const hpg::Matrix<T>& m, Backend b) {
  hpg::Matrix<T> c(m);
  c.to_backend(b);
  return c;
}

/// m's values cast to T (the integer weights of a data file's real values).
template <class T>
hpg::Matrix<T> cast_to(const hpg::Matrix<double>& m) {
  std::vector<Index> r, c;
  std::vector<double> x;
  m.extract_tuples(r, c, x);
  std::vector<T> y(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) y[k] = static_cast<T>(x[k]);
  hpg::Matrix<T> out(m.nrows(), m.ncols(), Backend::host);
  out.build(r, c, y);
  return out;
}

/// A GrB_Matrix copy of m, and its transpose (what reference::bfs pulls with).
hpg::grb_matrix_ptr grb(const hpg::Matrix<double>& m) { return hpg::grb_matrix_ptr(hpg::to_grb(m)); }
hpg::grb_matrix_ptr grb_transpose(GrB_Matrix g, Index n) {
  GrB_Matrix t = nullptr;
  hpg::grb_check(GrB_Matrix_new(&t, GrB_FP64, n, n), "GrB_Matrix_new");
  hpg::grb_matrix_ptr owner(t);
  hpg::grb_check(GrB_transpose(t, nullptr, nullptr, g, nullptr), "GrB_transpose", t);
  return owner;
}

template <class T>
std::vector<T> dense(const hpg::Vector<T>& v, T missing) {
  std::vector<Index> i;
  std::vector<T> x;
  v.extract_tuples(i, x);
  std::vector<T> out(v.size(), missing);
  for (std::size_t k = 0; k < i.size(); ++k) out[i[k]] = x[k];
  return out;
}

/// Every reached vertex but the source has a parent one level up with an edge parent -> v.
void expect_valid_parents(const Graph& g, Index source, const std::vector<std::int64_t>& level, const std::vector<std::int64_t>& parent,
                          const std::string& who) {
  for (Index v = 0; v < level.size(); ++v) {
    ASSERT_EQ(level[v] < 0, parent[v] < 0) << who << ": vertex " << v << " has a level xor a parent";
    if (parent[v] < 0) continue;
    if (v == source) {
      EXPECT_EQ(parent[v], static_cast<std::int64_t>(source)) << who;
      continue;
    }
    const auto p = static_cast<Index>(parent[v]);
    ASSERT_LT(p, level.size()) << who << ": vertex " << v;
    EXPECT_EQ(level[p], level[v] - 1) << who << ": vertex " << v << ", parent " << p;
    EXPECT_TRUE(g.has_edge(p, v)) << who << ": no edge " << p << " -> " << v;
  }
}

/// True when the call threw the negative-cycle error (and fails the test on any other error).
template <class F>
bool negative_cycle(F&& f, const std::string& who) {
  try {
    f();
    return false;
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value) << who << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find("negative-weight cycle"), std::string::npos) << who << ": " << e.what();
    return true;
  }
}

/// Distances from both sides: both throw (a reachable negative cycle) or both agree, exactly for
/// integers and to 1e-6 relative for floating point. True when the reference found a cycle.
template <class T>
bool compare_sssp(const hpg::Matrix<T>& a, GrB_Matrix g, Index source, const std::string& who) {
  std::vector<T> got, want;
  const bool got_cycle = negative_cycle([&] { got = dense(hpg::sssp(a, source), T(0)); }, who + " hpg");
  const bool want_cycle = negative_cycle([&] { want = hpg::reference::sssp<T>(g, source); }, who + " reference");
  EXPECT_EQ(got_cycle, want_cycle) << who << ": only one side found a negative cycle";
  if (got_cycle || want_cycle) return want_cycle;
  EXPECT_EQ(got.size(), want.size()) << who;
  if (got.size() != want.size()) return false;
  for (Index v = 0; v < want.size(); ++v) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isinf(want[v]) || std::isinf(got[v])) EXPECT_EQ(got[v], want[v]) << who << " -> " << v;
      else EXPECT_NEAR(got[v], want[v], 1e-6 * std::abs(want[v]) + 1e-9) << who << " -> " << v;
    } else {
      EXPECT_EQ(got[v], want[v]) << who << " -> " << v;
    }
  }
  return false;
}

class SuiteSparseAlgorithms : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { hpg::grb_init(); }
};

/// The data set's one non-square matrix (lp_afiro, 27 x 51): every primitive needs a square
/// adjacency matrix, so both sides must refuse it the same way; it takes part in nothing else.
TEST_P(SuiteSparseAlgorithms, NonSquareMatricesAreRefusedByBothSides) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  int non_square = 0;
  for (const auto& g : graphs()) {
    if (g.square()) continue;
    ++non_square;
    const auto a = on(g.a, GetParam());
    const auto ga = grb(g.a);
    auto expect_mismatch = [&](auto&& f, const char* what) {
      try {
        f();
        ADD_FAILURE() << g.name << ": " << what << " accepted a non-square matrix";
      } catch (const hpg::Error& e) {
        EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch) << g.name << ": " << what << ": " << e.what();
      }
    };
    expect_mismatch([&] { hpg::bfs(a, 0); }, "bfs");
    expect_mismatch([&] { hpg::sssp(a, 0); }, "sssp");
    expect_mismatch([&] { hpg::pagerank(a); }, "pagerank");
    expect_mismatch([&] { hpg::triangle_count(a); }, "triangle_count");
    expect_mismatch([&] { hpg::reference::bfs(ga.get(), 0); }, "reference::bfs");
    expect_mismatch([&] { hpg::reference::sssp<double>(ga.get(), 0); }, "reference::sssp");
    expect_mismatch([&] { hpg::reference::pagerank(ga.get()); }, "reference::pagerank");
    expect_mismatch([&] { hpg::reference::triangle_count(ga.get()); }, "reference::triangle_count");
    expect_mismatch([&] { hpg::betweenness_centrality(a, {0}); }, "betweenness_centrality");
    expect_mismatch([&] { hpg::reference::betweenness_centrality(ga.get(), {0}); }, "reference::betweenness_centrality");
  }
  if (hpg::test::have_data() && hpg::test::shard().count == 1) EXPECT_GE(non_square, 1) << "lp_afiro.mtx missing from the data set?";
}

TEST_P(SuiteSparseAlgorithms, BfsLevelsAndParents) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto a = on(g.a, GetParam());
    const auto ga = grb(g.a);
    const auto gt = grb_transpose(ga.get(), g.a.nrows());
    for (Index s : g.sources()) {
      const std::string at = g.name + " from " + std::to_string(s);
      const auto want = hpg::reference::bfs(ga.get(), s, gt.get());  // direction-optimizing
      expect_valid_parents(g, s, want.level, want.parent, at + " reference");
      EXPECT_EQ(hpg::reference::bfs(ga.get(), s).level, want.level) << at << ": reference push-only";
      const std::int64_t depth = *std::max_element(want.level.begin(), want.level.end()) + 1;
      for (auto method : {hpg::AxbMethod::automatic, hpg::AxbMethod::push, hpg::AxbMethod::pull}) {
        hpg::BfsOptions opt;
        opt.method = method;
        const auto r = hpg::bfs(a, s, opt);
        const std::string who = at + " method " + std::to_string(static_cast<int>(method));
        const auto l32 = dense(r.level, std::int32_t{-1});
        const std::vector<std::int64_t> level(l32.begin(), l32.end());
        ASSERT_EQ(level, want.level) << who;
        expect_valid_parents(g, s, level, dense(r.parent, std::int64_t{-1}), who);
        EXPECT_EQ(r.depth, depth) << who;
      }
    }
  }
}

TEST_P(SuiteSparseAlgorithms, SsspWithIntegerAndDoubleWeights) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto ad = on(g.a, GetParam());
    const auto gd = grb(g.a);
    const auto host_i = cast_to<std::int64_t>(g.a);
    const auto ai = on(host_i, GetParam());
    const hpg::grb_matrix_ptr gi(hpg::to_grb(host_i));
    // Finding a negative cycle takes n rounds on both sides (seconds, for the larger matrices of
    // the data set): once one source has shown that both sides find it, that weight type stops.
    bool cycle_d = false, cycle_i = false;
    for (Index s : g.sources()) {
      if (!cycle_d) cycle_d = compare_sssp(ad, gd.get(), s, g.name + " (double) from " + std::to_string(s));
      if (!cycle_i) cycle_i = compare_sssp(ai, gi.get(), s, g.name + " (int64) from " + std::to_string(s));
    }
  }
}

TEST_P(SuiteSparseAlgorithms, PageRankAllVariants) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto a = on(g.a, GetParam());
    const auto ga = grb(g.a);
    const auto gt = grb_transpose(ga.get(), g.a.nrows());
    for (auto variant : {hpg::PageRankVariant::lagraph, hpg::PageRankVariant::gap, hpg::PageRankVariant::hpgraph}) {
      const std::string who = g.name + " variant " + std::to_string(static_cast<int>(variant));
      hpg::PageRankOptions o;
      o.variant = variant;
      hpg::reference::PageRankOptions ro;
      ro.variant = variant;
      const auto got = hpg::pagerank<float>(a, o);
      // The paper's form freezes a vertex once it moves by tol or less: where rounding puts a
      // vertex on the other side of that line, two computations differ by about tol (its ranks
      // are ~1, not ~1/n), so it is held to 10 tol; the others to 1e-4.
      const double bound = variant == hpg::PageRankVariant::hpgraph ? 10 * o.tol : 1e-4;
      const auto want = hpg::reference::pagerank<float>(ga.get(), ro, gt.get());  // A' r, as LAGraph
      const auto want_vxm = hpg::reference::pagerank<float>(ga.get(), ro);       // r' A: the same sums in another order
      EXPECT_NEAR(want_vxm.iterations, want.iterations, 1) << who << " reference without A'";
      for (Index v = 0; v < want.rank.size(); ++v) ASSERT_NEAR(want_vxm.rank[v], want.rank[v], bound) << who << " reference without A'";
      EXPECT_EQ(got.converged, want.converged) << who;
      EXPECT_NEAR(got.iterations, want.iterations, 1) << who;
      const auto rank = dense(got.rank, std::numeric_limits<float>::quiet_NaN());
      ASSERT_EQ(rank.size(), want.rank.size()) << who;
      double worst = 0;
      Index at = 0;
      for (Index v = 0; v < rank.size(); ++v) {
        const double d = std::abs(static_cast<double>(rank[v]) - static_cast<double>(want.rank[v]));
        if (!(d <= worst)) {  // (a NaN counts as the worst)
          worst = d;
          at = v;
        }
      }
      EXPECT_LE(worst, bound) << who << ": vertex " << at << " " << rank[at] << " vs " << want.rank[at];
    }
  }
}

TEST_P(SuiteSparseAlgorithms, TriangleCounts) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto a = on(g.a, GetParam());
    const auto ga = grb(g.a);
    const std::uint64_t want = hpg::reference::triangle_count(ga.get());
    EXPECT_EQ(hpg::reference::triangle_count(ga.get(), hpg::reference::TcPresort::none), want) << g.name << " reference unsorted";
    EXPECT_EQ(hpg::reference::triangle_count(ga.get(), hpg::reference::TcPresort::ascending), want) << g.name << " reference sorted";
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::lut), want) << g.name << " lut";
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::lut, false), want) << g.name << " lut, no presort";
    EXPECT_EQ(hpg::triangle_count(a, hpg::TcMethod::spmv), want) << g.name << " spmv";
  }
}

TEST_P(SuiteSparseAlgorithms, ConnectedComponents) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto labels = hpg::connected_components(on(g.a, GetParam()));
    std::vector<Index> idx;
    std::vector<std::uint64_t> got;
    labels.extract_tuples(idx, got);
    EXPECT_EQ(got, hpg::reference::connected_components(grb(g.a).get())) << g.name;
  }
}

TEST_P(SuiteSparseAlgorithms, LocalClusteringCoefficient) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  for (const auto& g : graphs()) {
    if (!g.square()) continue;
    const auto lcc = hpg::local_clustering_coefficient(on(g.a, GetParam()));
    std::vector<Index> idx;
    std::vector<double> got;
    lcc.extract_tuples(idx, got);
    const std::vector<double> want = hpg::reference::local_clustering_coefficient(grb(g.a).get());
    ASSERT_EQ(got.size(), want.size()) << g.name;
    for (std::size_t v = 0; v < got.size(); ++v) EXPECT_NEAR(got[v], want[v], 1e-12 * std::max(1.0, want[v])) << g.name << " vertex " << v;
  }
}

// Kept lean: an undirected graph, a directed one, one in parts, and the generated directed RMAT
// (self-loops), from their sources() with the first repeated; the reference with and without A'
// (its push/pull switches), hpg on the matrix and on a graph object.
TEST_P(SuiteSparseAlgorithms, BetweennessCentrality) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  int checked = 0;
  for (const auto& g : graphs()) {
    if (g.name != "lagraph/karate.mtx" && g.name != "lagraph/west0067.mtx" && g.name != "lagraph/LFAT5_two.mtx" &&
        g.name.rfind("generated rmat:10:8 ", 0) != 0)
      continue;
    ++checked;
    std::vector<Index> sources = g.sources();
    sources.push_back(sources.front());
    const auto ga = grb(g.a);
    const auto gt = grb_transpose(ga.get(), g.a.nrows());
    const auto want = hpg::reference::betweenness_centrality(ga.get(), sources, gt.get());
    const auto want_no_at = hpg::reference::betweenness_centrality(ga.get(), sources);
    const hpg::Matrix<double> a = on(g.a, GetParam());
    const auto got = dense(hpg::betweenness_centrality(a, sources), std::numeric_limits<double>::quiet_NaN());
    const hpg::Graph<double> graph(hpg::Matrix<double>(a), hpg::GraphKind::directed);
    const auto got_graph = dense(hpg::betweenness_centrality(graph, sources), std::numeric_limits<double>::quiet_NaN());
    ASSERT_EQ(want.size(), g.a.nrows()) << g.name;
    ASSERT_EQ(got.size(), want.size()) << g.name;
    for (Index v = 0; v < want.size(); ++v) {
      const double tol = 1e-9 * std::max(1.0, std::abs(want[v]));
      EXPECT_NEAR(want_no_at[v], want[v], tol) << g.name << ": reference without A', vertex " << v;
      EXPECT_NEAR(got[v], want[v], tol) << g.name << ": vertex " << v;
      EXPECT_NEAR(got_graph[v], want[v], tol) << g.name << ": graph object, vertex " << v;
    }
  }
  if (hpg::test::have_data() && hpg::test::shard().count == 1) EXPECT_EQ(checked, 4);
}

INSTANTIATE_TEST_SUITE_P(All, SuiteSparseAlgorithms, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
