// hpgraph/suitesparse.hpp: hpg -> GrB -> hpg round trips for every built-in type and a user struct,
// on both backends; the GrB_Type of each type; typecasting and type errors in from_grb; the
// GrB_Info -> hpg::Info mapping.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <tuple>
#include <random>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "hpgraph/suitesparse.hpp"
#include "test_support.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

struct Rgb {
  std::uint8_t r, g, b, pad;
  std::int32_t weight;
  friend bool operator==(const Rgb& x, const Rgb& y) { return x.r == y.r && x.g == y.g && x.b == y.b && x.weight == y.weight; }
};
struct Other {
  double x;
};

template <class T>
T value_of(std::mt19937_64& g, std::size_t k) {
  if constexpr (std::is_same_v<T, bool>) return (g() & 1) != 0;
  else if constexpr (std::is_same_v<T, Rgb>) return Rgb{std::uint8_t(g()), std::uint8_t(g()), std::uint8_t(k), 0, std::int32_t(g() % 1000) - 500};
  else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(static_cast<double>(g() % 2001) / 8.0 - 125.0);
  else if constexpr (std::is_signed_v<T>) return static_cast<T>(static_cast<std::int64_t>(g() % 200) - 100);
  else return static_cast<T>(g() % 250);
}

template <class T>
struct Tuples {
  std::vector<Index> r, c;
  std::vector<T> x;
};
template <class T>
Tuples<T> random_tuples(std::mt19937_64& g, Index m, Index n, double density) {
  Tuples<T> t;
  for (Index i = 0; i < m; ++i)
    for (Index j = 0; j < n; ++j)
      if (static_cast<double>(g() % 1000) < density * 1000) {
        t.r.push_back(i);
        t.c.push_back(j);
        t.x.push_back(value_of<T>(g, t.r.size()));
      }
  return t;
}

template <class T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, Rgb>) return a == b;
  else return a == b;  // exact: the data only moves
}

/// hpg matrix -> GrB (checked entry by entry with GrB_Matrix_extractTuples) -> hpg matrix.
template <class T>
void matrix_round_trip(Backend b, Index m, Index n, double density, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const auto t = random_tuples<T>(g, m, n, density);
  hpg::Matrix<T> a(m, n, b);
  a.build(t.r, t.c, t.x);
  GrB_Matrix ga = hpg::to_grb(a);
  hpg::grb_matrix_ptr owner(ga);
  GrB_Index gm = 0, gn = 0, nv = 0;
  ASSERT_EQ(GrB_Matrix_nrows(&gm, ga), GrB_SUCCESS);
  ASSERT_EQ(GrB_Matrix_ncols(&gn, ga), GrB_SUCCESS);
  ASSERT_EQ(GrB_Matrix_nvals(&nv, ga), GrB_SUCCESS);
  EXPECT_EQ(gm, m);
  EXPECT_EQ(gn, n);
  ASSERT_EQ(nv, t.r.size());
  GrB_Type type = nullptr;
  ASSERT_EQ(GxB_Matrix_type(&type, ga), GrB_SUCCESS);
  EXPECT_EQ(type, hpg::grb_type<T>());
  // Every tuple is in the GrB matrix with its value.
  std::vector<Index> gr(nv > 0 ? nv : 1), gc(nv > 0 ? nv : 1);
  std::unique_ptr<T[]> gx(new T[nv > 0 ? nv : 1]);
  GrB_Index got = nv;
  if (nv > 0) ASSERT_EQ(hpg::detail::GrbCalls<T>::matrix_extract(gr.data(), gc.data(), gx.get(), &got, ga), GrB_SUCCESS);
  std::map<std::pair<Index, Index>, std::size_t> where;
  for (std::size_t k = 0; k < got; ++k) where[{gr[k], gc[k]}] = k;
  for (std::size_t k = 0; k < t.r.size(); ++k) {
    auto it = where.find({t.r[k], t.c[k]});
    ASSERT_NE(it, where.end()) << "(" << t.r[k] << "," << t.c[k] << ") missing in the GrB matrix";
    EXPECT_TRUE(same<T>(gx[it->second], t.x[k])) << "(" << t.r[k] << "," << t.c[k] << ")";
  }
  // And back, onto the same backend.
  const auto back = hpg::from_grb<T>(ga, b);
  EXPECT_EQ(back.backend(), b);
  EXPECT_EQ(back.nrows(), m);
  EXPECT_EQ(back.ncols(), n);
  std::vector<Index> r1, c1, r2, c2;
  std::vector<T> x1, x2;
  a.extract_tuples(r1, c1, x1);
  back.extract_tuples(r2, c2, x2);
  EXPECT_EQ(r1, r2);
  EXPECT_EQ(c1, c2);
  ASSERT_EQ(x1.size(), x2.size());
  for (std::size_t k = 0; k < x1.size(); ++k) EXPECT_TRUE(same<T>(x1[k], x2[k])) << "entry " << k;
}

template <class T>
void vector_round_trip(Backend b, Index n, double density, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  const auto t = random_tuples<T>(g, n, 1, density);
  hpg::Vector<T> v(n, b);
  v.build(t.r, t.x);
  GrB_Vector gv = hpg::to_grb(v);
  hpg::grb_vector_ptr owner(gv);
  GrB_Index size = 0, nv = 0;
  ASSERT_EQ(GrB_Vector_size(&size, gv), GrB_SUCCESS);
  ASSERT_EQ(GrB_Vector_nvals(&nv, gv), GrB_SUCCESS);
  EXPECT_EQ(size, n);
  EXPECT_EQ(nv, t.r.size());
  GrB_Type type = nullptr;
  ASSERT_EQ(GxB_Vector_type(&type, gv), GrB_SUCCESS);
  EXPECT_EQ(type, hpg::grb_type<T>());
  const auto back = hpg::from_grb<T>(gv, b);
  const auto back2 = hpg::from_grb_vector<T>(gv, Backend::host);
  EXPECT_EQ(back.backend(), b);
  EXPECT_EQ(back.size(), n);
  std::vector<Index> i1, i2, i3;
  std::vector<T> x1, x2, x3;
  v.extract_tuples(i1, x1);
  back.extract_tuples(i2, x2);
  back2.extract_tuples(i3, x3);
  EXPECT_EQ(i1, i2);
  EXPECT_EQ(i1, i3);
  ASSERT_EQ(x1.size(), x2.size());
  ASSERT_EQ(x1.size(), x3.size());
  for (std::size_t k = 0; k < x1.size(); ++k) {
    EXPECT_TRUE(same<T>(x1[k], x2[k])) << "entry " << k;
    EXPECT_TRUE(same<T>(x1[k], x3[k])) << "entry " << k;
  }
}

template <class T>
void round_trips(Backend b) {
  SCOPED_TRACE(std::string("type ") + std::string(hpg::to_string(hpg::type_code<T>())));
  std::uint64_t seed = 1;
  for (auto [m, n, d] : {std::tuple<Index, Index, double>{0, 0, 0.0}, {1, 1, 1.0}, {1, 7, 0.0}, {5, 3, 1.0}, {17, 31, 0.2}, {60, 2, 0.5}, {64, 64, 0.05}}) {
    matrix_round_trip<T>(b, m, n, d, seed++);
    vector_round_trip<T>(b, m, d, seed++);
  }
}

class SuiteSparseInterop : public ::testing::TestWithParam<Backend> {};
INSTANTIATE_TEST_SUITE_P(Backends, SuiteSparseInterop, hpg::test::all_backends(), hpg::test::backend_name);

TEST_P(SuiteSparseInterop, RoundTripsEveryBuiltinType) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  round_trips<bool>(GetParam());
  round_trips<std::int8_t>(GetParam());
  round_trips<std::int16_t>(GetParam());
  round_trips<std::int32_t>(GetParam());
  round_trips<std::int64_t>(GetParam());
  round_trips<std::uint8_t>(GetParam());
  round_trips<std::uint16_t>(GetParam());
  round_trips<std::uint32_t>(GetParam());
  round_trips<std::uint64_t>(GetParam());
  round_trips<float>(GetParam());
  round_trips<double>(GetParam());
}

TEST_P(SuiteSparseInterop, RoundTripsUserStruct) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  round_trips<Rgb>(GetParam());
}

// extract_tuples with parts left out and the values cast, against GrB_Vector_extractTuples_<TYPE>
// and GrB_Matrix_extractTuples_<TYPE> with NULL for the parts left out: the doubles test the casts
// (NaN, beyond int32's range both ways, fractions, negative zero).
TEST_P(SuiteSparseInterop, ExtractTuplesCastsAndLeavesPartsOutAsSuiteSparse) {
  const Backend b = GetParam();
  HPG_SKIP_IF_NO_BACKEND(b);
  const std::vector<Index> idx{0, 2, 3, 5, 7, 8}, cols{1, 0, 3, 3, 2, 1};
  const std::vector<double> x{std::nan(""), 3e10, -3e10, 2.75, -2.75, -0.0};
  hpg::Vector<double> v(10, b);
  v.build(idx, x);
  hpg::Matrix<double> a(10, 4, b);
  a.build(idx, cols, x);
  const hpg::grb_vector_ptr gv(hpg::to_grb(v));
  const hpg::grb_matrix_ptr ga(hpg::to_grb(a));
  GrB_Index nv = idx.size();
  {  // int32 values alone
    std::vector<std::int32_t> got, want(idx.size());
    v.extract_tuples(nullptr, &got);
    ASSERT_EQ(GrB_Vector_extractTuples_INT32(nullptr, want.data(), &nv, gv.get()), GrB_SUCCESS);
    EXPECT_EQ(got, want);
    got.clear();
    a.extract_tuples(nullptr, nullptr, &got);
    ASSERT_EQ(GrB_Matrix_extractTuples_INT32(nullptr, nullptr, want.data(), &nv, ga.get()), GrB_SUCCESS);
    EXPECT_EQ(got, want);
  }
  {  // uint8 and bool values, with the indices
    std::vector<Index> gi;
    std::vector<std::uint8_t> got, want(idx.size());
    std::vector<GrB_Index> wi(idx.size());
    v.extract_tuples(&gi, &got);
    ASSERT_EQ(GrB_Vector_extractTuples_UINT8(wi.data(), want.data(), &nv, gv.get()), GrB_SUCCESS);
    EXPECT_EQ(got, want);
    EXPECT_EQ(gi, std::vector<Index>(wi.begin(), wi.end()));
    std::vector<bool> gotb;
    std::unique_ptr<bool[]> wantb(new bool[idx.size()]);
    v.extract_tuples(nullptr, &gotb);
    ASSERT_EQ(GrB_Vector_extractTuples_BOOL(nullptr, wantb.get(), &nv, gv.get()), GrB_SUCCESS);
    EXPECT_EQ(gotb, std::vector<bool>(wantb.get(), wantb.get() + idx.size()));
  }
  {  // the positions alone
    std::vector<Index> gi, gr, gc;
    std::vector<GrB_Index> wr(idx.size()), wc(idx.size());
    v.extract_tuples(&gi, nullptr);
    EXPECT_EQ(gi, idx);
    a.extract_tuples(&gr, &gc, nullptr);
    ASSERT_EQ(GrB_Matrix_extractTuples_FP64(wr.data(), wc.data(), nullptr, &nv, ga.get()), GrB_SUCCESS);
    EXPECT_EQ(gr, std::vector<Index>(wr.begin(), wr.end()));
    EXPECT_EQ(gc, std::vector<Index>(wc.begin(), wc.end()));
    std::vector<Index> only_cols;
    a.extract_tuples(nullptr, &only_cols, nullptr);
    EXPECT_EQ(only_cols, gc);
  }
}

TEST(SuiteSparseTypes, TypesOfBuiltinsAndUserStructs) {
  hpg::grb_init();
  EXPECT_EQ(hpg::grb_type<bool>(), GrB_BOOL);
  EXPECT_EQ(hpg::grb_type<std::int8_t>(), GrB_INT8);
  EXPECT_EQ(hpg::grb_type<std::int16_t>(), GrB_INT16);
  EXPECT_EQ(hpg::grb_type<std::int32_t>(), GrB_INT32);
  EXPECT_EQ(hpg::grb_type<std::int64_t>(), GrB_INT64);
  EXPECT_EQ(hpg::grb_type<std::uint8_t>(), GrB_UINT8);
  EXPECT_EQ(hpg::grb_type<std::uint16_t>(), GrB_UINT16);
  EXPECT_EQ(hpg::grb_type<std::uint32_t>(), GrB_UINT32);
  EXPECT_EQ(hpg::grb_type<std::uint64_t>(), GrB_UINT64);
  EXPECT_EQ(hpg::grb_type<float>(), GrB_FP32);
  EXPECT_EQ(hpg::grb_type<double>(), GrB_FP64);
  // One GrB_Type per user type, made once, of the struct's size.
  const GrB_Type rgb = hpg::grb_type<Rgb>(), other = hpg::grb_type<Other>();
  EXPECT_NE(rgb, nullptr);
  EXPECT_EQ(hpg::grb_type<Rgb>(), rgb);
  EXPECT_NE(rgb, other);
  std::size_t size = 0;
  ASSERT_EQ(GxB_Type_size(&size, rgb), GrB_SUCCESS);
  EXPECT_EQ(size, sizeof(Rgb));
}

TEST(SuiteSparseTypes, FromGrbTypecastsBuiltinsAndRejectsOtherUserTypes) {
  hpg::grb_init();
  hpg::Matrix<std::int32_t> a(2, 3, Backend::host);
  a.build(std::vector<Index>{0, 1}, std::vector<Index>{2, 0}, std::vector<std::int32_t>{-3, 7});
  hpg::grb_matrix_ptr g(hpg::to_grb(a));
  // A built-in type typecasts as GrB_Matrix_extractTuples does.
  const auto d = hpg::from_grb<double>(g.get(), Backend::host);
  EXPECT_EQ(d.extract_element(0, 2).value(), -3.0);
  const auto bl = hpg::from_grb<bool>(g.get(), Backend::host);
  EXPECT_EQ(bl.extract_element(1, 0).value(), true);
  // A user type only from its own GrB_Type; a built-in type not from a user type.
  auto code = [](auto&& f) {
    try {
      f();
    } catch (const hpg::Error& e) {
      return e.code();
    }
    return hpg::Info::success;
  };
  EXPECT_EQ(code([&] { (void)hpg::from_grb<Rgb>(g.get(), Backend::host); }), hpg::Info::domain_mismatch);
  hpg::Vector<Rgb> v(3, Backend::host);
  v.set_element(Rgb{1, 2, 3, 0, 4}, 1);
  hpg::grb_vector_ptr gv(hpg::to_grb(v));
  EXPECT_EQ(code([&] { (void)hpg::from_grb<Other>(gv.get(), Backend::host); }), hpg::Info::domain_mismatch);
  EXPECT_EQ(code([&] { (void)hpg::from_grb<std::int32_t>(gv.get(), Backend::host); }), hpg::Info::domain_mismatch);
  EXPECT_EQ(hpg::from_grb<Rgb>(gv.get(), Backend::host).extract_element(1).value(), (Rgb{1, 2, 3, 0, 4}));
  EXPECT_EQ(code([&] { (void)hpg::from_grb<int>(static_cast<GrB_Matrix>(nullptr), Backend::host); }), hpg::Info::null_pointer);
  EXPECT_EQ(code([&] { (void)hpg::from_grb<int>(static_cast<GrB_Vector>(nullptr), Backend::host); }), hpg::Info::null_pointer);
}

TEST(SuiteSparseTypes, GrbInfoMapsToHpgInfo) {
  using I = hpg::Info;
  const std::pair<GrB_Info, I> table[] = {
      {GrB_SUCCESS, I::success},
      {GrB_NO_VALUE, I::no_value},
      {GxB_EXHAUSTED, I::no_value},
      {GrB_UNINITIALIZED_OBJECT, I::uninitialized_object},
      {GrB_NULL_POINTER, I::null_pointer},
      {GrB_INVALID_VALUE, I::invalid_value},
      {GrB_INVALID_INDEX, I::invalid_index},
      {GrB_DOMAIN_MISMATCH, I::domain_mismatch},
      {GrB_DIMENSION_MISMATCH, I::dimension_mismatch},
      {GrB_OUTPUT_NOT_EMPTY, I::output_not_empty},
      {GrB_NOT_IMPLEMENTED, I::not_implemented},
      {GrB_PANIC, I::panic},
      {GrB_OUT_OF_MEMORY, I::out_of_memory},
      {GrB_INSUFFICIENT_SPACE, I::invalid_value},
      {GrB_INVALID_OBJECT, I::invalid_object},
      {GrB_INDEX_OUT_OF_BOUNDS, I::index_out_of_bounds},
      {GrB_EMPTY_OBJECT, I::no_value},
  };
  for (auto [g, h] : table) EXPECT_EQ(hpg::info_from_grb(g), h) << hpg::grb_info_name(g);
  // grb_check: success and no-value pass; an error throws with the mirrored code and says what failed.
  EXPECT_NO_THROW(hpg::grb_check(GrB_SUCCESS, "x"));
  EXPECT_NO_THROW(hpg::grb_check(GrB_NO_VALUE, "x"));
  try {
    hpg::grb_check(GrB_DIMENSION_MISMATCH, "GrB_mxv");
    ADD_FAILURE() << "no throw";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), I::dimension_mismatch);
    EXPECT_NE(std::string(e.what()).find("GrB_mxv"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("GrB_DIMENSION_MISMATCH"), std::string::npos);
  }
  // A real failing call: building with a duplicate and no dup operator.
  hpg::grb_init();
  GrB_Matrix m = nullptr;
  ASSERT_EQ(GrB_Matrix_new(&m, GrB_INT32, 2, 2), GrB_SUCCESS);
  hpg::grb_matrix_ptr owner(m);
  const GrB_Index i[2] = {1, 1};
  const std::int32_t x[2] = {1, 2};
  try {
    hpg::grb_check(GrB_Matrix_build_INT32(m, i, i, x, 2, nullptr), "GrB_Matrix_build", m);
    ADD_FAILURE() << "no throw";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), I::invalid_value) << e.what();
  }
}

}  // namespace
