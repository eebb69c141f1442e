// Reading and writing matrices: the file formats of hpgraph/io_files.hpp, turned into a
// Matrix<T> of the caller's value type and back.
#pragma once

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "hpgraph/detail/cast.hpp"
#include "hpgraph/io_files.hpp"
#include "hpgraph/matrix.hpp"

namespace hpg::io {

struct ReadStats {
  std::uint64_t lines = 0;                // data lines in a text file
  std::uint64_t tuples = 0;               // entries before duplicates were combined
  std::uint64_t duplicates_combined = 0;  // tuples - nvals
  Format format = Format::automatic;
  ValueKind kind = ValueKind::pattern;
};

namespace detail {

template <class T, class Src>
T convert_value(Src x) {
  return hpg::detail::typecast<T>(x);
}

template <class T>
T value_from_bytes(TypeCode type, const unsigned char* p) {
  auto as = [&](auto tag) {
    decltype(tag) v;
    std::memcpy(&v, p, sizeof v);
    return convert_value<T>(v);
  };
  switch (type) {
    case TypeCode::boolean: return as(bool{});
    case TypeCode::int8: return as(std::int8_t{});
    case TypeCode::int16: return as(std::int16_t{});
    case TypeCode::int32: return as(std::int32_t{});
    case TypeCode::int64: return as(std::int64_t{});
    case TypeCode::uint8: return as(std::uint8_t{});
    case TypeCode::uint16: return as(std::uint16_t{});
    case TypeCode::uint32: return as(std::uint32_t{});
    case TypeCode::uint64: return as(std::uint64_t{});
    case TypeCode::fp32: return as(float{});
    case TypeCode::fp64: return as(double{});
    case TypeCode::user: break;
  }
  hpg::detail::throw_error(Info::domain_mismatch, "binary file holds a user-defined type; it cannot be converted");
}

template <class T>
hpg::detail::HostArray<T> tuple_values(const Tuples& t) {
  const std::size_t n = t.rows.size();
  hpg::detail::HostArray<T> vals(n);
  if constexpr (std::is_arithmetic_v<T>) {
    switch (t.kind) {
      case ValueKind::pattern:
        std::fill(vals.begin(), vals.end(), T(1));
        break;
      case ValueKind::integer:
        if (t.unsigned_values)
          for (std::size_t k = 0; k < n; ++k) vals[k] = convert_value<T>(static_cast<std::uint64_t>(t.ivals[k]));
        else
          for (std::size_t k = 0; k < n; ++k) vals[k] = convert_value<T>(t.ivals[k]);
        break;
      case ValueKind::real:
        for (std::size_t k = 0; k < n; ++k) vals[k] = convert_value<T>(t.rvals[k]);
        break;
    }
  } else {
    hpg::detail::throw_error(Info::domain_mismatch, t.source + ": a text graph file gives numbers; read it into an arithmetic type");
  }
  return vals;
}

}  // namespace detail

/// Builds a Matrix<T> from tuples a text reader produced (consumed). With undirected, the reverse
/// of every tuple is added before duplicates are combined with dup.
template <class T, class Dup = hpg::min<T>>
Matrix<T> to_matrix(Tuples&& t, const Dup& dup = {}, bool undirected = false, Backend b = default_backend(),
                    ReadStats* stats = nullptr, const ProgressCallback& progress = {}) {
  ReadStats st;
  st.format = t.format;
  st.lines = t.lines;
  st.kind = t.kind;
  hpg::detail::HostArray<T> vals = detail::tuple_values<T>(t);
  t.ivals = {};
  t.rvals = {};
  if (undirected) {
    if (t.nrows != t.ncols) hpg::detail::throw_error(Info::dimension_mismatch, t.source + ": --undirected needs a square matrix");
    const std::size_t m0 = t.rows.size();
    t.rows.reserve(2 * m0);
    t.cols.reserve(2 * m0);
    vals.reserve(2 * m0);
    for (std::size_t k = 0; k < m0; ++k) {
      if (t.rows[k] == t.cols[k]) continue;  // a self-loop is its own reverse
      t.rows.push_back(t.cols[k]);
      t.cols.push_back(t.rows[k]);
      vals.push_back(vals[k]);
    }
  }
  st.tuples = t.rows.size();
  Matrix<T> m(t.nrows, t.ncols, b);
  if (progress) progress({"build", 0, st.tuples});
  m.build(std::span<const std::uint32_t>(t.rows), std::span<const std::uint32_t>(t.cols), std::span<const T>(vals.data(), vals.size()), dup);
  if (progress) progress({"build", st.tuples, st.tuples});
  st.duplicates_combined = st.tuples - m.nvals();
  if (stats) *stats = st;
  return m;
}

/// Builds a Matrix<T> from a binary file's image (consumed). Values convert between built-in
/// types; a user type must match the recorded one exactly.
template <class T, class Dup = hpg::min<T>>
Matrix<T> from_image(BinaryImage&& img, const Dup& dup = {}, bool undirected = false, Backend b = default_backend(),
                     ReadStats* stats = nullptr) {
  ReadStats st;
  st.format = Format::binary;
  const std::string& path = img.source;
  hpg::detail::HostCsr<T> csr;
  csr.nrows = img.nrows;
  csr.ncols = img.ncols;
  csr.ptr = std::move(img.ptr);
  csr.col = std::move(img.col);
  const std::size_t n = csr.col.size();
  csr.val.resize(n);
  if (img.value_size == 0) {
    if constexpr (std::is_arithmetic_v<T>) std::fill(csr.val.begin(), csr.val.end(), T(1));
    else hpg::detail::throw_error(Info::domain_mismatch, path + ": a pattern-only binary file cannot give values of a user type");
    st.kind = ValueKind::pattern;
  } else if (img.type == type_code<T>() && img.value_size == sizeof(T)) {
    if (n > 0) std::memcpy(static_cast<void*>(csr.val.data()), img.values.data(), n * sizeof(T));  // no entries: null pointers
    st.kind = std::is_floating_point_v<T> ? ValueKind::real : ValueKind::integer;
  } else if constexpr (std::is_arithmetic_v<T>) {
    if (img.type == TypeCode::user)
      hpg::detail::throw_error(Info::domain_mismatch, path + ": the file holds a user-defined type, not " + std::string(to_string(type_code<T>())));
    for (std::size_t k = 0; k < n; ++k) csr.val[k] = detail::value_from_bytes<T>(img.type, img.values.data() + k * img.value_size);
    st.kind = (img.type == TypeCode::fp32 || img.type == TypeCode::fp64) ? ValueKind::real : ValueKind::integer;
  } else {
    hpg::detail::throw_error(Info::domain_mismatch, path + ": the file holds " + std::string(to_string(img.type)) + " values of " +
                                                        std::to_string(img.value_size) + " bytes, not this user type");
  }
  img.values = {};
  Matrix<T> m(img.nrows, img.ncols, b);
  if (undirected) {
    // Through tuples, so that the reverse entries are combined like any others.
    if (img.nrows != img.ncols) hpg::detail::throw_error(Info::dimension_mismatch, path + ": --undirected needs a square matrix");
    std::vector<std::uint32_t> r, c;
    hpg::detail::HostArray<T> v;
    r.reserve(2 * n);
    c.reserve(2 * n);
    v.reserve(2 * n);
    for (Index i = 0; i < csr.nrows; ++i)
      for (auto k = csr.ptr[i]; k < csr.ptr[i + 1]; ++k) {
        r.push_back(static_cast<std::uint32_t>(i));
        c.push_back(csr.col[k]);
        v.push_back(csr.val[k]);
        if (csr.col[k] == i) continue;  // a self-loop is its own reverse
        r.push_back(csr.col[k]);
        c.push_back(static_cast<std::uint32_t>(i));
        v.push_back(csr.val[k]);
      }
    m.build(std::span<const std::uint32_t>(r), std::span<const std::uint32_t>(c), std::span<const T>(v.data(), v.size()), dup);
    st.tuples = r.size();
  } else {
    st.tuples = n;
    hpg::detail::MatrixAccess::adopt(m, std::move(csr));
  }
  st.duplicates_combined = st.tuples - m.nvals();
  if (stats) *stats = st;
  return m;
}

/// Reads a graph file into a Matrix<T> on backend b. Duplicate entries are combined with dup
/// (default min: parallel edges keep the lightest weight; pass no_dup to reject them). With
/// undirected, the reverse of every entry is added before combining.
template <class T, class Dup = hpg::min<T>>
Matrix<T> read_matrix(const std::string& path, const ReadOptions& options = {}, const Dup& dup = {},
                      ReadStats* stats = nullptr, bool undirected = false, Backend b = default_backend()) {
  const Format f = options.format == Format::automatic ? detect_format(path) : options.format;
  if (f == Format::binary) return from_image<T>(read_binary(path, options), dup, undirected, b, stats);
  return to_matrix<T>(read_tuples(path, options), dup, undirected, b, stats, options.progress);
}

/// Writes a to path in format f (automatic: by the extension; .mtx if none is recognized).
/// Matrix Market needs an arithmetic T; the binary format takes any value type.
/// pattern_only writes a Matrix Market "pattern" file (values dropped).
template <class T>
void write_matrix(const std::string& path, const Matrix<T>& a, Format f = Format::automatic,
                  const ProgressCallback& progress = {}, bool pattern_only = false) {
  if (f == Format::automatic) f = format_from_extension(path);
  if (f == Format::automatic) f = Format::matrix_market;
  // Another backend's matrix is copied to the host's form (no copy of it where it is).
  const bool on_host = a.backend() == Backend::host;
  const hpg::detail::HostCsr<T> converted =
      on_host ? hpg::detail::HostCsr<T>{} : [&] { HPG_DETAIL_ON_STORAGE(hpg::detail::MatrixAccess::storage(a), S::csr_to_host(st)); }();
  const auto& csr = on_host ? hpg::detail::MatrixAccess::on<Backend::host>(a) : converted;
  if (f == Format::binary) {
    BinaryView v;
    v.nrows = csr.nrows;
    v.ncols = csr.ncols;
    v.type = type_code<T>();
    v.value_size = sizeof(T);
    v.ptr = csr.ptr;
    v.col = csr.col;
    v.values = std::span<const unsigned char>(reinterpret_cast<const unsigned char*>(csr.val.data()), csr.val.size() * sizeof(T));
    write_binary(path, v, progress);
    return;
  }
  if (f != Format::matrix_market)
    hpg::detail::throw_error(Info::invalid_value, path + ": matrices are written as Matrix Market (.mtx) or binary (.hpgb)");
  if constexpr (!std::is_arithmetic_v<T>) {
    hpg::detail::throw_error(Info::domain_mismatch, path + ": Matrix Market holds numbers; write a user type in the binary format");
  } else {
    MatrixMarketView v;
    v.nrows = csr.nrows;
    v.ncols = csr.ncols;
    v.ptr = csr.ptr;
    v.col = csr.col;
    std::vector<std::int64_t> iv;
    std::vector<double> rv;
    if (pattern_only) {
      v.kind = ValueKind::pattern;
    } else if constexpr (std::is_floating_point_v<T>) {
      v.kind = ValueKind::real;
      rv.assign(csr.val.begin(), csr.val.end());
      v.rvals = rv;
      v.single_precision = std::is_same_v<T, float>;
    } else {
      v.kind = ValueKind::integer;
      iv.resize(csr.val.size());
      for (std::size_t k = 0; k < iv.size(); ++k) iv[k] = static_cast<std::int64_t>(csr.val[k]);
      v.ivals = iv;
      v.unsigned_values = std::is_same_v<T, std::uint64_t>;
    }
    write_matrix_market(path, v, progress);
  }
}

}  // namespace hpg::io
