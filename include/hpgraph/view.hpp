// Read-only views of containers for index-aware multiplies: a lambda captures a view by value and
// reads vertex properties or neighbour lists inside mxv, on whichever backend runs it. A view is
// valid while its container lives and is not modified.
#pragma once

#include <cstdint>

#include "hpgraph/matrix.hpp"
#include "hpgraph/vector.hpp"

namespace hpg {

/// A sorted run of column indices (one row of a matrix).
struct IndexRange {
  const std::uint32_t* first = nullptr;
  const std::uint32_t* last = nullptr;
  HPG_HOST_DEVICE std::uint64_t size() const { return static_cast<std::uint64_t>(last - first); }
};

/// |a ∩ b| of two sorted index ranges (a merge; for the common neighbours of two vertices).
HPG_HOST_DEVICE inline std::uint64_t intersect_size(IndexRange a, IndexRange b) {
  std::uint64_t n = 0;
  while (a.first != a.last && b.first != b.last) {
    if (*a.first < *b.first) ++a.first;
    else if (*b.first < *a.first) ++b.first;
    else {
      ++n;
      ++a.first;
      ++b.first;
    }
  }
  return n;
}

/// A matrix's structure: row(i) is the sorted column list of row i.
struct MatrixView {
  const std::uint64_t* ptr64 = nullptr;  // exactly one of ptr64 / ptr32 is set
  const std::uint32_t* ptr32 = nullptr;
  const std::uint32_t* col = nullptr;
  Index nrows = 0, ncols = 0;
  HPG_HOST_DEVICE IndexRange row(Index i) const {
    const std::uint64_t b = ptr64 ? ptr64[i] : ptr32[i], e = ptr64 ? ptr64[i + 1] : ptr32[i + 1];
    return {col + b, col + e};
  }
};

template <class T>
MatrixView view(const Matrix<T>& m) {
  const detail::CsrStructure s = [&] { HPG_DETAIL_ON_STORAGE(detail::MatrixAccess::storage(m), S::csr_structure(st)); }();
  return {s.ptr64, s.ptr32, s.col, m.nrows(), m.ncols()};
}

/// A vector's entries by index: has(i) and v[i] (the vector is put in bitmap form).
template <class T>
struct VectorView {
  const T* values = nullptr;
  const std::uint8_t* present = nullptr;
  Index size = 0;
  HPG_HOST_DEVICE bool has(Index i) const { return present[i] != 0; }
  HPG_HOST_DEVICE const T& operator[](Index i) const { return values[i]; }
};

/// The vector is put in bitmap form: a change of form, not of value.
template <class T>
VectorView<T> view(const Vector<T>& v) {
  auto& stored = detail::VectorAccess::storage(const_cast<Vector<T>&>(v));
  const detail::BitmapArrays<T> a = [&] { HPG_DETAIL_ON_STORAGE(stored, S::vec_bitmap_arrays(st)); }();
  return {a.values, a.present, v.size()};
}

}  // namespace hpg
