// Matrix<T> container semantics on both backends, checked against a std::map model.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "hpgraph/export.hpp"
#include "hpgraph/hyb_split.hpp"
#include "hpgraph/matrix.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Matrix;

class MatrixTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam()); }
  Backend b() const { return GetParam(); }
};

template <class T>
std::map<std::pair<Index, Index>, T> tuples_of(const Matrix<T>& m) {
  std::vector<Index> r, c;
  std::vector<T> v;
  m.extract_tuples(r, c, v);
  EXPECT_EQ(r.size(), m.nvals());
  std::map<std::pair<Index, Index>, T> out;
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (k > 0) EXPECT_TRUE(std::make_pair(r[k - 1], c[k - 1]) < std::make_pair(r[k], c[k])) << "tuples not in row-major order";
    out[{r[k], c[k]}] = v[k];
  }
  return out;
}

TEST_P(MatrixTest, EmptyMatrixHasDimensionsAndNoEntries) {
  Matrix<double> m(3, 5, b());
  EXPECT_EQ(m.nrows(), 3u);
  EXPECT_EQ(m.ncols(), 5u);
  EXPECT_EQ(m.nvals(), 0u);
  EXPECT_EQ(m.backend(), b());
  EXPECT_FALSE(m.extract_element(2, 4).has_value());
}

TEST_P(MatrixTest, BuildCombinesDuplicatesInInputOrder) {
  Matrix<int> m(4, 4, b());
  std::vector<Index> r{3, 0, 3, 1, 3};
  std::vector<Index> c{2, 1, 2, 0, 2};
  std::vector<int> v{10, 1, 20, 5, 30};
  m.build(r, c, v, hpg::first<int>{});  // first of (10, 20, 30) is 10
  auto t = tuples_of(m);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ((t[{3, 2}]), 10);
  EXPECT_EQ((t[{0, 1}]), 1);
  EXPECT_EQ((t[{1, 0}]), 5);

  Matrix<int> s(4, 4, b());
  s.build(r, c, v, hpg::second<int>{});
  EXPECT_EQ(s.extract_element(3, 2).value(), 30);
  Matrix<int> p(4, 4, b());
  p.build(r, c, v, hpg::plus<int>{});
  EXPECT_EQ(p.extract_element(3, 2).value(), 60);
  Matrix<int> mn(4, 4, b());
  mn.build(r, c, v, hpg::minus<int>{});  // (10 - 20) - 30: order matters
  EXPECT_EQ(mn.extract_element(3, 2).value(), -40);
}

TEST_P(MatrixTest, BuildWithoutDupRejectsDuplicates) {
  Matrix<float> m(2, 2, b());
  std::vector<Index> r{0, 0}, c{1, 1};
  std::vector<float> v{1, 2};
  try {
    m.build(r, c, v);
    FAIL() << "expected an error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
  }
  EXPECT_EQ(m.nvals(), 0u);  // unchanged
}

TEST_P(MatrixTest, BuildChecksArguments) {
  Matrix<float> m(2, 3, b());
  std::vector<Index> r{0, 2}, c{1, 1};
  std::vector<float> v{1, 2};
  try {
    m.build(r, c, v, hpg::plus<float>{});
    FAIL();
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::index_out_of_bounds);
  }
  std::vector<Index> r2{0}, c2{3};
  std::vector<float> v2{1};
  EXPECT_THROW(m.build(r2, c2, v2), hpg::Error);
  std::vector<Index> r3{0, 1}, c3{0};
  try {
    m.build(r3, c3, v);
    FAIL();
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
  }
  std::vector<Index> r4{0}, c4{0};
  std::vector<float> v4{7};
  m.build(r4, c4, v4);
  try {
    m.build(r4, c4, v4);
    FAIL();
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::output_not_empty);
  }
}

TEST_P(MatrixTest, ElementOperationsFollowTheLastUpdate) {
  Matrix<std::int64_t> m(5, 5, b());
  m.set_element(7, 1, 2);
  m.set_element(8, 1, 2);  // overwrite
  m.set_element(9, 4, 4);
  m.set_element(3, 0, 0);
  m.remove_element(0, 0);
  m.remove_element(3, 3);  // absent: no effect
  EXPECT_EQ(m.nvals(), 2u);
  EXPECT_EQ(m.extract_element(1, 2).value(), 8);
  EXPECT_FALSE(m.extract_element(0, 0).has_value());
  std::int64_t x = 0;
  EXPECT_TRUE(m.extract_element(&x, 4, 4));
  EXPECT_EQ(x, 9);
  m.remove_element(1, 2);
  m.set_element(1, 0, 0);
  EXPECT_EQ(m.nvals(), 2u);
  EXPECT_FALSE(m.extract_element(1, 2).has_value());
  EXPECT_EQ(m.extract_element(0, 0).value(), 1);
}

TEST_P(MatrixTest, ElementIndicesAreChecked) {
  Matrix<int> m(2, 3, b());
  for (auto f : {+[](Matrix<int>& a) { a.set_element(1, 2, 0); }, +[](Matrix<int>& a) { a.set_element(1, 0, 3); },
                 +[](Matrix<int>& a) { a.remove_element(5, 0); }, +[](Matrix<int>& a) { (void)a.extract_element(0, 9); }}) {
    try {
      f(m);
      FAIL();
    } catch (const hpg::Error& e) {
      EXPECT_EQ(e.code(), hpg::Info::invalid_index);
    }
  }
}

TEST_P(MatrixTest, RandomUpdatesMatchAModel) {
  std::mt19937_64 rng(12345);
  const Index n = 40;
  Matrix<double> m(n, n, b());
  std::map<std::pair<Index, Index>, double> model;
  for (int step = 0; step < 2000; ++step) {
    Index i = rng() % n, j = rng() % n;
    if (rng() % 3 == 0) {
      m.remove_element(i, j);
      model.erase({i, j});
    } else {
      double v = static_cast<double>(rng() % 1000) / 7.0;
      m.set_element(v, i, j);
      model[{i, j}] = v;
    }
    if (step % 500 == 0) {  // interleave merges with pending updates
      ASSERT_EQ(m.nvals(), model.size());
    }
  }
  EXPECT_EQ(tuples_of(m), model);
}

TEST_P(MatrixTest, ClearAndResize) {
  Matrix<int> m(4, 4, b());
  std::vector<Index> r{0, 1, 3, 3}, c{0, 3, 1, 3};
  std::vector<int> v{1, 2, 3, 4};
  m.build(r, c, v);
  m.resize(3, 2);  // keeps (0,0) only... and (1,?) no: (1,3) dropped, (3,*) dropped
  EXPECT_EQ(m.nrows(), 3u);
  EXPECT_EQ(m.ncols(), 2u);
  auto t = tuples_of(m);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ((t[{0, 0}]), 1);
  m.resize(10, 10);
  EXPECT_EQ(m.nvals(), 1u);
  m.set_element(5, 9, 9);
  EXPECT_EQ(m.extract_element(9, 9).value(), 5);
  m.clear();
  EXPECT_EQ(m.nvals(), 0u);
  EXPECT_EQ(m.nrows(), 10u);
}

TEST_P(MatrixTest, CopyIsDeepAndMoveTransfers) {
  Matrix<int> m(3, 3, b());
  m.set_element(1, 0, 1);
  Matrix<int> c = m.dup();
  c.set_element(2, 2, 2);
  EXPECT_EQ(m.nvals(), 1u);
  EXPECT_EQ(c.nvals(), 2u);
  Matrix<int> moved = std::move(c);
  EXPECT_EQ(moved.nvals(), 2u);
}

TEST_P(MatrixTest, MovesBetweenBackendsKeepTheEntries) {
  if (!hpg::cuda_available()) GTEST_SKIP() << "no GPU";
  Matrix<float> m(100, 50, b());
  std::mt19937 rng(7);
  std::vector<Index> r, c;
  std::vector<float> v;
  for (int k = 0; k < 500; ++k) {
    r.push_back(rng() % 100);
    c.push_back(rng() % 50);
    v.push_back(static_cast<float>(rng() % 100));
  }
  m.build(r, c, v, hpg::max<float>{});
  auto before = tuples_of(m);
  m.to_backend(b() == Backend::host ? Backend::cuda : Backend::host);
  EXPECT_EQ(tuples_of(m), before);
  m.to_backend(b());
  EXPECT_EQ(tuples_of(m), before);
}

struct Edge {
  std::int32_t hops;
  float weight;
  bool operator==(const Edge& o) const { return hops == o.hops && weight == o.weight; }
};
struct EdgeMin {
  HPG_HOST_DEVICE Edge operator()(const Edge& a, const Edge& b) const { return a.weight <= b.weight ? a : b; }
};

TEST_P(MatrixTest, UserStructValues) {
  Matrix<Edge> m(3, 3, b());
  std::vector<Index> r{0, 0, 2}, c{1, 1, 0};
  std::vector<Edge> v{{1, 2.5f}, {2, 1.5f}, {3, 9.0f}};
  m.build(r, c, v, EdgeMin{});
  EXPECT_EQ(m.nvals(), 2u);
  EXPECT_EQ(m.extract_element(0, 1).value(), (Edge{2, 1.5f}));
  m.set_element(Edge{4, 4.0f}, 1, 1);
  EXPECT_EQ(m.extract_element(1, 1).value(), (Edge{4, 4.0f}));
}

TEST_P(MatrixTest, DimensionsAreChecked) {
  EXPECT_THROW(Matrix<int>(hpg::max_dimension + 1, 1, b()), hpg::Error);
  Matrix<int> m(1, 1, b());
  EXPECT_THROW(m.resize(1, hpg::max_dimension + 1), hpg::Error);
}

TEST_P(MatrixTest, ExportCsrGivesTheRowsWithPendingWritesApplied) {
  Matrix<int> m(4, 6, b());
  std::vector<Index> r{2, 0, 2, 3, 0};
  std::vector<Index> c{5, 1, 0, 3, 4};
  std::vector<int> v{25, 1, 20, 33, 4};
  m.build(r, c, v, hpg::plus<int>{});
  m.set_element(7, 1, 2);  // pending until the export
  m.remove_element(3, 3);
  const hpg::CsrExport<int> e = hpg::export_csr(m);
  EXPECT_EQ(e.row_offsets, (std::vector<Index>{0, 2, 3, 5, 5}));
  EXPECT_EQ(e.col_indices, (std::vector<Index>{1, 4, 2, 0, 5}));
  EXPECT_EQ(e.values, (std::vector<int>{1, 4, 7, 20, 25}));
  EXPECT_EQ(hpg::export_row_offsets(m), e.row_offsets);
  EXPECT_EQ(m.nvals(), 5u);  // unchanged by the export
  EXPECT_EQ(m.extract_element(2, 5).value(), 25);

  // What a move leaves (0 x 0, its one row offset made when next used) exports as such.
  Matrix<int> moved = std::move(m);
  EXPECT_EQ(hpg::export_row_offsets(m), (std::vector<Index>{0}));  // NOLINT: moved-from is empty and usable
  EXPECT_TRUE(hpg::export_csr(m).col_indices.empty());              // NOLINT
  EXPECT_EQ(hpg::export_csr(moved).values, e.values);
}

TEST_P(MatrixTest, HybSplitFollowsTheOneThirdRule) {
  // Row degrees 3, 1, 2, 0, 5, 2: ceil(6 / 3) = 2 rows need K or more entries, so K = 3
  // (rows 0 and 4); ELL holds 3 + 1 + 2 + 0 + 3 + 2 = 11 of the 13 entries.
  Matrix<float> m(6, 6, b());
  const std::vector<Index> degree{3, 1, 2, 0, 5, 2};
  std::vector<Index> r, c;
  for (Index i = 0; i < degree.size(); ++i)
    for (Index k = 0; k < degree[i]; ++k) r.push_back(i), c.push_back(k);
  m.build(r, c, std::vector<float>(r.size(), 1.0f), hpg::plus<float>{});
  const hpg::HybSplit s = hpg::hyb_split(m);
  EXPECT_EQ(s.width, 3u);
  EXPECT_EQ(s.ell_entries, 11u);
  EXPECT_EQ(s.coo_entries, 2u);
  EXPECT_EQ(s.ell_slots, 18u);
  EXPECT_EQ(hpg::hyb_split(Matrix<float>(0, 4, b())).width, 0u);
}

INSTANTIATE_TEST_SUITE_P(Backends, MatrixTest, hpg::test::all_backends(), hpg::test::backend_name);

TEST(Backend, CudaIsRefusedWithoutAGpu) {
  EXPECT_TRUE(hpg::backend_usable(Backend::host));
  if (hpg::cuda_available()) GTEST_SKIP() << "a GPU is present";
  EXPECT_FALSE(hpg::backend_usable(Backend::cuda));
  EXPECT_EQ(hpg::default_backend(), Backend::host);
  EXPECT_THROW(hpg::set_backend(Backend::cuda), hpg::Error);
  EXPECT_THROW(Matrix<int>(2, 2, Backend::cuda), hpg::Error);
}

TEST(Backend, DeviceInfoDescribesTheGpuOrIsRefused) {
  if (!hpg::cuda_available()) {
    try {
      (void)hpg::device_info();
      ADD_FAILURE() << "device_info() without a GPU did not throw";
    } catch (const hpg::Error& e) {
      EXPECT_EQ(e.code(), hpg::Info::invalid_value) << e.what();
    }
    return;
  }
  const hpg::DeviceInfo info = hpg::device_info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_EQ(hpg::backend_description(Backend::cuda), info.name);
  EXPECT_GE(info.compute_capability, 50);
  EXPECT_GT(info.multiprocessors, 0);
  EXPECT_GE(info.threads_per_multiprocessor, 1024);
  EXPECT_GE(info.l2_cache_bytes, std::size_t(1) << 20);
  EXPECT_GT(info.total_memory, 0u);
  EXPECT_GT(info.free_memory, 0u);
  EXPECT_LE(info.free_memory, info.total_memory);
  EXPECT_GT(info.runtime_version, 0);
  EXPECT_GE(info.driver_version, info.runtime_version / 1000 * 1000);  // a driver runs runtimes of its major version
}

TEST(Backend, ParseBackend) {
  EXPECT_EQ(hpg::parse_backend("host"), Backend::host);
  EXPECT_EQ(hpg::parse_backend("cuda"), Backend::cuda);
  for (Backend b : hpg::detail::listed_backends) EXPECT_EQ(hpg::parse_backend(std::string(hpg::to_string(b))), b);
  try {
    hpg::parse_backend("gpu");
    ADD_FAILURE() << "parse_backend(\"gpu\") did not throw";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
    EXPECT_NE(std::string(e.what()).find("'gpu' (expected host or cuda)"), std::string::npos) << e.what();
  }
}

}  // namespace
