// Graph file formats: Matrix Market, edge lists, DIMACS .gr and HPGraph's binary format, any of
// them gzipped. These readers and writers are not templates: they parse into type-erased tuples
// (in parallel where the format allows) and are compiled once in the library. hpgraph/io.hpp
// turns their results into a Matrix<T> and back.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

namespace hpg::io {

enum class Format { automatic, matrix_market, edge_list, dimacs, binary };

/// "mtx", "edgelist", "gr", "binary" (and "auto"); Error(invalid_value) otherwise.
Format parse_format(std::string_view name);
std::string_view to_string(Format f);
/// The format a path's extension names (a trailing .gz is looked through); automatic if none.
Format format_from_extension(std::string_view path);

/// What the values in a file are: none (pattern: every entry is one), integers or reals.
enum class ValueKind { pattern, integer, real };

/// Progress of a long read or write: units done of total (total 0 when unknown). "read" and
/// "decompress" count bytes of the file on disk (read_binary: of the image its header
/// describes); "parse" bytes of text; "build" tuples; "write" bytes written, except that
/// write_matrix_market counts entries (a text file's length is known only once written). A
/// writer reports its last progress before it replaces the target, so a callback that throws
/// cancels the write and leaves the old file in place.
struct Progress {
  std::string_view stage;  // "read", "decompress", "parse", "build", "write"
  std::uint64_t done = 0;
  std::uint64_t total = 0;
};
using ProgressCallback = std::function<void(const Progress&)>;

struct ReadOptions {
  Format format = Format::automatic;  // automatic: by the file's first bytes, then its extension
  unsigned threads = 0;               // parser threads; 0 = all hardware threads
  ProgressCallback progress;          // optional; called from the calling thread only
};

/// Tuples as a file gives them: 0-based, not yet sorted or combined. Symmetric and
/// skew-symmetric Matrix Market files are already expanded (mirror entries added, negated for
/// skew). Exactly one of ivals / rvals is filled unless kind is pattern.
struct Tuples {
  std::string source;  // the file name, for messages
  Format format = Format::automatic;
  Index nrows = 0, ncols = 0;
  ValueKind kind = ValueKind::pattern;
  std::vector<std::uint32_t> rows, cols;
  std::vector<std::int64_t> ivals;
  std::vector<double> rvals;
  std::uint64_t lines = 0;  // data lines read (before symmetric expansion)
  bool unsigned_values = false;  // an integer above INT64_MAX was read: ivals hold uint64 bit patterns
};

/// Reads any text format (and gzip) into tuples. Binary files are read by read_binary instead;
/// given one, this is Error(invalid_value). Matrix Market and DIMACS indices are 1-based in the
/// file; edge-list ids are used as given (n = largest id + 1), with an optional header line
/// (a first line whose first two fields are not both integers) and weights when the first edge
/// has a third field (integers, or reals as soon as one weight is not an integer literal).
/// Errors: a file that cannot be read: Error(io_error, "<path>: ... <OS reason>"); a malformed
/// one: Error(parse_error, "<path>:<line>: <what>") (without the line where none applies).
Tuples read_tuples(const std::string& path, const ReadOptions& options = {});

/// The in-memory image of a binary file: a CSR with values of one recorded type.
struct BinaryImage {
  std::string source;
  Index nrows = 0, ncols = 0;
  TypeCode type = TypeCode::user;
  std::uint32_t value_size = 0;  // bytes per value; 0 for a pattern-only matrix
  std::vector<std::uint64_t> ptr;
  std::vector<std::uint32_t> col;
  std::vector<unsigned char> values;  // nvals * value_size bytes
};

/// Reads a binary file (optionally gzipped; layout in src/io/binary_format.cpp). Errors: bad
/// magic, unsupported version, sizes inconsistent with the file's length, checksum mismatch, an
/// invalid CSR: Error(parse_error) naming the file.
BinaryImage read_binary(const std::string& path, const ReadOptions& options = {});

/// What write_binary writes (views, so that a large matrix is not copied to be written).
struct BinaryView {
  Index nrows = 0, ncols = 0;
  TypeCode type = TypeCode::user;
  std::uint32_t value_size = 0;
  std::span<const std::uint64_t> ptr;
  std::span<const std::uint32_t> col;
  std::span<const unsigned char> values;
};
/// A path ending in .gz is gzipped.
void write_binary(const std::string& path, const BinaryView& image, const ProgressCallback& progress = {});

/// The format of a file: from its first bytes (gzip looked through), else its extension.
Format detect_format(const std::string& path);

/// A CSR handed to write_matrix_market. Exactly one of ivals / rvals is used unless kind is
/// pattern; integer values of a uint64 matrix are passed as their bit patterns with
/// unsigned_values set.
struct MatrixMarketView {
  Index nrows = 0, ncols = 0;
  std::span<const std::uint64_t> ptr;  // nrows + 1
  std::span<const std::uint32_t> col;
  ValueKind kind = ValueKind::pattern;
  std::span<const std::int64_t> ivals;
  std::span<const double> rvals;
  bool unsigned_values = false;   // ivals hold uint64 bit patterns
  bool single_precision = false;  // reals are floats: print the shortest text that round-trips a float
  std::string comment;            // optional, written as % lines after the banner
};

/// Writes "%%MatrixMarket matrix coordinate <field> general", 1-based, one entry a line, reals in
/// the shortest form that reads back to the same value. A path ending in .gz is gzipped.
void write_matrix_market(const std::string& path, const MatrixMarketView& m, const ProgressCallback& progress = {});

}  // namespace hpg::io
