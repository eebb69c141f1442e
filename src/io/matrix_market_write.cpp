// Writing Matrix Market coordinate files: general symmetry, 1-based, one entry a line, reals in
// the shortest text that reads back to the same value.
#include <charconv>
#include <string>
#include <string_view>

#include "hpgraph/error.hpp"
#include "hpgraph/io_files.hpp"
#include "io/output_file.hpp"

namespace hpg::io {

namespace {

constexpr std::size_t flush_bytes = std::size_t(1) << 20;
constexpr std::size_t longest_line = 128;  // two 20-digit indices and a 24-character real, with room
constexpr std::size_t entries_per_report = std::size_t(1) << 22;

[[noreturn]] void invalid(const std::string& path, const std::string& what) {
  hpg::detail::throw_error(Info::invalid_value, "write_matrix_market(" + path + "): " + what);
}

void check_view(const std::string& path, const MatrixMarketView& m) {
  if (m.nrows > max_dimension || m.ncols > max_dimension) invalid(path, "dimensions exceed the largest supported");
  if (m.ptr.size() != m.nrows + 1) invalid(path, "ptr must hold nrows + 1 offsets");
  const std::uint64_t nvals = m.ptr[m.nrows];
  if (m.ptr[0] != 0 || m.col.size() != nvals) invalid(path, "ptr and col disagree on the number of entries");
  for (Index i = 0; i < m.nrows; ++i)
    if (m.ptr[i] > m.ptr[i + 1]) invalid(path, "ptr decreases at row " + std::to_string(i));
  if (m.kind == ValueKind::integer && m.ivals.size() != nvals) invalid(path, "ivals must hold one value per entry");
  if (m.kind == ValueKind::real && m.rvals.size() != nvals) invalid(path, "rvals must hold one value per entry");
}

std::string_view field_name(ValueKind k) {
  switch (k) {
    case ValueKind::pattern: return "pattern";
    case ValueKind::integer: return "integer";
    case ValueKind::real: return "real";
  }
  return "real";
}

// Lines are formatted into a buffer that is handed to the file a megabyte at a time.
class LineBuffer {
 public:
  explicit LineBuffer(detail::OutputFile& out) : out_(out) { buf_.resize(flush_bytes + longest_line); }
  void text(std::string_view s) {
    for (char c : s) {
      buf_[n_++] = c;
      if (n_ == buf_.size()) flush();
    }
  }
  template <class V>
  void number(V v) {
    n_ = static_cast<std::size_t>(std::to_chars(buf_.data() + n_, buf_.data() + buf_.size(), v).ptr - buf_.data());
  }
  void put(char c) { buf_[n_++] = c; }
  void end_line() {
    buf_[n_++] = '\n';
    if (n_ >= flush_bytes) flush();
  }
  void flush() {
    out_.write(buf_.data(), n_);
    n_ = 0;
  }

 private:
  detail::OutputFile& out_;
  std::string buf_;
  std::size_t n_ = 0;
};

void write_header(LineBuffer& b, const MatrixMarketView& m) {
  b.text("%%MatrixMarket matrix coordinate ");
  b.text(field_name(m.kind));
  b.text(" general\n");
  std::string_view rest = m.comment;
  while (!rest.empty()) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    if (line.empty() || line[0] != '%') b.put('%');
    b.text(line);
    b.text("\n");
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  b.number(m.nrows);
  b.put(' ');
  b.number(m.ncols);
  b.put(' ');
  b.number(m.ptr[m.nrows]);
  b.end_line();
}

void write_value(LineBuffer& b, const MatrixMarketView& m, std::size_t k) {
  b.put(' ');
  if (m.kind == ValueKind::integer) {
    if (m.unsigned_values) b.number(static_cast<std::uint64_t>(m.ivals[k]));
    else b.number(m.ivals[k]);
  } else if (m.single_precision) {
    b.number(static_cast<float>(m.rvals[k]));
  } else {
    b.number(m.rvals[k]);
  }
}

}  // namespace

void write_matrix_market(const std::string& path, const MatrixMarketView& m, const ProgressCallback& progress) {
  check_view(path, m);
  const std::uint64_t nvals = m.ptr[m.nrows];
  detail::OutputFile out(path);
  LineBuffer b(out);
  write_header(b, m);
  // Progress counts entries: the file's length in bytes is known only once it is written.
  if (progress) progress({"write", 0, nvals});
  for (Index i = 0; i < m.nrows; ++i) {
    for (std::uint64_t k = m.ptr[i]; k < m.ptr[i + 1]; ++k) {
      b.number(i + 1);
      b.put(' ');
      b.number(std::uint64_t(m.col[k]) + 1);
      if (m.kind != ValueKind::pattern) write_value(b, m, k);
      b.end_line();
      if (progress && (k + 1) % entries_per_report == 0) progress({"write", k + 1, nvals});
    }
  }
  b.flush();
  // Reported before the rename: a callback that throws (to cancel) still leaves the old file.
  if (progress) progress({"write", nvals, nvals});
  out.commit();
}

}  // namespace hpg::io
