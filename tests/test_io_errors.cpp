// Bad input: every malformed file is an hpg::Error naming the file (and the line, for line-based
// formats, as "<path>:<line>: ..."); a file that cannot be opened is an io_error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "hpgraph/io.hpp"
#include "io/checksum.hpp"
#include "io/output_file.hpp"
#include "test_support.hpp"

namespace {

using hpg::Info;
using hpg::io::ReadOptions;
using hpg::test::TempDir;

// Runs f, which must throw hpg::Error with `code`, a message naming `path`, at `line` when line
// is not 0 ("<path>:<line>: "), and containing `fragment`.
void expect_error(const std::function<void()>& f, Info code, const std::string& path, int line,
                  const std::string& fragment = "") {
  try {
    f();
    ADD_FAILURE() << "no error for " << path;
  } catch (const hpg::Error& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.code(), code) << msg;
    EXPECT_NE(msg.find(path), std::string::npos) << msg;
    if (line > 0) EXPECT_NE(msg.find(path + ":" + std::to_string(line) + ": "), std::string::npos) << msg;
    EXPECT_NE(msg.find(fragment), std::string::npos) << "expected \"" << fragment << "\" in: " << msg;
  }
}

void expect_parse_error(const std::string& path, int line, const std::string& fragment = "", unsigned threads = 1) {
  ReadOptions o;
  o.threads = threads;
  expect_error([&] { hpg::io::read_tuples(path, o); }, Info::parse_error, path, line, fragment);
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}
std::string write_gz(const TempDir& dir, const std::string& name, const std::string& text) {
  hpg::io::detail::OutputFile out(dir.file(name));
  out.write(text.data(), text.size());
  out.commit();
  return dir.file(name);
}

const std::string real_banner = "%%MatrixMarket matrix coordinate real general\n";

// ---------------------------------------------------------------------------------------------
// Files that cannot be read
// ---------------------------------------------------------------------------------------------

TEST(IoErrors, MissingFileIsIoErrorWithReason) {
  TempDir dir;
  const std::string path = dir.file("no-such-file.mtx");
  expect_error([&] { hpg::io::read_tuples(path); }, Info::io_error, path, 0, "No such file or directory");
  expect_error([&] { hpg::io::read_binary(path); }, Info::io_error, path, 0, "No such file or directory");
  expect_error([&] { hpg::io::detect_format(path); }, Info::io_error, path, 0, "No such file or directory");
  expect_error([&] { hpg::io::read_matrix<double>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host); }, Info::io_error,
               path, 0, "No such file or directory");
}

TEST(IoErrors, DirectoryIsIoError) {
  TempDir dir;
  const std::string path = dir.file("");
  expect_error([&] { hpg::io::read_tuples(path); }, Info::io_error, path, 0, "Is a directory");
}

TEST(IoErrors, CorruptGzipNamesTheFile) {
  TempDir dir;
  std::ostringstream s;
  s << real_banner << "100 100 2000\n";
  for (int k = 0; k < 2000; ++k) s << k % 100 + 1 << ' ' << k * 7 % 100 + 1 << ' ' << k * 0.37 << '\n';
  const std::string gz = read_bytes(write_gz(dir, "good.mtx.gz", s.str()));
  std::string damaged = gz;
  for (std::size_t k = gz.size() / 3; k < gz.size() / 3 + 16; ++k) damaged[k] = static_cast<char>(damaged[k] ^ 0x5a);
  const std::string bad = dir.file("damaged.mtx.gz");
  write_bytes(bad, damaged);
  try {
    hpg::io::read_tuples(bad);
    ADD_FAILURE() << "no error";
  } catch (const hpg::Error& e) {
    EXPECT_TRUE(e.code() == Info::parse_error || e.code() == Info::io_error) << e.what();
    EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
  }
  const std::string cut = dir.file("cut.mtx.gz");
  write_bytes(cut, gz.substr(0, gz.size() / 2));
  expect_parse_error(cut, 0, "truncated");
  const std::string trailing = dir.file("trailing.mtx.gz");
  write_bytes(trailing, gz + "garbage");
  expect_parse_error(trailing, 0, "after the end of the gzip stream");
}

// ---------------------------------------------------------------------------------------------
// Matrix Market
// ---------------------------------------------------------------------------------------------

TEST(IoErrorsMatrixMarket, Banner) {
  TempDir dir;
  expect_parse_error(dir.write("nobanner.mtx", "3 3 1\n1 1 1\n"), 1, "missing Matrix Market banner");
  expect_parse_error(dir.write("comment.mtx", "% just a comment\n3 3 1\n1 1 1\n"), 1, "missing Matrix Market banner");
  expect_parse_error(dir.write("empty.mtx", ""), 1, "missing Matrix Market banner");
  expect_parse_error(dir.write("short.mtx", "%%MatrixMarket matrix coordinate real\n1 1 0\n"), 1, "malformed Matrix Market banner");
  expect_parse_error(dir.write("field.mtx", "%%MatrixMarket matrix coordinate text general\n1 1 0\n"), 1, "unknown field");
  expect_parse_error(dir.write("sym.mtx", "%%MatrixMarket matrix coordinate real lower\n1 1 0\n"), 1, "unknown symmetry");
  expect_parse_error(dir.write("vector.mtx", "%%MatrixMarket vector coordinate real general\n1 1 0\n"), 1, "object \"vector\"");
  expect_parse_error(dir.write("complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n"), 1,
                     "complex not supported");
  expect_parse_error(dir.write("herm.mtx", "%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n"), 1, "hermitian");
  expect_parse_error(dir.write("array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n"), 1,
                     "array format not supported");
}

TEST(IoErrorsMatrixMarket, SizeLine) {
  TempDir dir;
  expect_parse_error(dir.write("two.mtx", real_banner + "% c\n3 3\n1 1 1\n"), 3, "bad size line");
  expect_parse_error(dir.write("four.mtx", real_banner + "3 3 1 9\n1 1 1\n"), 2, "bad size line");
  expect_parse_error(dir.write("nonnum.mtx", real_banner + "3 x 1\n1 1 1\n"), 2, "number of columns \"x\" is not an integer");
  expect_parse_error(dir.write("missing.mtx", real_banner + "% only comments\n%\n"), 3, "missing size line");
  expect_parse_error(dir.write("huge.mtx", real_banner + "3000000000 3 0\n"), 2, "exceeds the largest supported");
  expect_parse_error(dir.write("rect.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 4 0\n"), 2, "must be square");
}

TEST(IoErrorsMatrixMarket, FieldsAndNumbers) {
  TempDir dir;
  const std::string head = real_banner + "3 3 2\n";
  expect_parse_error(dir.write("few.mtx", head + "1 1 1\n2 2\n"), 4, "too few fields: expected 3");
  expect_parse_error(dir.write("one.mtx", head + "1 1 1\n2\n"), 4, "too few fields");
  expect_parse_error(dir.write("x.mtx", head + "1 x 3\n2 2 1\n"), 3, "column index \"x\" is not an integer");
  expect_parse_error(dir.write("abc.mtx", head + "1 1 1\n1 2 abc\n"), 4, "value \"abc\" is not a number");
  expect_parse_error(dir.write("garbage.mtx", head + "12abc 1 1\n2 2 1\n"), 3, "row index \"12abc\" is not an integer");
  expect_parse_error(dir.write("vgarbage.mtx", head + "1 1 1.5e3x\n2 2 1\n"), 3, "value \"1.5e3x\" is not a number");
  expect_parse_error(dir.write("neg.mtx", head + "1 -1 1\n2 2 1\n"), 3, "column index \"-1\" is negative");
  expect_parse_error(dir.write("int.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 2.5\n"), 3,
                     "value \"2.5\" is not an integer");
  expect_parse_error(dir.write("big.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 99999999999999999999\n"), 3,
                     "is too large");
  expect_parse_error(dir.write("mixed.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 1 -1\n2 2 18446744073709551615\n"),
                     4, "above INT64_MAX");
}

TEST(IoErrorsMatrixMarket, IndexOutOfRange) {
  TempDir dir;
  const std::string head = real_banner + "3 4 2\n";
  expect_parse_error(dir.write("row0.mtx", head + "1 1 1\n0 1 1\n"), 4, "row index 0 is outside 1..3");
  expect_parse_error(dir.write("col0.mtx", head + "1 0 1\n1 1 1\n"), 3, "column index 0 is outside 1..4");
  expect_parse_error(dir.write("row4.mtx", head + "1 1 1\n4 1 1\n"), 4, "row index 4 is outside 1..3");
  expect_parse_error(dir.write("col5.mtx", head + "1 5 1\n1 1 1\n"), 3, "column index 5 is outside 1..4");
}

TEST(IoErrorsMatrixMarket, EntryCountAndTruncation) {
  TempDir dir;
  const std::string head = real_banner + "% c\n3 3 3\n";
  expect_parse_error(dir.write("more.mtx", head + "1 1 1\n2 2 2\n\n3 3 3\n1 2 4\n2 3 5\n"), 8, "more entries than the 3 declared");
  expect_parse_error(dir.write("fewer.mtx", head + "1 1 1\n2 2 2\n"), 5, "the file ends after 2 of the 3 entries");
  expect_parse_error(dir.write("fewer2.mtx", head + "1 1 1\n2 2 2"), 5, "the file ends after 2 of the 3 entries");
  expect_parse_error(dir.write("midline.mtx", head + "1 1 1\n2 2 2\n3 3"), 6, "too few fields");
  // Cut inside the size line.
  expect_parse_error(dir.write("midsize.mtx", real_banner + "3 3"), 2, "bad size line");
}

TEST(IoErrorsMatrixMarket, SkewDiagonal) {
  TempDir dir;
  expect_parse_error(dir.write("skew.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 2\n2 1 1\n2 2 1\n"), 4,
                     "diagonal entry (2, 2) in a skew-symmetric matrix");
}

// Errors deep in a large file, found by a worker thread: the line number is still exact and the
// first error in the file is the one reported.
TEST(IoErrorsMatrixMarket, LineNumbersFromWorkerThreads) {
  TempDir dir;
  const int n = 150000;
  std::ostringstream s;
  s << real_banner << "% comment\n100 100 " << n << "\n";
  for (int k = 0; k < n; ++k) {
    if (k == n / 2) s << "7 8 bad\n";
    else if (k == n - 10) s << "7 8 worse\n";
    else s << k % 100 + 1 << ' ' << k % 97 + 1 << ' ' << k << '\n';
  }
  const auto path = dir.write("late.mtx", s.str());
  const int line = 4 + n / 2;
  expect_parse_error(path, line, "value \"bad\" is not a number", 1);
  expect_parse_error(path, line, "value \"bad\" is not a number", 4);
  expect_parse_error(dir.write("late.mtx.gz", read_bytes(write_gz(dir, "tmp.gz", s.str()))), line, "\"bad\"", 3);
}

// ---------------------------------------------------------------------------------------------
// Edge lists
// ---------------------------------------------------------------------------------------------

TEST(IoErrorsEdgeList, FieldsAndNumbers) {
  TempDir dir;
  expect_parse_error(dir.write("few.txt", "# c\n0 1\n2\n"), 3, "too few fields: expected 2");
  expect_parse_error(dir.write("fewfirst.txt", "0 1\n5\n"), 2, "too few fields");
  expect_parse_error(dir.write("fewweight.txt", "0 1 3\n1 2\n"), 2, "too few fields: expected 3");
  expect_parse_error(dir.write("x.txt", "0 1\n1 x\n"), 2, "destination id \"x\" is not an integer");
  expect_parse_error(dir.write("abc.txt", "0 1 2\n1 2 abc\n"), 2, "weight \"abc\" is not a number");
  expect_parse_error(dir.write("garbage.csv", "0,1\n12abc,3\n"), 2, "source id \"12abc\" is not an integer");
  expect_parse_error(dir.write("real-id.txt", "0 1\n1.5 2\n"), 2, "source id \"1.5\" is not an integer");
  // Only the first non-comment line may be a header.
  expect_parse_error(dir.write("header2.csv", "# c\nsrc,dst\n0,1\nfoo,bar\n"), 4, "source id \"foo\" is not an integer");
}

TEST(IoErrorsEdgeList, IdsOutOfRange) {
  TempDir dir;
  expect_parse_error(dir.write("neg.txt", "0 1\n-3 2\n"), 2, "source id \"-3\" is negative");
  expect_parse_error(dir.write("neg2.txt", "0 -1\n"), 1, "destination id \"-1\" is negative");
  expect_parse_error(dir.write("big.txt", "0 1\n2147483647 0\n"), 2, "source id 2147483647 exceeds the largest supported (2147483646)");
  expect_parse_error(dir.write("huge.txt", "0 1\n1 99999999999999999999\n"), 2, "is too large");
}

TEST(IoErrorsEdgeList, TruncatedGzip) {
  TempDir dir;
  std::ostringstream s;
  for (int k = 0; k < 20000; ++k) s << k << ' ' << k * 3 << ' ' << k % 11 << '\n';
  const std::string gz = read_bytes(write_gz(dir, "full.txt.gz", s.str()));
  const std::string cut = dir.file("cut.txt.gz");
  write_bytes(cut, gz.substr(0, gz.size() - 100));
  expect_parse_error(cut, 0, "truncated");
}

// ---------------------------------------------------------------------------------------------
// DIMACS
// ---------------------------------------------------------------------------------------------

TEST(IoErrorsDimacs, ProblemLine) {
  TempDir dir;
  expect_parse_error(dir.write("nop.gr", "c no problem line\nc at all\n"), 2, "missing problem line");
  expect_parse_error(dir.write("empty.gr", ""), 1, "missing problem line");
  expect_parse_error(dir.write("early.gr", "c x\na 1 2 3\np sp 2 1\n"), 2, "arc before the problem line");
  expect_parse_error(dir.write("max.gr", "p max 3 2\n"), 1, "bad problem line");
  expect_parse_error(dir.write("short.gr", "p sp 3\n"), 1, "bad problem line");
  expect_parse_error(dir.write("nonnum.gr", "p sp 3 x\n"), 1, "number of arcs \"x\" is not an integer");
  expect_parse_error(dir.write("two.gr", "p sp 3 1\np sp 3 1\na 1 2 3\n"), 2, "a second problem line");
  expect_parse_error(dir.write("twolate.gr", "p sp 3 2\na 1 2 3\np sp 3 1\na 1 2 3\n"), 3, "a second problem line");
  expect_parse_error(dir.write("odd.gr", "p sp 3 1\nx 1 2 3\n"), 2, "unexpected line");
}

TEST(IoErrorsDimacs, ArcFields) {
  TempDir dir;
  const std::string head = "c graph\np sp 3 2\n";
  expect_parse_error(dir.write("few.gr", head + "a 1 2 5\na 2 3\n"), 4, "too few fields");
  expect_parse_error(dir.write("x.gr", head + "a 1 x 5\na 2 3 1\n"), 3, "head node \"x\" is not an integer");
  expect_parse_error(dir.write("abc.gr", head + "a 1 2 5\na 2 3 abc\n"), 4, "weight \"abc\" is not a number");
  expect_parse_error(dir.write("garbage.gr", head + "a 1 2 5\na 2 3 12abc\n"), 4, "weight \"12abc\" is not a number");
  expect_parse_error(dir.write("zero.gr", head + "a 0 2 5\na 2 3 1\n"), 3, "tail node 0 is outside 1..3");
  expect_parse_error(dir.write("past.gr", head + "a 1 2 5\na 2 4 1\n"), 4, "head node 4 is outside 1..3");
}

TEST(IoErrorsDimacs, ArcCount) {
  TempDir dir;
  const std::string head = "p sp 3 2\n";
  expect_parse_error(dir.write("more.gr", head + "a 1 2 5\na 2 3 1\nc\na 3 1 1\n"), 5, "more arcs than the 2 declared");
  expect_parse_error(dir.write("fewer.gr", head + "a 1 2 5\n"), 2, "the file ends after 1 of the 2 arcs");
}

// ---------------------------------------------------------------------------------------------
// Binary
// ---------------------------------------------------------------------------------------------

class IoErrorsBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    hpg::Matrix<double> m(50, 60, hpg::Backend::host);
    std::vector<hpg::Index> r, c;
    std::vector<double> v;
    for (int k = 0; k < 400; ++k) {
      r.push_back(k % 50);
      c.push_back(k * 13 % 60);
      v.push_back(k * 0.5);
    }
    m.build(r, c, v, hpg::second<double>{});
    path_ = dir_.file("good.hpgb");
    hpg::io::write_matrix(path_, m);
    bytes_ = read_bytes(path_);
  }
  std::string variant(const std::string& name, const std::string& bytes) {
    write_bytes(dir_.file(name), bytes);
    return dir_.file(name);
  }
  void expect_binary_error(const std::string& path, const std::string& fragment) {
    expect_error([&] { hpg::io::read_binary(path); }, Info::parse_error, path, 0, fragment);
    expect_error([&] { hpg::io::read_matrix<double>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host); },
                 Info::parse_error, path, 0, fragment);
  }
  // Rewrites the stored checksum so that only the structural checks can catch a change.
  std::string with_valid_checksum(std::string b) {
    const std::uint64_t sum = hpg::io::detail::checksum64(b.data(), b.size() - 8);
    std::memcpy(b.data() + b.size() - 8, &sum, 8);
    return b;
  }
  TempDir dir_;
  std::string path_, bytes_;
};

TEST_F(IoErrorsBinary, GoodFileReads) {
  const auto img = hpg::io::read_binary(path_);
  EXPECT_EQ(img.nrows, 50u);
  EXPECT_EQ(img.ncols, 60u);
  EXPECT_EQ(img.type, hpg::TypeCode::fp64);
  EXPECT_EQ(img.value_size, 8u);
  EXPECT_EQ(img.source, path_);
}

TEST_F(IoErrorsBinary, BadMagic) {
  std::string b = bytes_;
  b[0] = 'X';
  expect_binary_error(variant("magic.hpgb", b), "not an HPGraph binary file");
  expect_binary_error(variant("text.hpgb", "0 1\n1 2\n"), "not an HPGraph binary file");
}

TEST_F(IoErrorsBinary, BadVersion) {
  std::string b = bytes_;
  b[8] = 7;
  expect_binary_error(variant("version.hpgb", b), "unsupported binary format version 7 (this build reads version 1)");
}

TEST_F(IoErrorsBinary, Truncated) {
  for (std::size_t keep : {std::size_t(20), std::size_t(48), bytes_.size() / 2, bytes_.size() - 1}) {
    const auto path = variant("cut" + std::to_string(keep) + ".hpgb", bytes_.substr(0, keep));
    expect_binary_error(path, "truncated");
  }
  expect_binary_error(variant("long.hpgb", bytes_ + "xyz"), "unexpected bytes after the checksum");
  const std::string gz = read_bytes(write_gz(dir_, "tmp.hpgb.gz", bytes_.substr(0, bytes_.size() - 40)));
  expect_binary_error(variant("cut.hpgb.gz", gz), "truncated");
}

TEST_F(IoErrorsBinary, BadChecksum) {
  std::string b = bytes_;
  b[b.size() / 2] = static_cast<char>(b[b.size() / 2] ^ 1);
  expect_binary_error(variant("flip.hpgb", b), "checksum mismatch");
  std::string s = bytes_;
  s[s.size() - 1] = static_cast<char>(s[s.size() - 1] ^ 0x80);
  expect_binary_error(variant("sum.hpgb", s), "checksum mismatch");
  expect_binary_error(variant("flip.hpgb.gz", read_bytes(write_gz(dir_, "tmp2.hpgb.gz", b))), "checksum mismatch");
}

TEST_F(IoErrorsBinary, InvalidStructureWithValidChecksum) {
  // col[0] lies right after the header (48 bytes) and ptr (51 * 8).
  std::string b = bytes_;
  const std::uint32_t bad_col = 60;
  std::memcpy(b.data() + 48 + 51 * 8, &bad_col, 4);
  expect_binary_error(variant("col.hpgb", with_valid_checksum(b)), "column 60 in row 0 is outside 0..59");
  // Row 0 holds 8 entries: swapping its first two columns breaks their order.
  std::string o = bytes_;
  std::swap_ranges(o.begin() + 48 + 51 * 8, o.begin() + 48 + 51 * 8 + 4, o.begin() + 48 + 51 * 8 + 4);
  expect_binary_error(variant("order.hpgb", with_valid_checksum(o)), "columns of row 0 are not strictly increasing");
  std::string d = bytes_;
  std::memcpy(d.data() + 48 + 51 * 8 + 4, d.data() + 48 + 51 * 8, 4);
  expect_binary_error(variant("dup.hpgb", with_valid_checksum(d)), "columns of row 0 are not strictly increasing");
  std::string p = bytes_;
  const std::uint64_t bad_ptr = 1000;
  std::memcpy(p.data() + 48 + 8, &bad_ptr, 8);
  expect_binary_error(variant("ptr.hpgb", with_valid_checksum(p)), "invalid matrix");
  std::string t = bytes_;
  t[16] = 99;
  expect_binary_error(variant("type.hpgb", with_valid_checksum(t)), "unknown value type code 99");
}

// Found by fuzz_read_binary: a bool file whose value byte is neither 0 nor 1 (its checksum valid)
// was read into a bool, which is undefined behaviour; it is a damaged file.
TEST_F(IoErrorsBinary, BoolValueByteOtherThanZeroOrOne) {
  hpg::Matrix<bool> m(3, 3, hpg::Backend::host);
  m.build(std::vector<hpg::Index>{0, 1, 2}, std::vector<hpg::Index>{1, 2, 0}, std::vector<bool>{true, false, true});
  const std::string good = dir_.file("bool.hpgb");
  hpg::io::write_matrix(good, m);
  const auto img = hpg::io::read_binary(good);
  ASSERT_EQ(img.type, hpg::TypeCode::boolean);
  EXPECT_EQ(img.values, (std::vector<unsigned char>{1, 0, 1}));
  // The values follow the header (48 bytes), ptr (4 * 8) and col (3 * 4, padded to 16).
  std::string b = read_bytes(good);
  ASSERT_EQ(b[48 + 32 + 16 + 1], 0);
  b[48 + 32 + 16 + 1] = 5;
  const std::string bad = variant("bool5.hpgb", with_valid_checksum(b));
  expect_error([&] { hpg::io::read_binary(bad); }, Info::parse_error, bad, 0, "bool entry 1 is the byte 5, not 0 or 1");
  expect_error([&] { hpg::io::read_matrix<bool>(bad, {}, hpg::no_dup, nullptr, false, hpg::Backend::host); }, Info::parse_error,
               bad, 0, "bool entry 1 is the byte 5");
}

// ---------------------------------------------------------------------------------------------
// Writers
// ---------------------------------------------------------------------------------------------

hpg::Matrix<double> small_matrix() {
  hpg::Matrix<double> m(3, 3, hpg::Backend::host);
  m.build(std::vector<hpg::Index>{0, 1, 2}, std::vector<hpg::Index>{1, 2, 0}, std::vector<double>{1.5, 2.5, 3.5},
          hpg::second<double>{});
  return m;
}

std::size_t temp_files(const TempDir& dir) {
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.file("")))
    if (e.path().filename().string().find(".tmp-") != std::string::npos) ++n;
  return n;
}

TEST(IoErrorsWrite, UnwritablePathIsIoError) {
  TempDir dir;
  const auto m = small_matrix();
  for (const char* name : {"no-such-dir/out.mtx", "no-such-dir/out.hpgb", "no-such-dir/out.mtx.gz"}) {
    const std::string path = dir.file(name);
    expect_error([&] { hpg::io::write_matrix(path, m); }, Info::io_error, path, 0, "No such file or directory");
  }
  const std::string d = dir.file("a-directory.mtx");
  std::filesystem::create_directory(d);
  expect_error([&] { hpg::io::write_matrix(d, m); }, Info::io_error, d, 0, "");
  EXPECT_EQ(temp_files(dir), 0u);
}

TEST(IoErrorsWrite, FailureLeavesTheOldFileInPlace) {
  TempDir dir;
  const auto m = small_matrix();
  for (const char* name : {"keep.mtx", "keep.mtx.gz", "keep.hpgb", "keep.hpgb.gz"}) {
    const std::string path = dir.write(name, "the user's old file");
    const hpg::io::ProgressCallback explode = [](const hpg::io::Progress& p) {
      if (p.done > 0) throw std::runtime_error("interrupted");
    };
    EXPECT_THROW(hpg::io::write_matrix(path, m, hpg::io::Format::automatic, explode), std::runtime_error) << name;
    EXPECT_EQ(read_bytes(path), "the user's old file") << name;
    EXPECT_EQ(temp_files(dir), 0u) << name;
    // And a write that succeeds replaces it.
    hpg::io::write_matrix(path, m);
    EXPECT_NE(read_bytes(path), "the user's old file") << name;
  }
}

TEST(IoErrorsWrite, InconsistentViewIsInvalidValue) {
  TempDir dir;
  const std::vector<std::uint64_t> ptr{0, 2, 1};
  const std::vector<std::uint32_t> col{0, 1};
  hpg::io::MatrixMarketView v;
  v.nrows = 2;
  v.ncols = 2;
  v.ptr = ptr;
  v.col = col;
  const std::string path = dir.file("bad.mtx");
  expect_error([&] { hpg::io::write_matrix_market(path, v); }, Info::invalid_value, path, 0, "");
  hpg::io::BinaryView b;
  b.nrows = 2;
  b.ncols = 2;
  b.ptr = ptr;
  b.col = col;
  b.value_size = 4;  // but no values
  expect_error([&] { hpg::io::write_binary(dir.file("bad.hpgb"), b); }, Info::invalid_value, dir.file("bad.hpgb"), 0, "");
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
