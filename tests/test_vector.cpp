// Vector<T> container semantics on both backends, in both storage forms, against a std::map model.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "hpgraph/vector.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Vector;
using hpg::Sparsity;

class VectorTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam()); }
  Backend b() const { return GetParam(); }
};

template <class T>
std::map<Index, T> tuples_of(const Vector<T>& v) {
  std::vector<Index> idx;
  std::vector<T> val;
  v.extract_tuples(idx, val);
  EXPECT_EQ(idx.size(), v.nvals());
  EXPECT_TRUE(std::is_sorted(idx.begin(), idx.end()));
  std::map<Index, T> out;
  for (std::size_t k = 0; k < idx.size(); ++k) out[idx[k]] = val[k];
  return out;
}

TEST_P(VectorTest, EmptyVector) {
  Vector<float> v(10, b());
  EXPECT_EQ(v.size(), 10u);
  EXPECT_EQ(v.nvals(), 0u);
  EXPECT_FALSE(v.extract_element(3).has_value());
}

TEST_P(VectorTest, SparseBuildCombinesDuplicates) {
  Vector<int> v(1000, b());
  std::vector<Index> i{5, 900, 5, 7};
  std::vector<int> x{1, 2, 3, 4};
  v.build(i, x, hpg::plus<int>{});
  EXPECT_EQ(v.sparsity(), Sparsity::sparse);
  auto t = tuples_of(v);
  EXPECT_EQ(t, (std::map<Index, int>{{5, 4}, {7, 4}, {900, 2}}));
  Vector<int> w(1000, b());
  EXPECT_THROW(w.build(i, x), hpg::Error);  // duplicates without a dup operator
  std::vector<Index> bad{1000};
  std::vector<int> one{1};
  try {
    w.build(bad, one);
    FAIL();
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::index_out_of_bounds);
  }
}

TEST_P(VectorTest, SetSparsityChangesTheFormNotTheEntries) {
  Vector<int> v(1000, b());
  v.build(std::vector<Index>{3, 500, 999}, std::vector<int>{7, -1, 4});
  v.set_element(8, 40);  // pending: applied before the change of form
  const std::map<Index, int> expect{{3, 7}, {40, 8}, {500, -1}, {999, 4}};
  ASSERT_EQ(v.sparsity(), Sparsity::sparse);
  v.set_sparsity(Sparsity::bitmap);
  EXPECT_EQ(v.sparsity(), Sparsity::bitmap);
  EXPECT_EQ(tuples_of(v), expect);
  EXPECT_EQ(v.extract_element(40).value(), 8);
  v.set_sparsity(Sparsity::bitmap);  // already: nothing changes
  EXPECT_EQ(tuples_of(v), expect);
  v.set_sparsity(Sparsity::sparse);
  EXPECT_EQ(v.sparsity(), Sparsity::sparse);
  EXPECT_EQ(tuples_of(v), expect);
  try {
    v.set_sparsity(static_cast<Sparsity>(7));
    FAIL() << "a value outside Sparsity was taken";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
  }
  EXPECT_EQ(tuples_of(v), expect);  // the refused call changed nothing
  EXPECT_EQ(hpg::to_string(Sparsity::bitmap), "bitmap");
}

TEST_P(VectorTest, DenseBuildUsesTheBitmap) {
  Vector<double> v(8, b());
  std::vector<Index> i{0, 2, 4, 6, 7};
  std::vector<double> x{0.5, 1.5, 2.5, 3.5, 4.5};
  v.build(i, x);
  EXPECT_EQ(v.sparsity(), Sparsity::bitmap);
  EXPECT_EQ(v.nvals(), 5u);
  EXPECT_EQ(v.extract_element(4).value(), 2.5);
  EXPECT_FALSE(v.extract_element(5).has_value());
  v.set_element(9.0, 5);
  v.remove_element(0);
  v.remove_element(1);  // absent
  EXPECT_EQ(v.nvals(), 5u);
  EXPECT_EQ((tuples_of(v)), (std::map<Index, double>{{2, 1.5}, {4, 2.5}, {5, 9.0}, {6, 3.5}, {7, 4.5}}));
}

TEST_P(VectorTest, RandomUpdatesMatchAModelInBothForms) {
  for (Index n : {Index{20}, Index{5000}}) {  // small: bitmap once filled; large: stays sparse
    std::mt19937_64 rng(99 + n);
    Vector<std::int64_t> v(n, b());
    std::map<Index, std::int64_t> model;
    for (int step = 0; step < 3000; ++step) {
      Index i = rng() % n;
      if (rng() % 4 == 0) {
        v.remove_element(i);
        model.erase(i);
      } else {
        std::int64_t x = static_cast<std::int64_t>(rng() % 100000) - 50000;
        v.set_element(x, i);
        model[i] = x;
      }
      if (step % 700 == 0) ASSERT_EQ(v.nvals(), model.size());
    }
    EXPECT_EQ(tuples_of(v), model) << "n = " << n;
    for (Index i = 0; i < std::min<Index>(n, 50); ++i) {
      auto it = model.find(i);
      auto got = v.extract_element(i);
      ASSERT_EQ(got.has_value(), it != model.end());
      if (got) EXPECT_EQ(*got, it->second);
    }
  }
}

TEST_P(VectorTest, ResizeDropsEntriesPastTheEnd) {
  for (bool dense : {false, true}) {
    Vector<int> v(100, b());
    std::vector<Index> i;
    std::vector<int> x;
    for (Index k = 0; k < 100; k += dense ? 1 : 30) {
      i.push_back(k);
      x.push_back(static_cast<int>(k));
    }
    v.build(i, x);
    v.resize(50);
    EXPECT_EQ(v.size(), 50u);
    for (auto [k, val] : tuples_of(v)) {
      EXPECT_LT(k, 50u);
      EXPECT_EQ(val, static_cast<int>(k));
    }
    EXPECT_EQ(v.nvals(), dense ? 50u : 2u);
    v.resize(200);
    EXPECT_EQ(v.nvals(), dense ? 50u : 2u);
    v.set_element(7, 199);
    EXPECT_EQ(v.extract_element(199).value(), 7);
    v.clear();
    EXPECT_EQ(v.nvals(), 0u);
    EXPECT_EQ(v.size(), 200u);
  }
}

TEST_P(VectorTest, IndicesAreChecked) {
  Vector<int> v(4, b());
  EXPECT_THROW(v.set_element(1, 4), hpg::Error);
  EXPECT_THROW(v.remove_element(9), hpg::Error);
  EXPECT_THROW((void)v.extract_element(4), hpg::Error);
  try {
    v.set_element(1, 4);
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_index);
  }
}

TEST_P(VectorTest, BoolVectors) {
  Vector<bool> v(6, b());
  std::vector<Index> i{1, 3, 3};
  std::vector<bool> x{true, false, true};
  v.build(i, x, hpg::lor<bool>{});
  EXPECT_EQ(tuples_of(v), (std::map<Index, bool>{{1, true}, {3, true}}));
}

TEST_P(VectorTest, CopyAndBackendMoves) {
  Vector<float> v(300, b());
  v.set_element(1.5f, 7);
  v.set_element(2.5f, 250);
  Vector<float> c = v.dup();
  c.remove_element(7);
  EXPECT_EQ(v.nvals(), 2u);
  EXPECT_EQ(c.nvals(), 1u);
  if (hpg::cuda_available()) {
    auto before = tuples_of(v);
    v.to_backend(b() == Backend::host ? Backend::cuda : Backend::host);
    EXPECT_EQ(tuples_of(v), before);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, VectorTest, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
