// Writing and reading back: every built-in value type through Matrix Market and the binary
// format (plain and gzipped), a user type through the binary format, and the writers' output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "hpgraph/io.hpp"
#include "io/checksum.hpp"
#include "test_support.hpp"

namespace {

using hpg::Index;
using hpg::test::TempDir;

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

template <class T>
std::vector<T> extremes() {
  using L = std::numeric_limits<T>;
  if constexpr (std::is_same_v<T, bool>) {
    return {false, true};
  } else if constexpr (std::is_integral_v<T>) {
    return {L::min(), L::max(), T(0), T(1), static_cast<T>(L::max() - 1), static_cast<T>(L::min() + 1)};
  } else {
    return {L::denorm_min(), -L::denorm_min(), L::min(), -L::min(), L::max(), L::lowest(), L::epsilon(), L::infinity(),
            -L::infinity(), T(0.1), T(1) / T(3), T(-2.5e-7), static_cast<T>(123456789.125)};
  }
}

template <class T>
T random_value(std::mt19937_64& rng) {
  if constexpr (std::is_same_v<T, bool>) {
    return (rng() & 1) != 0;
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rng());
  } else {
    // Arbitrary bit patterns cover every exponent, denormals included; NaN is left out.
    for (;;) {
      using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
      const auto bits = static_cast<Bits>(rng());
      T x;
      std::memcpy(&x, &bits, sizeof x);
      if (!std::isnan(x)) return x;
    }
  }
}

// A random matrix holding every extreme value, with duplicate positions in its tuples.
template <class T>
hpg::Matrix<T> random_matrix(Index nr, Index nc, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Index> r, c;
  std::vector<T> v;
  for (T x : extremes<T>()) {
    r.push_back(rng() % nr);
    c.push_back(rng() % nc);
    v.push_back(x);
  }
  while (r.size() < n) {
    r.push_back(rng() % nr);
    c.push_back(rng() % nc);
    v.push_back(random_value<T>(rng));
  }
  hpg::Matrix<T> m(nr, nc, hpg::Backend::host);
  m.build(r, c, v, hpg::second<T>{});
  return m;
}

template <class T>
void expect_same(const hpg::Matrix<T>& a, const hpg::Matrix<T>& b, const std::string& what) {
  ASSERT_EQ(a.nrows(), b.nrows()) << what;
  ASSERT_EQ(a.ncols(), b.ncols()) << what;
  std::vector<Index> ra, ca, rb, cb;
  std::vector<T> va, vb;
  a.extract_tuples(ra, ca, va);
  b.extract_tuples(rb, cb, vb);
  EXPECT_EQ(ra, rb) << what;
  EXPECT_EQ(ca, cb) << what;
  ASSERT_EQ(va.size(), vb.size()) << what;
  for (std::size_t k = 0; k < va.size(); ++k) {
    const T x = va[k], y = vb[k];  // copies: std::vector<bool> hands out proxies
    ASSERT_EQ(std::memcmp(&x, &y, sizeof(T)), 0) << what << ": value " << k << " differs";
  }
}

template <class T>
class IoRoundTrip : public ::testing::Test {};
using ValueTypes = ::testing::Types<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t, std::uint16_t,
                                    std::uint32_t, std::uint64_t, float, double>;
TYPED_TEST_SUITE(IoRoundTrip, ValueTypes);

TYPED_TEST(IoRoundTrip, EveryFormatGivesBackTheSameMatrix) {
  using T = TypeParam;
  TempDir dir;
  const auto m = random_matrix<T>(37, 53, 400, 11);
  for (const char* ext : {".mtx", ".mtx.gz", ".hpgb", ".hpgb.gz"}) {
    const std::string path = dir.file(std::string("m") + ext);
    hpg::io::write_matrix(path, m);
    const auto back = hpg::io::read_matrix<T>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
    expect_same(m, back, path);
  }
  // An empty matrix too.
  hpg::Matrix<T> empty(5, 0, hpg::Backend::host);
  for (const char* ext : {".mtx", ".hpgb"}) {
    const std::string path = dir.file(std::string("empty") + ext);
    hpg::io::write_matrix(path, empty);
    expect_same(empty, hpg::io::read_matrix<T>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host), path);
  }
}

struct Point {
  std::int32_t a;
  float b;
};

TEST(IoRoundTripUser, UserStructThroughBinary) {
  TempDir dir;
  std::vector<Index> r{0, 2, 4, 4};
  std::vector<Index> c{1, 0, 3, 4};
  std::vector<Point> v{{1, 0.5f}, {-7, std::numeric_limits<float>::denorm_min()}, {INT32_MAX, -1e30f}, {INT32_MIN, 0.f}};
  hpg::Matrix<Point> m(5, 6, hpg::Backend::host);
  m.build(r, c, v, hpg::second<Point>{});
  for (const char* name : {"p.hpgb", "p.hpgb.gz"}) {
    hpg::io::write_matrix(dir.file(name), m);
    const auto img = hpg::io::read_binary(dir.file(name));
    EXPECT_EQ(img.type, hpg::TypeCode::user);
    EXPECT_EQ(img.value_size, sizeof(Point));
    const auto back = hpg::io::read_matrix<Point>(dir.file(name), {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
    expect_same(m, back, name);
  }
  try {
    hpg::io::write_matrix(dir.file("p.mtx"), m);
    FAIL() << "no error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::domain_mismatch);
  }
  // A user type recorded in the file cannot become a number.
  EXPECT_THROW((hpg::io::read_matrix<double>(dir.file("p.hpgb"), {}, hpg::no_dup, nullptr, false, hpg::Backend::host)),
               hpg::Error);
}

TEST(IoRoundTripBinary, ConvertsBetweenBuiltinTypes) {
  TempDir dir;
  const auto m = random_matrix<std::int16_t>(20, 20, 80, 3);
  hpg::io::write_matrix(dir.file("i16.hpgb"), m);
  const auto d = hpg::io::read_matrix<double>(dir.file("i16.hpgb"), {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
  std::vector<Index> r1, c1, r2, c2;
  std::vector<std::int16_t> v1;
  std::vector<double> v2;
  m.extract_tuples(r1, c1, v1);
  d.extract_tuples(r2, c2, v2);
  EXPECT_EQ(r1, r2);
  ASSERT_EQ(v1.size(), v2.size());
  for (std::size_t k = 0; k < v1.size(); ++k) EXPECT_EQ(double(v1[k]), v2[k]);
}

TEST(IoRoundTripBinary, PatternOnlyFileAndLayout) {
  TempDir dir;
  const std::vector<std::uint64_t> ptr{0, 2, 2, 3};
  const std::vector<std::uint32_t> col{0, 4, 1};
  hpg::io::BinaryView v;
  v.nrows = 3;
  v.ncols = 5;
  v.type = hpg::TypeCode::boolean;
  v.value_size = 0;
  v.ptr = ptr;
  v.col = col;
  const std::string path = dir.file("pattern.hpgb");
  hpg::io::write_binary(path, v);
  // header 48, ptr 4 * 8, col 3 * 4 padded to 16, no values, checksum 8.
  EXPECT_EQ(read_bytes(path).size(), 48u + 32u + 16u + 8u);
  const auto img = hpg::io::read_binary(path);
  EXPECT_EQ(img.ptr, ptr);
  EXPECT_EQ(img.col, col);
  EXPECT_TRUE(img.values.empty());
  const auto m = hpg::io::read_matrix<std::int32_t>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
  EXPECT_EQ(m.nvals(), 3u);
  EXPECT_EQ(m.extract_element(0, 4), 1);
  // Undirected adds the reverse entries of a square matrix read from a binary file as well.
  hpg::io::BinaryView sq = v;
  sq.ncols = 3;
  const std::vector<std::uint32_t> col3{0, 2, 1};
  sq.col = col3;
  hpg::io::write_binary(dir.file("sq.hpgb"), sq);
  const auto u = hpg::io::read_matrix<std::int32_t>(dir.file("sq.hpgb"), {}, hpg::plus<std::int32_t>{}, nullptr, true, hpg::Backend::host);
  // (0,0) (0,2) (2,1) and their reverses; the self-loop (0,0) is its own reverse, added once.
  EXPECT_EQ(u.nvals(), 5u);
  EXPECT_EQ(u.extract_element(0, 0), 1);
  EXPECT_EQ(u.extract_element(1, 2), 1);
}

TEST(IoRoundTripBinary, ChecksumIsXxh64) {
  using hpg::io::detail::checksum64;
  EXPECT_EQ(checksum64("", 0), 0xEF46DB3751D8E999ull);
  EXPECT_EQ(checksum64("abc", 3), 0x44BC2CF5AD770999ull);
  // Streamed in uneven pieces it is the same as in one piece.
  std::vector<unsigned char> data(1000);
  for (std::size_t k = 0; k < data.size(); ++k) data[k] = static_cast<unsigned char>(k * 31 + 7);
  hpg::io::detail::Checksum64 c;
  for (std::size_t at = 0, step = 1; at < data.size(); at += step, step = step * 3 % 97 + 1)
    c.update(data.data() + at, std::min(step, data.size() - at));
  EXPECT_EQ(c.digest(), checksum64(data.data(), data.size()));
}

TEST(IoRoundTripBinary, ProgressReachesTheTotal) {
  TempDir dir;
  const auto m = random_matrix<double>(300, 300, 20000, 5);
  hpg::io::Progress last;
  hpg::io::write_matrix(dir.file("m.hpgb"), m, hpg::io::Format::automatic, [&](const hpg::io::Progress& p) { last = p; });
  EXPECT_EQ(last.stage, "write");
  EXPECT_EQ(last.done, last.total);
  EXPECT_EQ(last.total, read_bytes(dir.file("m.hpgb")).size());
  hpg::io::ReadOptions o;
  o.progress = [&](const hpg::io::Progress& p) { last = p; };
  (void)hpg::io::read_binary(dir.file("m.hpgb"), o);
  EXPECT_EQ(last.stage, "read");
  EXPECT_EQ(last.done, last.total);
}

// ---------------------------------------------------------------------------------------------
// Matrix Market output
// ---------------------------------------------------------------------------------------------

TEST(IoWriteMatrixMarket, ExactText) {
  TempDir dir;
  hpg::Matrix<double> d(2, 3, hpg::Backend::host);
  d.build(std::vector<Index>{0, 1, 1}, std::vector<Index>{2, 0, 1}, std::vector<double>{0.1, -2.5, 1e-300},
          hpg::second<double>{});
  hpg::io::write_matrix(dir.file("d.mtx"), d);
  EXPECT_EQ(read_bytes(dir.file("d.mtx")),
            "%%MatrixMarket matrix coordinate real general\n"
            "2 3 3\n"
            "1 3 0.1\n"
            "2 1 -2.5\n"
            "2 2 1e-300\n");
  hpg::Matrix<float> f(1, 1, hpg::Backend::host);
  f.build(std::vector<Index>{0}, std::vector<Index>{0}, std::vector<float>{0.1f}, hpg::second<float>{});
  hpg::io::write_matrix(dir.file("f.mtx"), f);
  EXPECT_EQ(read_bytes(dir.file("f.mtx")), "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 0.1\n");
  hpg::Matrix<std::uint64_t> u(1, 2, hpg::Backend::host);
  u.build(std::vector<Index>{0}, std::vector<Index>{1}, std::vector<std::uint64_t>{UINT64_MAX}, hpg::second<std::uint64_t>{});
  hpg::io::write_matrix(dir.file("u.mtx"), u);
  EXPECT_EQ(read_bytes(dir.file("u.mtx")), "%%MatrixMarket matrix coordinate integer general\n1 2 1\n1 2 18446744073709551615\n");
}

TEST(IoWriteMatrixMarket, PatternCommentAndGzip) {
  TempDir dir;
  const std::vector<std::uint64_t> ptr{0, 1, 2};
  const std::vector<std::uint32_t> col{1, 0};
  hpg::io::MatrixMarketView v;
  v.nrows = 2;
  v.ncols = 2;
  v.ptr = ptr;
  v.col = col;
  v.comment = "made by a test\n% already marked";
  hpg::io::write_matrix_market(dir.file("p.mtx"), v);
  EXPECT_EQ(read_bytes(dir.file("p.mtx")),
            "%%MatrixMarket matrix coordinate pattern general\n%made by a test\n% already marked\n2 2 2\n1 2\n2 1\n");
  hpg::io::write_matrix_market(dir.file("p.mtx.gz"), v);
  const std::string gz = read_bytes(dir.file("p.mtx.gz"));
  ASSERT_GE(gz.size(), 2u);
  EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
  const auto t = hpg::io::read_tuples(dir.file("p.mtx.gz"));
  EXPECT_EQ(t.kind, hpg::io::ValueKind::pattern);
  EXPECT_EQ(t.rows, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(t.cols, (std::vector<std::uint32_t>{1, 0}));
}

}  // namespace
