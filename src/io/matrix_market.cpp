// Reading Matrix Market coordinate files (https://math.nist.gov/MatrixMarket/formats.html):
// banner, '%' comments, size line, then one "row column [value]" entry a line, 1-based.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "io/formats.hpp"
#include "io/parallel_parse.hpp"

namespace hpg::io::detail {

namespace {

constexpr Separators seps = Separators::blanks;
constexpr const char* banner_form =
    "\"%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric|skew-symmetric>\"";

enum class Symmetry { general, symmetric, skew };

struct Header {
  ValueMode mode = ValueMode::none;
  Symmetry symmetry = Symmetry::general;
  Index nrows = 0, ncols = 0;
  std::uint64_t nnz = 0;
  const char* size_line = nullptr;
  const char* data = nullptr;  // the first byte after the size line
};

std::vector<std::string_view> split_fields(const char* p, const char* e) {
  std::vector<std::string_view> fields;
  for (p = skip_separators<seps>(p, e); p < e;) {
    const char* q = field_end<seps>(p, e);
    fields.emplace_back(p, static_cast<std::size_t>(q - p));
    p = skip_separators<seps>(q, e);
  }
  return fields;
}

std::string quoted(std::string_view s) {
  std::string q(1, '"');  // built up rather than "\"" + s: GCC 12 warns falsely (-Wrestrict) on that
  q += s;
  q += '"';
  return q;
}

ValueMode parse_field(std::string_view w, const char* at) {
  if (equals_lower(w, "real") || equals_lower(w, "double")) return ValueMode::real;
  if (equals_lower(w, "integer")) return ValueMode::integer;
  if (equals_lower(w, "pattern")) return ValueMode::none;
  if (equals_lower(w, "complex")) fail(at, "complex not supported (field \"complex\" in the banner)");
  fail(at, "unknown field " + quoted(w) + " in the banner (expected real, integer or pattern)");
}

Symmetry parse_symmetry(std::string_view w, const char* at) {
  if (equals_lower(w, "general")) return Symmetry::general;
  if (equals_lower(w, "symmetric")) return Symmetry::symmetric;
  if (equals_lower(w, "skew-symmetric")) return Symmetry::skew;
  if (equals_lower(w, "hermitian")) fail(at, "hermitian matrices are not supported (complex values are not supported)");
  fail(at, "unknown symmetry " + quoted(w) + " in the banner (expected general, symmetric or skew-symmetric)");
}

// The banner is case-insensitive (the spec's own examples mix cases).
void parse_banner(const TextFile& f, Header& h) {
  const char* le = line_end(f.begin, f.end);
  const auto w = split_fields(f.begin, le);
  if (w.empty() || !equals_lower(w[0], "%%matrixmarket"))
    fail(f.begin, std::string("missing Matrix Market banner: the first line must be ") + banner_form);
  if (w.size() != 5) fail(f.begin, std::string("malformed Matrix Market banner; expected ") + banner_form);
  if (!equals_lower(w[1], "matrix")) fail(f.begin, "object " + quoted(w[1]) + " is not supported (only \"matrix\")");
  if (equals_lower(w[2], "array")) fail(f.begin, "array format not supported (only \"coordinate\")");
  if (!equals_lower(w[2], "coordinate"))
    fail(f.begin, "unknown format " + quoted(w[2]) + " in the banner (expected \"coordinate\")");
  h.mode = parse_field(w[3], f.begin);
  h.symmetry = parse_symmetry(w[4], f.begin);
  if (h.symmetry == Symmetry::skew && h.mode == ValueMode::none)
    fail(f.begin, "a skew-symmetric matrix needs values (pattern skew-symmetric is not valid)");
}

std::uint64_t parse_size(const char*& p, const char* le, const char* line, const char* what, std::uint64_t limit) {
  p = skip_separators<seps>(p, le);
  if (p == le) fail(line, "bad size line: expected \"<rows> <columns> <entries>\"");
  std::uint64_t v;
  const char* start = p;
  p = scan_index<seps>(p, le, v, what);
  if (v > limit) fail(start, std::string(what) + " " + std::to_string(v) + " exceeds the largest supported (" + std::to_string(limit) + ")");
  return v;
}

// Comment and blank lines may come between the banner and the size line.
void parse_size_line(const TextFile& f, Header& h) {
  const char* p = line_end(f.begin, f.end);
  for (; p < f.end; p = line_end(p, f.end)) {
    const char* line = ++p;
    const char* le = line_end(line, f.end);
    const char* s = skip_separators<seps>(line, le);
    if (s == le || *s == '%') continue;
    h.size_line = s;
    h.nrows = parse_size(s, le, line, "number of rows", max_dimension);
    h.ncols = parse_size(s, le, line, "number of columns", max_dimension);
    h.nnz = parse_size(s, le, line, "number of entries", std::numeric_limits<std::uint64_t>::max());
    if (skip_separators<seps>(s, le) != le) fail(line, "bad size line: expected \"<rows> <columns> <entries>\"");
    if (h.symmetry != Symmetry::general && h.nrows != h.ncols)
      fail(line, "a symmetric or skew-symmetric matrix must be square, not " + std::to_string(h.nrows) + " x " +
                     std::to_string(h.ncols));
    h.data = next_line(le, f.end);
    return;
  }
  fail(f.last_byte(), "missing size line \"<rows> <columns> <entries>\" after the banner");
}

Header parse_header(const TextFile& f) {
  Header h;
  parse_banner(f, h);
  parse_size_line(f, h);
  return h;
}

[[noreturn]] void fail_too_few_fields(const char* line, const char* le, ValueMode mode) {
  const bool values = mode != ValueMode::none;
  fail(line, "too few fields: expected " + std::string(values ? "3 (row column value)" : "2 (row column)") + ", found " +
                 std::to_string(count_fields<seps>(line, le)));
}

[[noreturn]] void fail_index(const char* at, const char* what, std::uint64_t v, Index n) {
  fail(at, std::string(what) + " " + std::to_string(v) + " is outside 1.." + std::to_string(n));
}

bool is_entry_line(const char* p, const char* le) {
  const char* s = skip_separators<seps>(p, le);
  return s < le && *s != '%';
}

struct ChunkParser {
  const Header& h;
  Tuples& t;
  std::vector<Chunk>& chunks;
  std::vector<std::size_t>& offdiagonal;

  void operator()(std::size_t ci) const {
    Chunk& c = chunks[ci];
    std::uint32_t* rows = t.rows.data() + c.out;
    std::uint32_t* cols = t.cols.data() + c.out;
    std::int64_t* iv = t.ivals.empty() ? nullptr : t.ivals.data() + c.out;
    double* rv = t.rvals.empty() ? nullptr : t.rvals.data() + c.out;
    std::size_t k = 0, off = 0;
    for (const char *p = c.begin, *le; p < c.end; p = next_line(le, c.end)) {
      le = line_end(p, c.end);
      const char* s = skip_separators<seps>(p, le);
      if (s == le || *s == '%') continue;
      std::uint64_t i, j;
      const char* q = scan_index<seps>(s, le, i, "row index");
      if ((q = skip_separators<seps>(q, le)) == le) fail_too_few_fields(s, le, h.mode);
      const char* jat = q;
      q = scan_index<seps>(q, le, j, "column index");
      if (i - 1 >= h.nrows) fail_index(s, "row index", i, h.nrows);
      if (j - 1 >= h.ncols) fail_index(jat, "column index", j, h.ncols);
      if (h.mode != ValueMode::none) {
        if ((q = skip_separators<seps>(q, le)) == le) fail_too_few_fields(s, le, h.mode);
        scan_value<seps>(h.mode, q, le, iv, rv, k, c.values, "value");
      }
      if (i != j) {
        ++off;
      } else if (h.symmetry == Symmetry::skew) {
        fail(s, "diagonal entry (" + std::to_string(i) + ", " + std::to_string(j) +
                    ") in a skew-symmetric matrix (its diagonal is zero and must not be stored)");
      }
      if (h.symmetry == Symmetry::skew && h.mode == ValueMode::integer &&
          (c.values.first_above_int64 || iv[k] == std::numeric_limits<std::int64_t>::min()))
        fail(q, "value cannot be negated in 64 bits for the mirrored entry of a skew-symmetric matrix");
      rows[k] = static_cast<std::uint32_t>(i - 1);
      cols[k] = static_cast<std::uint32_t>(j - 1);
      ++k;
    }
    c.count = k;
    offdiagonal[ci] = off;
  }
};

// Only on failure: where the entry after the last declared one is.
const char* locate_entry(const std::vector<Chunk>& chunks, std::size_t index) {
  for (const Chunk& c : chunks) {
    if (index >= c.out + c.count) continue;
    std::size_t k = c.out;
    for (const char *p = c.begin, *le; p < c.end; p = next_line(le, c.end)) {
      le = line_end(p, c.end);
      if (is_entry_line(p, le) && k++ == index) return p;
    }
  }
  return nullptr;
}

void check_entry_count(const TextFile& f, const Header& h, const std::vector<Chunk>& chunks, std::size_t n) {
  const std::string declared = std::to_string(h.nnz);
  const std::string size_line = "line " + std::to_string(f.line_of(h.size_line));
  if (n > h.nnz)
    fail(locate_entry(chunks, h.nnz), "more entries than the " + declared + " declared in the size line (" + size_line + ")");
  if (n < h.nnz)
    fail(f.last_byte(), "the file ends after " + std::to_string(n) + " of the " + declared +
                            " entries declared in the size line (" + size_line + "); is it truncated?");
}

// Symmetric files store one triangle: each off-diagonal (i, j) also stands for (j, i), negated
// when skew-symmetric. The mirrors go after all stored entries, chunk by chunk in parallel.
void add_mirrors(Tuples& t, const Header& h, const std::vector<Chunk>& chunks, const std::vector<std::size_t>& offdiagonal) {
  const std::size_t n = t.rows.size();
  std::vector<std::size_t> at(chunks.size());
  std::size_t total = n;
  for (std::size_t ci = 0; ci < chunks.size(); ++ci) {
    at[ci] = total;
    total += offdiagonal[ci];
  }
  const ValueMode mode = t.kind == ValueKind::real ? ValueMode::real
                         : t.kind == ValueKind::integer ? ValueMode::integer
                                                        : ValueMode::none;
  resize_entries(t, mode, total);
  const bool negate = h.symmetry == Symmetry::skew;
  run_parallel(chunks.size(), [&](std::size_t ci) {
    std::size_t m = at[ci];
    for (std::size_t k = chunks[ci].out; k < chunks[ci].out + chunks[ci].count; ++k) {
      if (t.rows[k] == t.cols[k]) continue;
      t.rows[m] = t.cols[k];
      t.cols[m] = t.rows[k];
      if (mode == ValueMode::real) t.rvals[m] = negate ? -t.rvals[k] : t.rvals[k];
      if (mode == ValueMode::integer) t.ivals[m] = negate ? -t.ivals[k] : t.ivals[k];
      ++m;
    }
  });
}

Tuples parse(const TextFile& f, const ReadOptions& options) {
  const Header h = parse_header(f);
  Tuples t;
  t.source = f.path;
  t.format = Format::matrix_market;
  t.nrows = h.nrows;
  t.ncols = h.ncols;
  std::vector<Chunk> chunks = split_lines(h.data, f.end, options.threads);
  resize_entries(t, h.mode, assign_slots(chunks));
  std::vector<std::size_t> offdiagonal(chunks.size(), 0);
  parse_chunks(chunks, ChunkParser{h, t, chunks, offdiagonal});
  const std::size_t n = compact_entries(t, h.mode, chunks);
  check_entry_count(f, h, chunks, n);
  finish_values(t, h.mode, chunks);
  t.lines = n;
  if (h.symmetry != Symmetry::general) add_mirrors(t, h, chunks, offdiagonal);
  return t;
}

}  // namespace

Tuples parse_matrix_market(const TextFile& file, const ReadOptions& options) {
  try {
    return parse(file, options);
  } catch (const ParseFailure& f) {
    file.raise(f);
  }
}

}  // namespace hpg::io::detail
