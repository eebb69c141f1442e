// Hand-checked cases for the operations (the differential suite against SuiteSparse covers the
// combinations): small inputs whose results are worked out in the comments, the BFS loop of
// docs/design.md on karate against LAGraph's levels, and the error cases.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "hpgraph/host/backend.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
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

// A = [1 2 . ; . 3 . ; 4 . 5]
Matrix<int> small(Backend b = Backend::host) {
  Matrix<int> a(3, 3, b);
  a.build(std::vector<Index>{0, 0, 1, 2, 2}, std::vector<Index>{0, 1, 1, 0, 2}, std::vector<int>{1, 2, 3, 4, 5});
  return a;
}
Vector<int> vec(std::vector<Index> i, std::vector<int> x, Index n = 3) {
  Vector<int> v(n, Backend::host);
  v.build(i, x);
  return v;
}

TEST(Operations, MxvPlusTimesAndMask) {
  auto a = small();
  auto u = vec({0, 2}, {10, 1});  // u = [10 . 1]
  Vector<int> w(3, Backend::host);
  hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, a, u);
  // row 0: 1*10 = 10; row 1: no overlap -> no entry; row 2: 4*10 + 5*1 = 45
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 10}, {2, 45}}));
  // accumulate with plus, masked to index 2 only: w(2) = 45 + 45
  auto m = vec({2}, {1});
  hpg::mxv(w, m, hpg::plus<int>{}, hpg::plus_times<int>, a, u);
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 10}, {2, 90}}));
  // complemented mask with replace: only index 0 and 1 may hold; index 2 is cleared
  hpg::mxv(w, m, hpg::no_accum, hpg::plus_times<int>, a, u, hpg::desc::mask_complement | hpg::desc::replace);
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 10}}));
  // transpose: A'u: col 0 of A = (1, ., 4) . (10, ., 1) = 14; col 1: 2*10 = 20; col 2: 5*1 = 5
  hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, a, u, hpg::desc::transpose_first);
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 14}, {1, 20}, {2, 5}}));
}

TEST(Operations, VxmWithPositionalMultiplyGivesParents) {
  auto a = small();
  Vector<std::int64_t> u(3, Backend::host);
  u.set_element(7, 2);  // frontier = {2}
  Vector<std::int64_t> p(3, Backend::host);
  hpg::vxm(p, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, u, a);
  // row 2 of A reaches columns 0 and 2; their parent is the row, 2
  EXPECT_EQ(entries(p), (std::map<Index, std::int64_t>{{0, 2}, {2, 2}}));
}

TEST(Operations, MxmMaskedPlusPair) {
  auto a = small();
  Matrix<int> c(3, 3, Backend::host);
  hpg::mxm(c, a, hpg::no_accum, hpg::plus_pair<int>, a, a, hpg::desc::structure);
  // (A*A)(i,j) counted pairs, kept where A has an entry: (0,0): k=0 -> 1; (0,1): k=0,1 -> 2;
  // (1,1): k=1 -> 1; (2,0): k=0,2 -> 2; (2,2): k=2 -> 1
  EXPECT_EQ(entries(c), (std::map<std::pair<Index, Index>, int>{{{0, 0}, 1}, {{0, 1}, 2}, {{1, 1}, 1}, {{2, 0}, 2}, {{2, 2}, 1}}));
}

TEST(Operations, EwiseAddUnionMultIntersection) {
  auto u = vec({0, 1}, {1, 2}), v = vec({1, 2}, {10, 20});
  Vector<int> w(3, Backend::host);
  hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, u, v);
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 1}, {1, 12}, {2, 20}}));
  hpg::ewise_mult(w, hpg::no_mask, hpg::no_accum, hpg::times<int>{}, u, v);
  EXPECT_EQ(entries(w), (std::map<Index, int>{{1, 20}}));
  hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, u, v);  // a semiring's add
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 1}, {1, 12}, {2, 20}}));
}

TEST(Operations, ApplySelectReduce) {
  auto a = small();
  Matrix<int> c(3, 3, Backend::host);
  hpg::apply(c, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::times<int>{}, 10), a);
  EXPECT_EQ(c.extract_element(2, 2).value(), 50);
  hpg::apply(c, hpg::no_mask, hpg::no_accum, hpg::colindex<int>{}, a, 100);
  EXPECT_EQ(c.extract_element(2, 0).value(), 100);
  EXPECT_EQ(c.extract_element(0, 1).value(), 101);
  Matrix<int> l(3, 3, Backend::host);
  hpg::select(l, hpg::no_mask, hpg::no_accum, hpg::tril<>{}, a, -1);  // strictly lower: (2,0) only
  EXPECT_EQ(entries(l), (std::map<std::pair<Index, Index>, int>{{{2, 0}, 4}}));
  hpg::select(l, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, a, 2);
  EXPECT_EQ(l.nvals(), 3u);
  Vector<int> rows(3, Backend::host);
  hpg::reduce(rows, hpg::no_mask, hpg::no_accum, hpg::plus_monoid<int>{}, a);
  EXPECT_EQ(entries(rows), (std::map<Index, int>{{0, 3}, {1, 3}, {2, 9}}));
  hpg::reduce(rows, hpg::no_mask, hpg::no_accum, hpg::max_monoid<int>{}, a, hpg::desc::transpose_first);  // column maxima
  EXPECT_EQ(entries(rows), (std::map<Index, int>{{0, 4}, {1, 3}, {2, 5}}));
  EXPECT_EQ(hpg::reduce(hpg::plus_monoid<int>{}, a), 15);
  EXPECT_EQ(hpg::reduce(hpg::min_monoid<int>{}, Vector<int>(4, Backend::host)), std::numeric_limits<int>::max());
  int s = 100;
  hpg::reduce(s, hpg::plus<int>{}, hpg::plus_monoid<int>{}, a);
  EXPECT_EQ(s, 115);
}

/// A float sum over many entries is a tree on every backend, not a left-to-right fold: a million
/// entries of 0.1 fold to 100958.34 in float (1% off), where a tree stays within a few ulps.
TEST(Operations, ReduceOfManyFloatsIsATree) {
  for (Backend b : hpg::detail::listed_backends) {
    if (!hpg::backend_usable(b)) continue;
    const Index n = 1000000;
    Vector<float> v(n, b);
    hpg::assign(v, hpg::no_mask, hpg::no_accum, 0.1f, hpg::all);
    EXPECT_NEAR(hpg::reduce(hpg::plus_monoid<float>{}, v), 1e5f, 1.0f) << hpg::to_string(b);
    Matrix<float> a(1000, 1000, b);
    std::vector<Index> r, c;
    for (Index i = 0; i < 1000; ++i)
      for (Index j = 0; j < 1000; ++j) {
        r.push_back(i);
        c.push_back(j);
      }
    a.build(r, c, std::vector<float>(r.size(), 0.1f));
    EXPECT_NEAR(hpg::reduce(hpg::plus_monoid<float>{}, a), 1e5f, 1.0f) << hpg::to_string(b);
  }
}

TEST(Operations, AssignAndExtract) {
  Vector<int> w = vec({0, 1, 2}, {1, 2, 3}, 5);
  // w(1, 3) = u: u = [9 .] deletes w(3)'s region entry (none) and sets w(1) = 9; w(3) gets nothing
  hpg::assign(w, hpg::no_mask, hpg::no_accum, vec({0}, {9}, 2), {1, 3});
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 1}, {1, 9}, {2, 3}}));
  hpg::assign(w, hpg::no_mask, hpg::no_accum, 7, {2, 4});  // scalar
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 1}, {1, 9}, {2, 7}, {4, 7}}));
  hpg::assign(w, hpg::no_mask, hpg::plus<int>{}, 1, hpg::all);  // every entry + 1, absent ones become 1
  EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 2}, {1, 10}, {2, 8}, {3, 1}, {4, 8}}));
  Vector<int> e(2, Backend::host);
  hpg::extract(e, hpg::no_mask, hpg::no_accum, w, {4, 0});
  EXPECT_EQ(entries(e), (std::map<Index, int>{{0, 8}, {1, 2}}));
  auto a = small();
  Vector<int> col(3, Backend::host);
  hpg::extract(col, hpg::no_mask, hpg::no_accum, a, hpg::all, 0);  // column 0: (1, ., 4)
  EXPECT_EQ(entries(col), (std::map<Index, int>{{0, 1}, {2, 4}}));
  Matrix<int> sub(2, 2, Backend::host);
  hpg::extract(sub, hpg::no_mask, hpg::no_accum, a, {2, 0}, {0, 2});  // rows 2,0 x cols 0,2: [4 5; 1 .]
  EXPECT_EQ(entries(sub), (std::map<std::pair<Index, Index>, int>{{{0, 0}, 4}, {{0, 1}, 5}, {{1, 0}, 1}}));
  Matrix<int> t(3, 3, Backend::host);
  hpg::transpose(t, hpg::no_mask, hpg::no_accum, a);
  EXPECT_EQ(t.extract_element(0, 2).value(), 4);
}

// The BFS of docs/design.md, "What code on the API looks like", verbatim in shape: levels on karate
// from vertex 30 equal LAGraph's.
TEST(Operations, DesignBfsOnKarate) {
  auto a = hpg::io::read_matrix<bool>(hpg::test::source_dir() + "/data/karate.mtx", {}, hpg::lor<bool>{}, nullptr, false,
                                      Backend::host);
  const Index n = a.nrows(), source = 30;
  Vector<std::int64_t> frontier(n, Backend::host), parent(n, Backend::host);
  Vector<std::int32_t> level(n, Backend::host);
  frontier.set_element(static_cast<std::int64_t>(source), source);
  parent.set_element(static_cast<std::int64_t>(source), source);
  for (std::int32_t depth = 0; frontier.nvals() > 0; ++depth) {
    hpg::assign(level, frontier, hpg::no_accum, depth, hpg::all, hpg::desc::structure);
    hpg::vxm(frontier, parent, hpg::no_accum, hpg::any_secondi<std::int64_t>, frontier, a,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace);
    hpg::assign(parent, frontier, hpg::no_accum, frontier, hpg::all, hpg::desc::structure);
  }
  const int expected[34] = {2, 1, 2, 2, 3, 3, 3, 2, 1, 2, 3, 3, 3, 2, 2, 2, 4, 2, 2, 2, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 0, 2, 1, 1};
  ASSERT_EQ(level.nvals(), 34u);
  for (Index v = 0; v < n; ++v) {
    EXPECT_EQ(level.extract_element(v).value(), expected[v]) << "vertex " << v;
    const auto p = static_cast<Index>(parent.extract_element(v).value());
    if (v != source) {
      EXPECT_TRUE(a.extract_element(p, v).has_value()) << "parent edge " << p << " -> " << v;
      EXPECT_EQ(level.extract_element(p).value() + 1, expected[v]);
    }
  }
}

// The multiply of the triangle count in docs/design.md, "What code on the API looks like". (nvcc
// does not allow an extended __host__ __device__ lambda inside a gtest body, which is a private
// member function; a named functor is the same thing.)
struct CommonNeighbours {
  hpg::MatrixView adj;
  HPG_HOST_DEVICE std::uint64_t operator()(bool, bool, Index i, Index j) const { return hpg::intersect_size(adj.row(i), adj.row(j)); }
};

// The triangle count of docs/design.md, "What code on the API looks like", in HPGraph's SpMV form:
// the multiply reads both neighbour lists.
TEST(Operations, IndexAwareMultiplyCountsTriangles) {
  auto a = hpg::io::read_matrix<bool>(hpg::test::source_dir() + "/data/karate.mtx", {}, hpg::lor<bool>{}, nullptr, false,
                                      Backend::host);
  Matrix<bool> l(a.nrows(), a.ncols(), Backend::host);
  hpg::select(l, hpg::no_mask, hpg::no_accum, hpg::tril<>{}, a, -1);
  Vector<bool> ones(a.nrows(), Backend::host);
  hpg::assign(ones, hpg::no_mask, hpg::no_accum, true, hpg::all);
  Vector<std::uint64_t> per_row(a.nrows(), Backend::host);
  hpg::mxv(per_row, hpg::no_mask, hpg::no_accum, hpg::semiring(hpg::plus_monoid<std::uint64_t>{}, CommonNeighbours{hpg::view(l)}), l, ones);
  EXPECT_EQ(hpg::reduce(hpg::plus_monoid<std::uint64_t>{}, per_row), 45u);  // LAGraph: karate has 45 triangles
}

TEST(Operations, OutputMayAliasInputsAndMask) {
  auto a = small();
  auto u = vec({0, 2}, {10, 1});
  hpg::mxv(u, u, hpg::plus<int>{}, hpg::plus_times<int>, a, u);  // u<u> += A u: u(0) = 10 + 10, u(2) = 1 + 45
  EXPECT_EQ(entries(u), (std::map<Index, int>{{0, 20}, {2, 46}}));
  Matrix<int> c = small();
  hpg::ewise_add(c, c, hpg::no_accum, hpg::plus<int>{}, c, c);  // doubles every entry
  EXPECT_EQ(c.extract_element(2, 2).value(), 10);
}

// A user type with no conversion to bool: valid as a structural mask only. (Kernels cannot be
// instantiated on a type local to a function, so it lives here.)
struct OpaqueValue {
  int x;
};

TEST(Operations, ErrorsAreReported) {
  auto a = small();
  Vector<int> w4(4, Backend::host), u3(3, Backend::host);
  auto code = [](auto&& f) {
    try {
      f();
    } catch (const hpg::Error& e) {
      return e.code();
    }
    return hpg::Info::success;
  };
  EXPECT_EQ(code([&] { hpg::mxv(w4, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, a, u3); }), hpg::Info::dimension_mismatch);
  EXPECT_EQ(code([&] { hpg::mxv(u3, w4, hpg::no_accum, hpg::plus_times<int>, a, u3); }), hpg::Info::dimension_mismatch);
  EXPECT_EQ(code([&] { hpg::assign(u3, hpg::no_mask, hpg::no_accum, 1, {0, 3}); }), hpg::Info::index_out_of_bounds);
  EXPECT_EQ(code([&] { hpg::extract(u3, hpg::no_mask, hpg::no_accum, a, hpg::all, 7); }), hpg::Info::invalid_index);
  Vector<OpaqueValue> pm(3, Backend::host);
  pm.set_element(OpaqueValue{1}, 0);
  EXPECT_EQ(code([&] { hpg::mxv(u3, pm, hpg::no_accum, hpg::plus_times<int>, a, u3); }), hpg::Info::domain_mismatch);
  EXPECT_EQ(code([&] { hpg::mxv(u3, pm, hpg::no_accum, hpg::plus_times<int>, a, u3, hpg::desc::structure); }), hpg::Info::success);
  // Nothing changed by a failed call.
  auto before = entries(u3);
  EXPECT_EQ(code([&] { hpg::assign(u3, hpg::no_mask, hpg::no_accum, 5, {1, 9}); }), hpg::Info::index_out_of_bounds);
  EXPECT_EQ(entries(u3), before);
}

// A'u from A's tuples: the reference for a transposed mxv.
std::map<Index, int> transposed_times(const Matrix<int>& a, const std::map<Index, int>& u) {
  std::map<Index, int> w;
  for (const auto& [ij, x] : entries(a))
    if (auto it = u.find(ij.first); it != u.end()) w[ij.second] += x * it->second;
  return w;
}

// The transpose a backend keeps beside a matrix (made by the first call under a transpose
// descriptor, or by prepare) follows every way the matrix can change: after each change A'u is
// checked against A's tuples. a = a' reads the kept transpose while it writes a.
TEST(Operations, AKeptTransposeFollowsEveryChangeOfTheMatrix) {
  for (Backend b : hpg::detail::listed_backends) {
    if (!hpg::backend_usable(b)) continue;
    Matrix<int> a = small(b);
    Vector<int> u(3, b);
    u.build(std::vector<Index>{0, 1, 2}, std::vector<int>{1, 10, 100});
    const auto ue = entries(u);
    const auto check = [&](const char* after) {
      Vector<int> w(a.ncols(), b);
      hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, a, u, hpg::desc::transpose_first);
      EXPECT_EQ(entries(w), transposed_times(a, ue)) << hpg::to_string(b) << ", after " << after;
    };
    check("the first call");  // A' made and kept
    if (b == Backend::host) {  // kept: the next call reads the same A'
      const auto kept = [&] { return hpg::detail::host::transposed_of(hpg::detail::host::csr_of(std::as_const(a))); };
      const auto first = kept();  // held: a new one could not take its address
      check("a second call");
      EXPECT_EQ(kept(), first);
    }
    a.set_element(7, 1, 0);
    check("set_element");
    a.remove_element(0, 1);
    check("remove_element");
    hpg::assign(a, hpg::no_mask, hpg::no_accum, 9, {2}, {1});
    check("assign");
    hpg::apply(a, hpg::no_mask, hpg::no_accum, hpg::ainv<int>{}, a);
    check("apply into itself");
    hpg::prepare(a, hpg::Prepare::transpose);
    hpg::transpose(a, hpg::no_mask, hpg::no_accum, a);
    check("a = a'");
    a.clear();
    a.build(std::vector<Index>{0, 2}, std::vector<Index>{2, 2}, std::vector<int>{3, 4});
    check("clear and build");
    a = small(b);
    check("a matrix moved in");
    a.resize(3, 2);  // and back: a transpose kept from 3 x 3 would put column 2's entries back
    a.resize(3, 3);
    check("resize");
  }
}

// prepare (a hint) and synchronize on every backend this machine has: results never depend on
// them, a value outside Prepare is refused, and the host has nothing to wait for.
TEST(Operations, PrepareAndSynchronizeChangeNoResult) {
  for (Backend b : hpg::detail::listed_backends) {
    if (!hpg::backend_usable(b)) continue;
    Matrix<int> a(3, 3, b);
    a.build(std::vector<Index>{0, 1, 2}, std::vector<Index>{1, 2, 0}, std::vector<int>{2, 3, 4});
    Vector<int> u(3, b), w(3, b);
    u.build(std::vector<Index>{0, 1, 2}, std::vector<int>{1, 1, 1});
    hpg::prepare(a, hpg::Prepare::hyb | hpg::Prepare::transpose | hpg::Prepare::hyb_of_transpose);
    hpg::vxm(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, u, a, hpg::desc::pull);
    hpg::synchronize(b);
    EXPECT_EQ(entries(w), (std::map<Index, int>{{0, 4}, {1, 2}, {2, 3}})) << hpg::to_string(b);
    try {
      hpg::prepare(a, static_cast<hpg::Prepare>(8));
      ADD_FAILURE() << "a value outside Prepare was taken";
    } catch (const hpg::Error& e) {
      EXPECT_EQ(e.code(), hpg::Info::invalid_value);
    }
  }
}

}  // namespace
