// HPGraph's binary graph format (.hpgb): a CSR written as it lies in memory, so that loading is
// a read into the final arrays plus a checksum at memory speed. Little-endian throughout.
//
//   offset  size                 field
//   0       8                    magic "HPGRAPH\0"
//   8       4                    format version (1)
//   12      4                    header size in bytes (48 in version 1; readers skip the excess)
//   16      4                    TypeCode of the values
//   20      4                    bytes per value (0: pattern, no values)
//   24      8                    nrows
//   32      8                    ncols
//   40      8                    nvals
//   48      8 * (nrows + 1)      row offsets ptr (ptr[0] = 0, ptr[nrows] = nvals)
//           4 * nvals            column indices, ascending within each row; zero-padded to 8 bytes
//           value_size * nvals   values; zero-padded to a multiple of 8 bytes
//           8                    XXH64 (seed 0) of every byte before it
#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "hpgraph/error.hpp"
#include "hpgraph/io_files.hpp"
#include "io/checksum.hpp"
#include "io/file_buffer.hpp"
#include "io/output_file.hpp"

namespace hpg::io {

namespace {

constexpr std::array<char, 8> magic = {'H', 'P', 'G', 'R', 'A', 'P', 'H', '\0'};
constexpr std::uint32_t format_version = 1;
constexpr std::uint32_t header_bytes = 48;
constexpr std::uint32_t largest_header = 1u << 16;
constexpr std::size_t io_piece = std::size_t(4) << 20;  // hashed while still in cache
constexpr std::uint64_t deflate_max_ratio = 1032;       // no deflate stream expands more than this

struct Header {
  std::uint32_t version = format_version;
  std::uint32_t header_size = header_bytes;
  std::uint32_t type = 0;
  std::uint32_t value_size = 0;
  std::uint64_t nrows = 0, ncols = 0, nvals = 0;
};

struct Layout {
  std::uint64_t ptr = 0, col = 0, col_pad = 0, values = 0, values_pad = 0, total = 0;
};

std::uint64_t pad8(std::uint64_t n) { return (8 - n % 8) % 8; }

// False when the sizes overflow 64 bits (a corrupt or hostile header).
bool compute_layout(const Header& h, Layout& l) {
  std::uint64_t t = 0;
  if (__builtin_mul_overflow(h.nrows + 1, 8, &l.ptr) || __builtin_mul_overflow(h.nvals, 4, &l.col) ||
      __builtin_mul_overflow(h.nvals, std::uint64_t(h.value_size), &l.values))
    return false;
  l.col_pad = pad8(l.col);
  l.values_pad = pad8(l.values);
  for (std::uint64_t part : {std::uint64_t(h.header_size), l.ptr, l.col, l.col_pad, l.values, l.values_pad, std::uint64_t(8)})
    if (__builtin_add_overflow(t, part, &t)) return false;
  l.total = t;
  return true;
}

bool known_type(std::uint32_t code) { return code <= static_cast<std::uint32_t>(TypeCode::fp64); }

std::uint32_t builtin_size(TypeCode t) {
  switch (t) {
    case TypeCode::boolean: return sizeof(bool);
    case TypeCode::int8: case TypeCode::uint8: return 1;
    case TypeCode::int16: case TypeCode::uint16: return 2;
    case TypeCode::int32: case TypeCode::uint32: case TypeCode::fp32: return 4;
    case TypeCode::int64: case TypeCode::uint64: case TypeCode::fp64: return 8;
    case TypeCode::user: return 0;
  }
  return 0;
}

template <class V>
void put_le(unsigned char* p, V v) {
  std::memcpy(p, &v, sizeof v);
}
template <class V>
V get_le(const unsigned char* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::array<unsigned char, header_bytes> encode(const Header& h) {
  std::array<unsigned char, header_bytes> b{};
  std::memcpy(b.data(), magic.data(), magic.size());
  put_le(b.data() + 8, h.version);
  put_le(b.data() + 12, h.header_size);
  put_le(b.data() + 16, h.type);
  put_le(b.data() + 20, h.value_size);
  put_le(b.data() + 24, h.nrows);
  put_le(b.data() + 32, h.ncols);
  put_le(b.data() + 40, h.nvals);
  return b;
}

Header decode(const unsigned char* b) {
  Header h;
  h.version = get_le<std::uint32_t>(b + 8);
  h.header_size = get_le<std::uint32_t>(b + 12);
  h.type = get_le<std::uint32_t>(b + 16);
  h.value_size = get_le<std::uint32_t>(b + 20);
  h.nrows = get_le<std::uint64_t>(b + 24);
  h.ncols = get_le<std::uint64_t>(b + 32);
  h.nvals = get_le<std::uint64_t>(b + 40);
  return h;
}

[[noreturn]] void corrupt(const std::string& path, const std::string& what) {
  hpg::detail::throw_error(Info::parse_error, path + ": " + what);
}

// ------------------------------------------------------------------------------------------
// Reading
// ------------------------------------------------------------------------------------------

// Reads the content in pieces straight into the destination, hashing each piece while it is in
// cache, and reports progress between pieces (on the calling thread).
class HashedReader {
 public:
  HashedReader(detail::InputFile& in, const ProgressCallback& progress, std::uint64_t total)
      : in_(in), progress_(progress), total_(total), stage_(in.gzipped() ? "decompress" : "read") {}

  void read(void* dst, std::uint64_t n) {
    auto* p = static_cast<unsigned char*>(dst);
    while (n > 0) {
      const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(n, io_piece));
      const std::size_t got = in_.read(p, want);
      sum_.update(p, got);
      done_ += got;
      if (got < want) truncated();
      if (progress_) progress_({stage_, done_, total_});
      p += got;
      n -= got;
    }
  }
  void skip(std::uint64_t n) {
    unsigned char scratch[256];
    while (n > 0) {
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n, sizeof scratch));
      read(scratch, k);
      n -= k;
    }
  }
  /// Bytes read before this reader existed (the header): hashed and counted.
  void already_read(const void* p, std::size_t n) {
    sum_.update(p, n);
    done_ += n;
  }
  std::uint64_t stored_checksum() {
    unsigned char b[8];
    const std::size_t got = in_.read(b, 8);
    done_ += got;
    if (got < 8) truncated();
    if (progress_) progress_({stage_, done_, total_});
    return get_le<std::uint64_t>(b);
  }
  std::uint64_t digest() const { return sum_.digest(); }
  [[noreturn]] void truncated() const {
    corrupt(in_.path(), "truncated: the file ends after " + std::to_string(done_) + " of the " + std::to_string(total_) +
                            " bytes its header declares");
  }

 private:
  detail::InputFile& in_;
  const ProgressCallback& progress_;
  detail::Checksum64 sum_;
  std::uint64_t done_ = 0, total_;
  std::string_view stage_;
};

Header read_header(detail::InputFile& in, unsigned char (&raw)[header_bytes]) {
  const std::string& path = in.path();
  const std::size_t got = in.read(raw, header_bytes);
  if (got < magic.size() || std::memcmp(raw, magic.data(), magic.size()) != 0)
    corrupt(path, "not an HPGraph binary file (it does not start with \"HPGRAPH\\0\")");
  if (got < header_bytes) corrupt(path, "truncated: the file ends inside the " + std::to_string(header_bytes) + "-byte header");
  const Header h = decode(raw);
  if (h.version != format_version)
    corrupt(path, "unsupported binary format version " + std::to_string(h.version) + " (this build reads version " +
                      std::to_string(format_version) + ")");
  if (h.header_size < header_bytes || h.header_size > largest_header)
    corrupt(path, "bad header size " + std::to_string(h.header_size));
  if (!known_type(h.type)) corrupt(path, "unknown value type code " + std::to_string(h.type));
  const auto type = static_cast<TypeCode>(h.type);
  if (type != TypeCode::user && h.value_size != 0 && h.value_size != builtin_size(type))
    corrupt(path, std::string(to_string(type)) + " values of " + std::to_string(h.value_size) + " bytes");
  if (h.nrows > max_dimension || h.ncols > max_dimension)
    corrupt(path, "dimensions " + std::to_string(h.nrows) + " x " + std::to_string(h.ncols) + " exceed the largest supported (" +
                      std::to_string(max_dimension) + ")");
  return h;
}

// Before allocating anything: a header that promises more than the file can hold means a cut-off
// (or damaged) file, and must not make us allocate terabytes.
void check_length(const detail::InputFile& in, const Layout& l) {
  const std::string& path = in.path();
  const std::uint64_t size = in.file_size();
  if (size == 0) return;  // a pipe: the reads find out
  if (!in.gzipped()) {
    if (size < l.total)
      corrupt(path, "truncated: the file has " + std::to_string(size) + " bytes, its header declares " + std::to_string(l.total));
    if (size > l.total)
      corrupt(path, std::to_string(size - l.total) + " unexpected bytes after the checksum (the header declares " +
                        std::to_string(l.total) + " bytes)");
  } else if (l.total / deflate_max_ratio > size) {
    corrupt(path, "truncated or damaged: its header declares " + std::to_string(l.total) +
                      " bytes, more than a gzip file of " + std::to_string(size) + " bytes can hold");
  }
}

// The fast checks: loops without early exits or branches, so that they cost little next to
// reading the file. Columns must ascend strictly within each row, so every descent (col[k] <=
// col[k-1]) must fall at the start of a row: the descents in all of col must equal those at row
// starts.
bool structure_ok(const BinaryImage& img) {
  const std::uint64_t* ptr = img.ptr.data();
  const std::uint32_t* col = img.col.data();
  const std::uint64_t nvals = img.col.size();
  if (ptr[0] != 0 || ptr[img.nrows] != nvals) return false;
  std::uint64_t bad_offsets = 0, at_row_starts = 0;
  if (nvals < 2) {  // no descent is possible, and col[1] below does not exist
    for (Index i = 0; i < img.nrows; ++i) bad_offsets |= ptr[i] > ptr[i + 1];
  } else {
    for (Index i = 0; i < img.nrows; ++i) {
      const std::uint64_t b = ptr[i], e = ptr[i + 1];
      bad_offsets |= b > e;
      const bool starts = (b > 0) & (b < e) & (b < nvals);  // b < nvals: a damaged ptr must not read past col
      const std::uint64_t k = starts ? b : 1;
      at_row_starts += starts & (col[k] <= col[k - 1]);
    }
  }
  std::uint64_t descents = 0;
  std::uint32_t largest = 0;
  for (std::uint64_t k = 1; k < nvals; ++k) {
    descents += col[k] <= col[k - 1];
    largest = std::max(largest, col[k]);
  }
  if (nvals > 0) largest = std::max(largest, col[0]);
  return !bad_offsets && (nvals == 0 || largest < img.ncols) && descents == at_row_starts;
}

// Only when structure_ok failed: finds the first fault, to name it.
void check_structure(const BinaryImage& img) {
  // A bool is stored as one byte, 0 or 1; any other byte would be undefined behaviour once read
  // as a bool (found by fuzz_read_binary).
  if (img.type == TypeCode::boolean && img.value_size == 1)
    for (std::size_t k = 0; k < img.values.size(); ++k)
      if (img.values[k] > 1)
        corrupt(img.source, "invalid value: bool entry " + std::to_string(k) + " is the byte " + std::to_string(img.values[k]) +
                                ", not 0 or 1");
  if (structure_ok(img)) return;
  const std::string& path = img.source;
  const std::uint64_t nvals = img.col.size();
  if (img.ptr[0] != 0) corrupt(path, "invalid matrix: ptr[0] is " + std::to_string(img.ptr[0]) + ", not 0");
  if (img.ptr[img.nrows] != nvals)
    corrupt(path, "invalid matrix: ptr[nrows] is " + std::to_string(img.ptr[img.nrows]) + ", not nvals = " + std::to_string(nvals));
  for (Index i = 0; i < img.nrows; ++i) {
    const std::uint64_t b = img.ptr[i], e = img.ptr[i + 1];
    if (b > e || e > nvals)
      corrupt(path, "invalid matrix: row offsets are not ascending within 0..nvals at row " + std::to_string(i));
    for (std::uint64_t k = b; k < e; ++k) {
      if (img.col[k] >= img.ncols)
        corrupt(path, "invalid matrix: column " + std::to_string(img.col[k]) + " in row " + std::to_string(i) + " is outside 0.." +
                          std::to_string(img.ncols - 1));
      if (k > b && img.col[k] <= img.col[k - 1])
        corrupt(path, "invalid matrix: columns of row " + std::to_string(i) + " are not strictly increasing");
    }
  }
}

// ------------------------------------------------------------------------------------------
// Writing
// ------------------------------------------------------------------------------------------

[[noreturn]] void invalid(const std::string& path, const std::string& what) {
  hpg::detail::throw_error(Info::invalid_value, "write_binary(" + path + "): " + what);
}

void check_view(const std::string& path, const BinaryView& v) {
  if (v.nrows > max_dimension || v.ncols > max_dimension) invalid(path, "dimensions exceed the largest supported");
  if (!known_type(static_cast<std::uint32_t>(v.type))) invalid(path, "unknown type code");
  if (v.ptr.size() != v.nrows + 1) invalid(path, "ptr must hold nrows + 1 offsets");
  if (v.ptr[0] != 0 || v.col.size() != v.ptr[v.nrows]) invalid(path, "ptr and col disagree on the number of entries");
  if (v.values.size() != v.col.size() * std::uint64_t(v.value_size)) invalid(path, "values must hold nvals * value_size bytes");
}

class HashedWriter {
 public:
  HashedWriter(detail::OutputFile& out, const ProgressCallback& progress, std::uint64_t total)
      : out_(out), progress_(progress), total_(total) {}
  void write(const void* src, std::uint64_t n) {
    auto* p = static_cast<const unsigned char*>(src);
    while (n > 0) {
      const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(n, io_piece));
      sum_.update(p, k);
      out_.write(p, k);
      if (progress_) progress_({"write", out_.written(), total_});
      p += k;
      n -= k;
    }
  }
  void zeros(std::uint64_t n) {
    const unsigned char z[8] = {};
    write(z, n);
  }
  void finish() {
    unsigned char b[8];
    put_le(b, sum_.digest());
    out_.write(b, 8);
    if (progress_) progress_({"write", out_.written(), total_});
  }

 private:
  detail::OutputFile& out_;
  const ProgressCallback& progress_;
  detail::Checksum64 sum_;
  std::uint64_t total_;
};

}  // namespace

BinaryImage read_binary(const std::string& path, const ReadOptions& options) {
  detail::InputFile in(path);
  unsigned char raw[header_bytes];
  const Header h = read_header(in, raw);
  Layout l;
  if (!compute_layout(h, l)) corrupt(path, "the sizes in its header are impossibly large (a damaged file)");
  check_length(in, l);

  BinaryImage img;
  img.source = path;
  img.nrows = h.nrows;
  img.ncols = h.ncols;
  img.type = static_cast<TypeCode>(h.type);
  img.value_size = h.value_size;
  img.ptr.resize(h.nrows + 1);
  img.col.resize(h.nvals);
  img.values.resize(l.values);

  HashedReader r(in, options.progress, l.total);
  r.already_read(raw, header_bytes);
  r.skip(h.header_size - header_bytes);
  r.read(img.ptr.data(), l.ptr);
  r.read(img.col.data(), l.col);
  r.skip(l.col_pad);
  r.read(img.values.data(), l.values);
  r.skip(l.values_pad);
  const std::uint64_t stored = r.stored_checksum();
  if (in.gzipped()) {
    unsigned char extra;
    if (in.read(&extra, 1) != 0) corrupt(path, "unexpected bytes after the checksum");
  }
  if (stored != r.digest())
    corrupt(path, "checksum mismatch: the file is damaged (stored " + std::to_string(stored) + ", computed " +
                      std::to_string(r.digest()) + ")");
  check_structure(img);
  return img;
}

void write_binary(const std::string& path, const BinaryView& image, const ProgressCallback& progress) {
  check_view(path, image);
  Header h;
  h.type = static_cast<std::uint32_t>(image.type);
  h.value_size = image.value_size;
  h.nrows = image.nrows;
  h.ncols = image.ncols;
  h.nvals = image.col.size();
  Layout l;
  if (!compute_layout(h, l)) invalid(path, "the matrix is too large");

  detail::OutputFile out(path);
  HashedWriter w(out, progress, l.total);
  const auto header = encode(h);
  w.write(header.data(), header.size());
  w.write(image.ptr.data(), l.ptr);
  w.write(image.col.data(), l.col);
  w.zeros(l.col_pad);
  w.write(image.values.data(), l.values);
  w.zeros(l.values_pad);
  w.finish();
  out.commit();
}

}  // namespace hpg::io
