// Reading the text graph formats: Matrix Market, edge lists, DIMACS .gr; gzip, format detection,
// parallel parsing and progress.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "hpgraph/io.hpp"
#include "io/output_file.hpp"
#include "test_support.hpp"

namespace {

using hpg::io::Format;
using hpg::io::ReadOptions;
using hpg::io::Tuples;
using hpg::io::ValueKind;
using hpg::test::TempDir;

ReadOptions threads(unsigned n) {
  ReadOptions o;
  o.threads = n;
  return o;
}

// Writes text gzipped (through the library's writer; the real-data test reads files that gzip made).
std::string write_gz(const TempDir& dir, const std::string& name, const std::string& text) {
  hpg::io::detail::OutputFile out(dir.file(name));
  out.write(text.data(), text.size());
  out.commit();
  return dir.file(name);
}

using Entry = std::tuple<std::uint32_t, std::uint32_t>;
std::vector<Entry> entries(const Tuples& t) {
  std::vector<Entry> e;
  for (std::size_t k = 0; k < t.rows.size(); ++k) e.emplace_back(t.rows[k], t.cols[k]);
  return e;
}

// ---------------------------------------------------------------------------------------------
// Matrix Market
// ---------------------------------------------------------------------------------------------

TEST(IoMatrixMarket, GeneralRealIsZeroBased) {
  TempDir dir;
  const auto path = dir.write("a.mtx",
                              "%%MatrixMarket matrix coordinate real general\n"
                              "% a comment\n"
                              "%another\n"
                              "3 4 3\n"
                              "1 1 1.5\n"
                              "3 4 -2e3\n"
                              "2 3 +7\n");
  const Tuples t = hpg::io::read_tuples(path);
  EXPECT_EQ(t.format, Format::matrix_market);
  EXPECT_EQ(t.source, path);
  EXPECT_EQ(t.nrows, 3u);
  EXPECT_EQ(t.ncols, 4u);
  EXPECT_EQ(t.kind, ValueKind::real);
  EXPECT_EQ(t.lines, 3u);
  EXPECT_EQ(entries(t), (std::vector<Entry>{{0, 0}, {2, 3}, {1, 2}}));
  EXPECT_EQ(t.rvals, (std::vector<double>{1.5, -2000.0, 7.0}));
  EXPECT_TRUE(t.ivals.empty());
}

TEST(IoMatrixMarket, IntegerAndPatternFields) {
  TempDir dir;
  const Tuples ti = hpg::io::read_tuples(dir.write("i.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 -9223372036854775808\n2 1 9223372036854775807\n"));
  EXPECT_EQ(ti.kind, ValueKind::integer);
  EXPECT_FALSE(ti.unsigned_values);
  EXPECT_EQ(ti.ivals, (std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}));

  const Tuples tu = hpg::io::read_tuples(dir.write("u.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 18446744073709551615\n2 1 5\n"));
  EXPECT_TRUE(tu.unsigned_values);
  EXPECT_EQ(static_cast<std::uint64_t>(tu.ivals[0]), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(tu.ivals[1], 5);

  const Tuples tp = hpg::io::read_tuples(dir.write("p.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n2 1\n"));
  EXPECT_EQ(tp.kind, ValueKind::pattern);
  EXPECT_TRUE(tp.ivals.empty());
  EXPECT_TRUE(tp.rvals.empty());
  EXPECT_EQ(entries(tp), (std::vector<Entry>{{0, 1}, {1, 0}}));
}

TEST(IoMatrixMarket, BannerIsCaseInsensitive) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("c.mtx", "%%matrixmarket MATRIX Coordinate Pattern SYMMETRIC\n2 2 1\n2 1\n"));
  EXPECT_EQ(t.kind, ValueKind::pattern);
  EXPECT_EQ(t.rows.size(), 2u);
}

TEST(IoMatrixMarket, SymmetricAddsMirrorsDiagonalOnce) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("s.mtx",
                                                  "%%MatrixMarket matrix coordinate real symmetric\n"
                                                  "3 3 3\n"
                                                  "1 1 4\n"
                                                  "2 1 5\n"
                                                  "3 2 6\n"));
  EXPECT_EQ(t.lines, 3u);
  ASSERT_EQ(t.rows.size(), 5u);
  std::set<std::tuple<std::uint32_t, std::uint32_t, double>> got;
  for (std::size_t k = 0; k < t.rows.size(); ++k) got.emplace(t.rows[k], t.cols[k], t.rvals[k]);
  EXPECT_EQ(got, (std::set<std::tuple<std::uint32_t, std::uint32_t, double>>{{0, 0, 4}, {1, 0, 5}, {0, 1, 5}, {2, 1, 6}, {1, 2, 6}}));
}

TEST(IoMatrixMarket, SkewSymmetricNegatesMirrors) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("k.mtx",
                                                  "%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                                                  "3 3 2\n"
                                                  "2 1 5\n"
                                                  "3 1 -7\n"));
  ASSERT_EQ(t.rows.size(), 4u);
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::int64_t>> got;
  for (std::size_t k = 0; k < t.rows.size(); ++k) got.emplace(t.rows[k], t.cols[k], t.ivals[k]);
  EXPECT_EQ(got, (std::set<std::tuple<std::uint32_t, std::uint32_t, std::int64_t>>{{1, 0, 5}, {0, 1, -5}, {2, 0, -7}, {0, 2, 7}}));
}

TEST(IoMatrixMarket, BlankLinesCrlfAndCommentsBetweenEntries) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("b.mtx",
                                                  "%%MatrixMarket matrix coordinate real general\r\n"
                                                  "\r\n"
                                                  "2 2 2\r\n"
                                                  "1 1 0.25\r\n"
                                                  "\r\n"
                                                  "% late comment\r\n"
                                                  "  2\t2   0.5  \r\n"));
  EXPECT_EQ(entries(t), (std::vector<Entry>{{0, 0}, {1, 1}}));
  EXPECT_EQ(t.rvals, (std::vector<double>{0.25, 0.5}));
  EXPECT_EQ(t.lines, 2u);
}

TEST(IoMatrixMarket, EmptyMatrixAndNoFinalNewline) {
  TempDir dir;
  const Tuples e = hpg::io::read_tuples(dir.write("e.mtx", "%%MatrixMarket matrix coordinate real general\n5 6 0"));
  EXPECT_EQ(e.nrows, 5u);
  EXPECT_EQ(e.ncols, 6u);
  EXPECT_TRUE(e.rows.empty());
  const Tuples t = hpg::io::read_tuples(dir.write("n.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 3.5"));
  EXPECT_EQ(entries(t), (std::vector<Entry>{{1, 0}}));
}

TEST(IoMatrixMarket, GzipRecognizedByMagicNotExtension) {
  TempDir dir;
  const std::string text = "%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 2 42\n";
  // Named .mtx but gzipped, and named .gz but holding Matrix Market: both read.
  hpg::io::detail::OutputFile out(dir.file("x.gz"));
  out.write(text.data(), text.size());
  out.commit();
  std::filesystem::rename(dir.file("x.gz"), dir.file("disguised.mtx"));
  const Tuples t = hpg::io::read_tuples(dir.file("disguised.mtx"));
  EXPECT_EQ(t.ivals, (std::vector<std::int64_t>{42}));
  const Tuples g = hpg::io::read_tuples(write_gz(dir, "m.mtx.gz", text));
  EXPECT_EQ(g.ivals, (std::vector<std::int64_t>{42}));
}

// A file large enough to be split into several chunks, with comment and blank lines scattered
// through it: every thread count gives the same tuples in file order.
std::string big_mtx(std::size_t n, const char* field) {
  std::ostringstream s;
  s << "%%MatrixMarket matrix coordinate " << field << " general\n1000 1000 " << n << "\n";
  std::mt19937_64 rng(7);
  for (std::size_t k = 0; k < n; ++k) {
    if (k % 977 == 0) s << "% comment " << k << "\n";
    if (k % 1409 == 0) s << "\n";
    s << rng() % 1000 + 1 << ' ' << rng() % 1000 + 1;
    if (field == std::string("real")) s << ' ' << double(rng() % 100000) / 7.0;
    if (field == std::string("integer")) s << ' ' << static_cast<std::int64_t>(rng());
    s << '\n';
  }
  return s.str();
}

TEST(IoMatrixMarket, ParallelParseMatchesSequential) {
  TempDir dir;
  for (const char* field : {"real", "integer", "pattern"}) {
    const auto path = dir.write(std::string("big-") + field + ".mtx", big_mtx(120000, field));
    const Tuples one = hpg::io::read_tuples(path, threads(1));
    EXPECT_EQ(one.lines, 120000u);
    for (unsigned th : {2u, 3u, 8u}) {
      const Tuples many = hpg::io::read_tuples(path, threads(th));
      EXPECT_EQ(many.rows, one.rows) << field << " " << th;
      EXPECT_EQ(many.cols, one.cols) << field << " " << th;
      EXPECT_EQ(many.ivals, one.ivals) << field << " " << th;
      EXPECT_EQ(many.rvals, one.rvals) << field << " " << th;
      EXPECT_EQ(many.lines, one.lines);
    }
  }
}

TEST(IoMatrixMarket, ProgressIsReportedOnTheCallingThread) {
  TempDir dir;
  const auto path = write_gz(dir, "p.mtx.gz", big_mtx(60000, "real"));
  std::vector<std::string> stages;
  bool other_thread = false;
  const auto me = std::this_thread::get_id();
  ReadOptions o = threads(4);
  hpg::io::Progress last;
  o.progress = [&](const hpg::io::Progress& p) {
    if (std::this_thread::get_id() != me) other_thread = true;
    if (stages.empty() || stages.back() != p.stage) stages.emplace_back(p.stage);
    last = p;
  };
  (void)hpg::io::read_tuples(path, o);
  EXPECT_FALSE(other_thread);
  EXPECT_EQ(stages, (std::vector<std::string>{"decompress", "parse"}));
  EXPECT_EQ(last.done, last.total);
  EXPECT_GT(last.total, 0u);
}

// ---------------------------------------------------------------------------------------------
// Edge lists
// ---------------------------------------------------------------------------------------------

TEST(IoEdgeList, WhitespaceAndCommasHeaderAndComments) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("g.csv",
                                                  "# a comment\n"
                                                  "% another\n"
                                                  "src,dst,weight\n"
                                                  "0, 1, 5\n"
                                                  "\n"
                                                  "2\t3 7\n"
                                                  "4 ,9,, -2\n"
                                                  "# late comment\n"
                                                  "1 0 8 extra columns ignored\n"));
  EXPECT_EQ(t.format, Format::edge_list);
  EXPECT_EQ(t.nrows, 10u);
  EXPECT_EQ(t.ncols, 10u);
  EXPECT_EQ(t.lines, 4u);
  EXPECT_EQ(t.kind, ValueKind::integer);
  EXPECT_EQ(entries(t), (std::vector<Entry>{{0, 1}, {2, 3}, {4, 9}, {1, 0}}));
  EXPECT_EQ(t.ivals, (std::vector<std::int64_t>{5, 7, -2, 8}));
}

TEST(IoEdgeList, SnapHeaderWordsArePattern) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("g.txt", "FromNodeId\tToNodeId\n3\t0\n0\t3\n"));
  EXPECT_EQ(t.kind, ValueKind::pattern);
  EXPECT_EQ(t.nrows, 4u);
  EXPECT_EQ(entries(t), (std::vector<Entry>{{3, 0}, {0, 3}}));
}

TEST(IoEdgeList, FirstDataLineDecidesWeights) {
  TempDir dir;
  // Two fields first: pattern, and a later third column is ignored.
  const Tuples p = hpg::io::read_tuples(dir.write("p.el", "0 1\n1 2 9\n"));
  EXPECT_EQ(p.kind, ValueKind::pattern);
  EXPECT_EQ(p.rows.size(), 2u);
  // One non-integer weight makes every weight real.
  const Tuples r = hpg::io::read_tuples(dir.write("r.wel", "0 1 3\n1 2 0.5\n2 0 -4\n"));
  EXPECT_EQ(r.kind, ValueKind::real);
  EXPECT_TRUE(r.ivals.empty());
  EXPECT_EQ(r.rvals, (std::vector<double>{3.0, 0.5, -4.0}));
}

TEST(IoEdgeList, ConcatenatedGzipMembers) {
  TempDir dir;
  // `cat a.gz b.gz > c.gz` makes a valid gzip file of two members.
  std::string both;
  for (const char* part : {"# part one\n0 1\n", "5 2\n"}) {
    std::ifstream in(write_gz(dir, "part.gz", part), std::ios::binary);
    both += std::string(std::istreambuf_iterator<char>(in), {});
  }
  const Tuples t = hpg::io::read_tuples(dir.write("both.txt.gz", both));
  EXPECT_EQ(entries(t), (std::vector<Entry>{{0, 1}, {5, 2}}));
  EXPECT_EQ(t.nrows, 6u);
}

TEST(IoEdgeList, EmptyListIsZeroByZero) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("e.tsv", "# nothing here\n"));
  EXPECT_EQ(t.nrows, 0u);
  EXPECT_EQ(t.ncols, 0u);
  EXPECT_TRUE(t.rows.empty());
}

TEST(IoEdgeList, ParallelRealWeightInALaterChunkMakesAllReal) {
  TempDir dir;
  std::ostringstream s;
  s << "# big\n";
  const std::size_t n = 200000;
  for (std::size_t k = 0; k < n; ++k) s << k % 5000 << ',' << (k * 7) % 6000 << ',' << (k == n - 3 ? std::string("2.5") : std::to_string(k)) << '\n';
  const auto path = dir.write("big.csv", s.str());
  const Tuples one = hpg::io::read_tuples(path, threads(1));
  const Tuples four = hpg::io::read_tuples(path, threads(4));
  ASSERT_EQ(one.kind, ValueKind::real);
  ASSERT_EQ(four.kind, ValueKind::real);
  EXPECT_EQ(four.rvals, one.rvals);
  EXPECT_EQ(four.rows, one.rows);
  EXPECT_EQ(four.nrows, 6000u);
  EXPECT_EQ(four.rvals[0], 0.0);
  EXPECT_EQ(four.rvals[n - 3], 2.5);
  EXPECT_EQ(four.rvals[n - 1], double(n - 1));
}

TEST(IoEdgeList, ReadMatrixUndirectedAddsReverseEdges) {
  TempDir dir;
  const auto path = dir.write("u.txt", "0 1 4\n1 2 6\n2 1 5\n");
  hpg::io::ReadStats stats;
  auto m = hpg::io::read_matrix<std::int32_t>(path, {}, hpg::min<std::int32_t>{}, &stats, true, hpg::Backend::host);
  EXPECT_EQ(m.nrows(), 3u);
  EXPECT_EQ(m.nvals(), 4u);
  EXPECT_EQ(stats.tuples, 6u);
  EXPECT_EQ(stats.duplicates_combined, 2u);
  EXPECT_EQ(m.extract_element(1, 0), 4);
  EXPECT_EQ(m.extract_element(1, 2), 5);  // min of 6 and 5
  EXPECT_EQ(m.extract_element(2, 1), 5);
}

// ---------------------------------------------------------------------------------------------
// DIMACS
// ---------------------------------------------------------------------------------------------

TEST(IoDimacs, ArcsAreZeroBased) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(dir.write("g.gr",
                                                  "c 9th DIMACS challenge\n"
                                                  "c\n"
                                                  "p sp 4 3\n"
                                                  "c arcs\n"
                                                  "a 1 2 10\n"
                                                  "a 4 1 3\n"
                                                  "a 2 3 0\n"));
  EXPECT_EQ(t.format, Format::dimacs);
  EXPECT_EQ(t.nrows, 4u);
  EXPECT_EQ(t.ncols, 4u);
  EXPECT_EQ(t.kind, ValueKind::integer);
  EXPECT_EQ(t.lines, 3u);
  EXPECT_EQ(entries(t), (std::vector<Entry>{{0, 1}, {3, 0}, {1, 2}}));
  EXPECT_EQ(t.ivals, (std::vector<std::int64_t>{10, 3, 0}));
}

TEST(IoDimacs, RealWeightsAndGzip) {
  TempDir dir;
  const Tuples t = hpg::io::read_tuples(write_gz(dir, "g.gr.gz", "p sp 2 2\na 1 2 1.25\na 2 1 2\n"));
  EXPECT_EQ(t.kind, ValueKind::real);
  EXPECT_EQ(t.rvals, (std::vector<double>{1.25, 2.0}));
  auto m = hpg::io::read_matrix<double>(dir.file("g.gr.gz"), {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
  EXPECT_EQ(m.extract_element(0, 1), 1.25);
}

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

TEST(IoFormat, FromExtension) {
  using hpg::io::format_from_extension;
  EXPECT_EQ(format_from_extension("a/b.mtx"), Format::matrix_market);
  EXPECT_EQ(format_from_extension("b.MTX.GZ"), Format::matrix_market);
  for (const char* p : {"x.txt", "x.tsv", "x.csv", "x.el", "x.wel", "x.edges", "x.csv.gz"})
    EXPECT_EQ(format_from_extension(p), Format::edge_list) << p;
  EXPECT_EQ(format_from_extension("road.gr"), Format::dimacs);
  EXPECT_EQ(format_from_extension("g.hpgb.gz"), Format::binary);
  EXPECT_EQ(format_from_extension("dir.mtx/graph"), Format::automatic);
  EXPECT_EQ(format_from_extension("graph.gz"), Format::automatic);
  EXPECT_EQ(format_from_extension("graph.dat"), Format::automatic);
}

TEST(IoFormat, ParseAndPrintNames) {
  for (Format f : {Format::automatic, Format::matrix_market, Format::edge_list, Format::dimacs, Format::binary})
    EXPECT_EQ(hpg::io::parse_format(hpg::io::to_string(f)), f);
  EXPECT_EQ(hpg::io::parse_format("edgelist"), Format::edge_list);
  EXPECT_EQ(hpg::io::parse_format("gr"), Format::dimacs);
  try {
    hpg::io::parse_format("xml");
    FAIL() << "no error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
    EXPECT_NE(std::string(e.what()).find("xml"), std::string::npos);
  }
}

TEST(IoFormat, DetectByContentFirst) {
  TempDir dir;
  EXPECT_EQ(hpg::io::detect_format(dir.write("banner.txt", "%%MatrixMarket matrix coordinate real general\n1 1 0\n")),
            Format::matrix_market);
  EXPECT_EQ(hpg::io::detect_format(write_gz(dir, "graph.gz", "%%MatrixMarket matrix coordinate real general\n1 1 0\n")),
            Format::matrix_market);
  EXPECT_EQ(hpg::io::detect_format(dir.write("road", "c comment\np sp 1 0\n")), Format::dimacs);
  EXPECT_EQ(hpg::io::detect_format(dir.write("edges", "0 1\n")), Format::edge_list);
  EXPECT_EQ(hpg::io::detect_format(dir.write("edges.gr", "0 1\n")), Format::dimacs);  // the extension wins over a guess
  EXPECT_EQ(hpg::io::detect_format(dir.write("bin.dat", std::string("HPGRAPH\0\1\0\0\0", 12))), Format::binary);
  // read_tuples detects the same way, and an explicit format overrides.
  const Tuples t = hpg::io::read_tuples(dir.file("banner.txt"));
  EXPECT_EQ(t.format, Format::matrix_market);
  ReadOptions o;
  o.format = Format::edge_list;
  EXPECT_EQ(hpg::io::read_tuples(dir.write("m.mtx", "0 1\n"), o).format, Format::edge_list);
}

TEST(IoFormat, ReadTuplesRefusesBinary) {
  TempDir dir;
  hpg::Matrix<int> m(2, 2, hpg::Backend::host);
  hpg::io::write_matrix(dir.file("m.hpgb"), m);
  try {
    hpg::io::read_tuples(dir.file("m.hpgb"));
    FAIL() << "no error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_value);
    EXPECT_NE(std::string(e.what()).find("m.hpgb"), std::string::npos);
  }
}

}  // namespace

namespace {

// --undirected adds the reverse of every entry but a self-loop, which is its own reverse: with
// dup = plus a self-loop's weight must not double, while u->v and v->u given both ways add up.
TEST(IoUndirected, SelfLoopsAreNotDoubled) {
  hpg::test::TempDir dir;
  const auto path = dir.write("loops.txt", "0 0 5\n0 1 2\n1 0 3\n2 1 7\n");
  for (bool binary : {false, true}) {
    std::string src = path;
    if (binary) {
      auto m = hpg::io::read_matrix<std::int64_t>(path, {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
      src = dir.file("loops.hpgb");
      hpg::io::write_matrix(src, m);
    }
    auto m = hpg::io::read_matrix<std::int64_t>(src, {}, hpg::plus<std::int64_t>{}, nullptr, true, hpg::Backend::host);
    EXPECT_EQ(m.extract_element(0, 0).value(), 5) << (binary ? "binary" : "text");
    EXPECT_EQ(m.extract_element(0, 1).value(), 5);  // 2 + 3
    EXPECT_EQ(m.extract_element(1, 0).value(), 5);
    EXPECT_EQ(m.extract_element(1, 2).value(), 7);
    EXPECT_EQ(m.nvals(), 5u);
  }
}

}  // namespace

namespace {

// The read-only text formats round-trip through the two written ones: read, write (.mtx and
// .hpgb), read again: the same tuples.
TEST(IoRoundTripText, EdgeListAndDimacsThroughWrittenFormats) {
  hpg::test::TempDir dir;
  const auto el = dir.write("g.wel", "# weighted\n0 3 2.5\n3 1 -1\n2 2 4\n1,0,7\n");
  const auto gr = dir.write("g.gr", "c dimacs\np sp 4 4\na 1 4 25\na 4 2 1\na 3 3 4\na 2 1 7\n");
  for (const std::string& src : {el, gr}) {
    SCOPED_TRACE(src);
    auto m = hpg::io::read_matrix<double>(src, {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
    EXPECT_EQ(m.nvals(), 4u);
    std::vector<hpg::Index> r0, c0, r1, c1;
    std::vector<double> v0, v1;
    m.extract_tuples(r0, c0, v0);
    for (const char* ext : {"back.mtx", "back.mtx.gz", "back.hpgb"}) {
      hpg::io::write_matrix(dir.file(ext), m);
      auto back = hpg::io::read_matrix<double>(dir.file(ext), {}, hpg::no_dup, nullptr, false, hpg::Backend::host);
      back.extract_tuples(r1, c1, v1);
      EXPECT_EQ(r0, r1) << ext;
      EXPECT_EQ(c0, c1) << ext;
      EXPECT_EQ(v0, v1) << ext;
      EXPECT_EQ(back.nrows(), m.nrows());
    }
  }
}

}  // namespace
