// The graph object (hpgraph/graph.hpp) on every backend: its kept properties are right, made once,
// dropped by every change, and the algorithms that take a graph give the matrix's answers.
#include <gtest/gtest.h>

#include <map>
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

INSTANTIATE_TEST_SUITE_P(Backends, GraphObject, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
