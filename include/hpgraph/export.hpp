// A matrix's arrays copied out to the host, whichever backend holds it: GrB_Matrix_export in
// GrB_CSR_FORMAT. The matrix is unchanged; the copy is the caller's.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/matrix.hpp"

namespace hpg {

/// A's rows as GrB_CSR_FORMAT gives them: row i's entries are positions row_offsets[i] to
/// row_offsets[i + 1] of col_indices and values, columns ascending within a row.
template <class T>
struct CsrExport {
  std::vector<Index> row_offsets;  // nrows + 1
  std::vector<Index> col_indices;  // nvals
  std::vector<T> values;           // nvals
};

/// GrB_Matrix_export(GrB_CSR_FORMAT): A's row offsets, column indices and values (its pending
/// writes applied first).
template <class T>
CsrExport<T> export_csr(const Matrix<T>& a) {
  detail::HostCsr<T> h = [&] { HPG_DETAIL_ON_STORAGE(detail::MatrixAccess::storage(a), S::csr_to_host(st)); }();
  CsrExport<T> out;
  static_assert(std::is_same_v<decltype(h.ptr), std::vector<Index>>, "the row offsets move out as they are");
  out.row_offsets = std::move(h.ptr);
  out.col_indices.assign(h.col.begin(), h.col.end());  // widened to GrB_Index
  out.values.assign(h.val.begin(), h.val.end());
  return out;
}

/// The row offsets alone (export_csr's row_offsets), without copying A's entries: what a row's
/// degree, row_offsets[i + 1] - row_offsets[i], needs.
template <class T>
std::vector<Index> export_row_offsets(const Matrix<T>& a) {
  HPG_DETAIL_ON_STORAGE(detail::MatrixAccess::storage(a), S::csr_row_offsets(st));
}

}  // namespace hpg
