// Building a HYB from a CSR, compiled once into libhpgraph (hyb_layout.cu): nothing here depends
// on the value type except through its size, so one build serves every Matrix<T>.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::cuda {

/// The number of pieces (of at most hyb_piece entries) of tail row r, from the COO offsets.
struct tail_pieces {
  const std::uint64_t* ptr;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t r) const { return (ptr[r + 1] - ptr[r] + hyb_piece - 1) / hyb_piece; }
};

/// When a HYB numbers its columns by degree (HybLayout::col_order): at least min_entries entries,
/// and a busiest column of at least skew times the mean column's entries.
struct DegreeOrderPolicy {
  std::uint64_t min_entries;
  double skew;
};

/// The pattern part of the HYB of the CSR (ptr, col) with nrows rows and ncols columns: K by the
/// one-third rule (the ceil(nrows/3)-th largest row length), the ELL columns (column-major,
/// hyb_pad past a row's end), the COO rows, offsets and columns of the entries past K, and the
/// tail schedule. Where `order` says so, columns are renumbered by descending degree (ties keep
/// the user's order), so that the hubs' entries of u share cache lines; entries keep their order
/// within each row, so a pull folds them exactly as before.
void build_hyb_layout(const std::uint32_t* ptr, const std::uint32_t* col, Index nrows, Index ncols, DegreeOrderPolicy order,
                      HybLayout& h);
void build_hyb_layout(const std::uint64_t* ptr, const std::uint32_t* col, Index nrows, Index ncols, DegreeOrderPolicy order,
                      HybLayout& h);

/// Copies the CSR's values (value_bytes each, aligned to value_align) into the ELL and COO value
/// arrays of layout h (nrows * width and h.coo_entries() values).
void fill_hyb_values(const std::uint32_t* ptr, const void* val, std::size_t value_bytes, std::size_t value_align,
                     const HybLayout& h, void* ell_val, void* coo_val);
void fill_hyb_values(const std::uint64_t* ptr, const void* val, std::size_t value_bytes, std::size_t value_align,
                     const HybLayout& h, void* ell_val, void* coo_val);

/// Whether the n values (value_bytes each, aligned to value_align) at v are all bitwise the same
/// (SuiteSparse's iso test). False when n == 0.
bool values_bitwise_equal(const void* v, std::size_t n, std::size_t value_bytes, std::size_t value_align);

}  // namespace hpg::detail::cuda
