// The graph object (hpgraph/graph.hpp) on every backend: its kept properties are right, made once,
// dropped by every change, and the algorithms that take a graph give the matrix's answers.
#include <gtest/gtest.h>

#include <cmath>
#include <exception>
#include <map>
#include <thread>
#include <utility>
#include <vector>

#include "hpgraph/algorithms/triangle_count.hpp"
#include "hpgraph/graph.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Graph;
using hpg::GraphKind;
using hpg::Index;
using hpg::Matrix;
using hpg::Vector;

template <class T>
std::map<Index, T> entries(const Vector<T>& v) {
  std::vector<Index> i;
  std::vector<T> x;
  v.extract_tuples(i, x);
  std::map<Index, T> m;
  for (std::size_t k = 0; k < i.size(); ++k) m[i[k]] = x[k];
  return m;
}
template <class T>
std::map<std::pair<Index, Index>, T> entries(const Matrix<T>& a) {
  std::vector<Index> i, j;
  std::vector<T> x;
  a.extract_tuples(i, j, x);
  std::map<std::pair<Index, Index>, T> m;
  for (std::size_t k = 0; k < i.size(); ++k) m[{i[k], j[k]}] = x[k];
  return m;
}

// 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0, 3 -> 3 (a self-loop); vertex 4 has no edge.
Matrix<float> directed(Backend b) {
  Matrix<float> a(5, 5, b);
  a.build(std::vector<Index>{0, 0, 1, 2, 3}, std::vector<Index>{1, 2, 2, 0, 3}, std::vector<float>{1, 2, 3, 4, 5});
  return a;
}
// The triangle {0, 1, 2} and the path 2 - 3 - 4, both directions of each edge.
Matrix<float> undirected(Backend b) {
  std::vector<Index> r, c;
  for (auto [i, j] : std::vector<std::pair<Index, Index>>{{0, 1}, {0, 2}, {1, 2}, {2, 3}, {3, 4}}) {
    r.insert(r.end(), {i, j});
    c.insert(c.end(), {j, i});
  }
  Matrix<float> a(5, 5, b);
  a.build(r, c, std::vector<float>(r.size(), 1.0f));
  return a;
}

class GraphObject : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam()); }
};

TEST_P(GraphObject, PropertiesOfADirectedGraph) {
  const Backend b = GetParam();
  const Graph<float> g(directed(b), GraphKind::directed);
  EXPECT_EQ(g.nodes(), 5u);
  EXPECT_EQ(g.backend(), b);
  using D = Graph<float>::degree_type;
  EXPECT_EQ(entries(g.out_degree()), (std::map<Index, D>{{0, 2}, {1, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(entries(g.in_degree()), (std::map<Index, D>{{0, 1}, {1, 1}, {2, 2}, {3, 1}}));
  EXPECT_EQ(entries(g.transposed()), (std::map<std::pair<Index, Index>, float>{{{1, 0}, 1}, {{2, 0}, 2}, {{2, 1}, 3}, {{0, 2}, 4}, {{3, 3}, 5}}));
  EXPECT_FALSE(g.structure_is_symmetric_known());  // not asked yet
  EXPECT_FALSE(g.structure_is_symmetric());
  EXPECT_FALSE(g.structure_is_symmetric_known());
  // Kept: the same objects again.
  EXPECT_EQ(&g.transposed(), &g.transposed());
  EXPECT_EQ(&g.out_degree(), &g.out_degree());
  EXPECT_EQ(&g.in_degree(), &g.in_degree());
}

TEST_P(GraphObject, ADirectedGraphWithASymmetricStructureIsFoundSo) {
  const Graph<float> g(undirected(GetParam()), GraphKind::directed);
  EXPECT_FALSE(g.structure_is_symmetric_known());
  EXPECT_TRUE(g.structure_is_symmetric());
  EXPECT_TRUE(g.structure_is_symmetric_known());
  EXPECT_NE(&g.transposed(), &g.matrix());  // a directed graph keeps A' apart
}

TEST_P(GraphObject, AnUndirectedGraphIsItsOwnTranspose) {
  const Graph<float> g(undirected(GetParam()), GraphKind::undirected);
  EXPECT_TRUE(g.structure_is_symmetric_known());
  EXPECT_TRUE(g.structure_is_symmetric());
  EXPECT_EQ(&g.transposed(), &g.matrix());
  EXPECT_EQ(&g.in_degree(), &g.out_degree());
  using D = Graph<float>::degree_type;
  EXPECT_EQ(entries(g.out_degree()), (std::map<Index, D>{{0, 2}, {1, 2}, {2, 3}, {3, 2}, {4, 1}}));
}

// change() drops every kept property, also when its function throws; a new one is right.
TEST_P(GraphObject, AChangeDropsWhatWasKept) {
  const Backend b = GetParam();
  Graph<float> g(directed(b), GraphKind::directed);
  using D = Graph<float>::degree_type;
  (void)g.transposed();
  (void)g.out_degree();
  (void)g.in_degree();
  EXPECT_FALSE(g.structure_is_symmetric());
  g.change([](Matrix<float>& a) {
    a.set_element(6, 1, 0);  // 0 <-> 1, 0 <-> 2; 1 -> 2 and 3 -> 3 left
    a.set_element(7, 2, 1);  // now 1 <-> 2 too: symmetric
  });
  EXPECT_EQ(entries(g.out_degree()), (std::map<Index, D>{{0, 2}, {1, 2}, {2, 2}, {3, 1}}));
  EXPECT_EQ(entries(g.in_degree()), (std::map<Index, D>{{0, 2}, {1, 2}, {2, 2}, {3, 1}}));
  EXPECT_EQ(entries(g.transposed()).count({0, 1}), 1u);
  EXPECT_TRUE(g.structure_is_symmetric());
  try {
    g.change([](Matrix<float>& a) {
      a.remove_element(2, 1);
      throw hpg::Error(hpg::Info::invalid_value, "a user's change that fails midway");
    });
    ADD_FAILURE() << "the change's error was lost";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
  }
  EXPECT_FALSE(g.structure_is_symmetric_known());
  EXPECT_FALSE(g.structure_is_symmetric());  // 1 -> 2 without 2 -> 1
  EXPECT_EQ(entries(g.in_degree()), (std::map<Index, D>{{0, 2}, {1, 1}, {2, 2}, {3, 1}}));
}

TEST_P(GraphObject, BadUseIsOneClearError) {
  const Backend b = GetParam();
  Matrix<float> wide(3, 4, b);
  wide.set_element(1, 0, 3);
  try {
    Graph<float> g(std::move(wide), GraphKind::directed);
    ADD_FAILURE() << "a non-square matrix was taken";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch);
  }
  EXPECT_EQ(wide.nrows(), 3u);  // left as it was
  EXPECT_EQ(wide.nvals(), 1u);
  Graph<float> g(directed(b), GraphKind::directed);
  try {
    g.change([](Matrix<float>& a) { a.resize(5, 6); });
    ADD_FAILURE() << "a change to a non-square matrix was taken";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch);
  }
  Matrix<float> back = g.release();  // the matrix as the change left it
  EXPECT_EQ(back.ncols(), 6u);
  EXPECT_EQ(back.nvals(), 5u);
  Graph<float> from(directed(b), GraphKind::directed);
  Graph<float> to = std::move(from);
  EXPECT_EQ(to.out_degree().nvals(), 4u);
  try {
    (void)from.out_degree();  // NOLINT(bugprone-use-after-move): the error is what is tested
    ADD_FAILURE() << "a moved-from graph was read";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_object);
  }
}

// Triangle counting on a graph: an undirected one (and a directed one found symmetric) skips
// A + A' and orders by the kept degrees; every way gives the matrix's count, with both methods.
TEST_P(GraphObject, TriangleCountOnAGraphGivesTheMatrixCount) {
  const Backend b = GetParam();
  Matrix<float> a = undirected(b);
  a.set_element(1, 4, 4);  // a self-loop, which counts for nothing
  const std::uint64_t want = hpg::triangle_count(a);
  EXPECT_EQ(want, 1u);
  for (hpg::TcMethod m : {hpg::TcMethod::spmv, hpg::TcMethod::lut}) {
    const Graph<float> u(a.dup(), GraphKind::undirected);
    EXPECT_EQ(hpg::triangle_count(u, m), want);
    const Graph<float> d(a.dup(), GraphKind::directed);
    EXPECT_EQ(hpg::triangle_count(d, m), want);  // symmetry not known: the matrix's way
    EXPECT_TRUE(d.structure_is_symmetric());
    EXPECT_EQ(hpg::triangle_count(d, m), want);  // now known
    const Graph<float> one_way(directed(b), GraphKind::directed);
    EXPECT_EQ(hpg::triangle_count(one_way, m), 1u);  // 0 -> 1 -> 2 -> 0 (and 0 -> 2): one triangle
  }
}

// A graph with several triangles among few vertices of many (a sparse degree vector), explicit
// zero values and self-loops, made by set_element (pending writes when the graph takes it): the
// triangles of every 3 consecutive vertices of 0..29 plus the chords (k, k + 2), 0 <= k < 28.
Matrix<float> sparse_triangles(Backend b) {
  Matrix<float> a(100000, 100000, b);
  const auto both = [&](Index i, Index j, float x) {
    a.set_element(x, i, j);
    a.set_element(x, j, i);
  };
  for (Index k = 0; k + 1 < 30; ++k) both(k, k + 1, static_cast<float>(k % 3));  // zeros among them
  for (Index k = 0; k + 2 < 30; ++k) both(k, k + 2, 1.0f);
  a.set_element(0.0f, 5, 5);
  a.set_element(2.0f, 99999, 99999);
  return a;
}

// Triangles of the path 0..29 with chords (k, k+2): each (k, k+1, k+2) is one, 28 in all.
TEST_P(GraphObject, TriangleCountOnASparseGraphWithZerosAndSelfLoops) {
  const Backend b = GetParam();
  const std::uint64_t want = hpg::triangle_count(sparse_triangles(b));
  EXPECT_EQ(want, 28u);
  for (hpg::TcMethod m : {hpg::TcMethod::spmv, hpg::TcMethod::lut}) {
    const Graph<float> u(sparse_triangles(b), GraphKind::undirected);
    EXPECT_EQ(hpg::triangle_count(u, m), want);
    EXPECT_EQ(u.out_degree().nvals(), 31u);  // 30 path vertices and the lone self-loop
  }
}

// Several threads read one graph at once: its properties are made by one while the others wait,
// and reading them (a view of the degrees, extract_tuples) changes nothing.
TEST_P(GraphObject, ThreadsReadOneGraphAtOnce) {
  const Backend b = GetParam();
  const Graph<float> g(sparse_triangles(b), GraphKind::directed);
  using D = Graph<float>::degree_type;
  std::map<Index, D> want_degrees;
  for (Index k = 0; k < 30; ++k) want_degrees[k] = (k == 0 || k == 29 ? 2 : k == 1 || k == 28 ? 3 : 4) + (k == 5 ? 1 : 0);
  want_degrees[99999] = 1;
  constexpr int threads = 6;
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::uint64_t> counts(threads);
  std::vector<std::map<Index, D>> degrees(threads);
  std::vector<bool> symmetric(threads);
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        try {
          symmetric[t] = g.structure_is_symmetric();
          degrees[t] = entries(t % 2 ? g.in_degree() : g.out_degree());
          counts[t] = hpg::triangle_count(g);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    for (auto& th : pool) th.join();
  }
  for (int t = 0; t < threads; ++t) {
    if (errors[t]) {
      try {
        std::rethrow_exception(errors[t]);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "thread " << t << ": " << e.what();
      }
      continue;
    }
    EXPECT_TRUE(symmetric[t]) << "thread " << t;
    EXPECT_EQ(degrees[t], want_degrees) << "thread " << t;
    EXPECT_EQ(counts[t], 28u) << "thread " << t;
  }
}

// extract_tuples' pointer forms without SuiteSparse: parts left out, values cast as SuiteSparse
// casts them (NaN to 0, saturation), the same type moved.
TEST_P(GraphObject, ExtractTuplesLeavesPartsOutAndCasts) {
  const Backend b = GetParam();
  Vector<double> v(6, b);
  v.build(std::vector<Index>{0, 2, 3, 5}, std::vector<double>{std::nan(""), 3e10, -2.75, 0.0});
  std::vector<Index> i;
  std::vector<std::int32_t> x32;
  v.extract_tuples(&i, &x32);
  EXPECT_EQ(i, (std::vector<Index>{0, 2, 3, 5}));
  EXPECT_EQ(x32, (std::vector<std::int32_t>{0, 2147483647, -2, 0}));
  std::vector<std::uint8_t> x8;
  v.extract_tuples(nullptr, &x8);
  EXPECT_EQ(x8, (std::vector<std::uint8_t>{0, 255, 0, 0}));
  std::vector<bool> xb;
  v.extract_tuples(nullptr, &xb);
  EXPECT_EQ(xb, (std::vector<bool>{true, true, true, false}));
  std::vector<Index> only;
  v.extract_tuples(&only, nullptr);
  EXPECT_EQ(only, i);
  Matrix<double> a(3, 4, b);
  a.build(std::vector<Index>{0, 2, 2}, std::vector<Index>{3, 0, 1}, std::vector<double>{-1.5, 7.25, 1e300});
  std::vector<Index> r, c;
  std::vector<std::int16_t> x16;
  a.extract_tuples(&r, &c, &x16);
  EXPECT_EQ(r, (std::vector<Index>{0, 2, 2}));
  EXPECT_EQ(c, (std::vector<Index>{3, 0, 1}));
  EXPECT_EQ(x16, (std::vector<std::int16_t>{-1, 7, 32767}));
  std::vector<double> same;
  std::vector<Index> cols;
  a.extract_tuples(nullptr, nullptr, &same);
  a.extract_tuples(nullptr, &cols, nullptr);
  EXPECT_EQ(same, (std::vector<double>{-1.5, 7.25, 1e300}));
  EXPECT_EQ(cols, c);
}

INSTANTIATE_TEST_SUITE_P(Backends, GraphObject, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
