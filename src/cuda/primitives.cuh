// Device primitives that depend on no operator, and on a value type only through its size: sorts
// of keys, offsets from keys, and moves of values (gather, scatter, compaction) done as moves of
// 1-, 2-, 4- or 8-byte words. They are compiled once, into libhpgraph (primitives.cu), instead of
// in every translation unit that instantiates a Matrix<T>: each Thrust algorithm is a handful of
// CUB kernels, and these were most of the device code the library's users compiled again and
// again. A value type whose size is not a word (a user struct of 12 bytes, say) takes the same
// algorithm instantiated for it in the caller's translation unit (primitives_impl.cuh).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "hpgraph/cuda/primitives_impl.cuh"
#include "hpgraph/types.hpp"

namespace hpg::detail::cuda {

/// The word that moves a T (its size, when that is 1, 2, 4 or 8 bytes and T is aligned to it),
/// or 0 when T moves as itself.
template <class T>
inline constexpr std::size_t value_word =
    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) && alignof(T) == sizeof(T) ? sizeof(T) : 0;

// ---- keys and indices (primitives.cu) -----------------------------------------------------------

/// The most keys a sort with 32-bit positions takes (2^32 - 1).
inline constexpr std::size_t max_keys_for_32bit_positions = 0xffffffffull;
/// Sorts keys (stable) and sets perm to the permutation that sorted them (32-bit positions, for
/// at most max_keys_for_32bit_positions keys, take a quarter less memory at the sort's peak).
void stable_sort_with_permutation(std::uint64_t* keys, std::size_t n, std::uint64_t* perm);
void stable_sort_with_permutation(std::uint64_t* keys, std::size_t n, std::uint32_t* perm);
/// The number of distinct values in sorted keys.
std::size_t count_distinct_sorted(const std::uint64_t* keys, std::size_t n);
/// The number of nonzero bytes.
std::size_t count_set(const std::uint8_t* flags, std::size_t n);
/// The same count left on the device: a one-word array that one kernel fills, in stream order; the
/// host does not wait.
DeviceArray<unsigned long long> count_set_on_device(const std::uint8_t* flags, std::size_t n);
/// A vector's presence as bits, in a numbering of its own (a pull's HYB column order): bit p of
/// bits (word p / 32, bit p % 32; ceil(n / 32) words) is present[order[p]], or present[p] when
/// order is null. One kernel writes every word (a warp's ballot), so bits needs no clearing; it
/// also zeroes *zero_word (unless null), a count the kernels after it add to.
void presence_bits_of_bytes(const std::uint8_t* present, const std::uint32_t* order, Index n, std::uint32_t* bits,
                            unsigned long long* zero_word);
/// The same from a list: the bits of rank[idx[k]] (idx[k] when rank is null) for the first
/// count entries (bound at most; the count read on the device), after clearing every word; and
/// *zero_word zeroed (unless null). A fill and one kernel.
void presence_bits_of_list(const std::uint32_t* idx, DeviceCount::View count, std::size_t bound, const std::uint32_t* rank, Index n,
                           std::uint32_t* bits, unsigned long long* zero_word);
/// col[k] = the column (low 32 bits) of keys[k].
void key_columns(const std::uint64_t* keys, std::size_t n, std::uint32_t* col);
/// CSR row offsets (nrows + 1 of them) of sorted keys (row << 32 | column).
void row_offsets_of_sorted_keys(const std::uint64_t* keys, std::size_t n, Index nrows, std::uint32_t* ptr);
void row_offsets_of_sorted_keys(const std::uint64_t* keys, std::size_t n, Index nrows, std::uint64_t* ptr);
/// The keys of a CSR's entries, in order.
void csr_keys(const std::uint32_t* ptr, const std::uint32_t* col, Index nrows, std::size_t nvals, std::uint64_t* keys);
void csr_keys(const std::uint64_t* ptr, const std::uint32_t* col, Index nrows, std::size_t nvals, std::uint64_t* keys);
/// out[k] = idx[k], as a key of row 0.
void widen_indices(const std::uint32_t* idx, std::size_t n, std::uint64_t* out);
/// (row << 32 | column) -> (column << 32 | row), in place.
void swap_key_halves(std::uint64_t* keys, std::size_t n);
/// The first position k < n with sorted[k] >= value (n when there is none).
std::size_t lower_bound(const std::uint32_t* sorted, std::size_t n, std::uint32_t value);
/// The most entries a row of a CSR holds (a host wait).
Index longest_row(const std::uint32_t* ptr, Index nrows);
Index longest_row(const std::uint64_t* ptr, Index nrows);

// ---- values moved as words (primitives.cu); word is 1, 2, 4 or 8 ---------------------------------

void gather_words(const std::uint64_t* perm, std::size_t n, const void* src, void* dst, std::size_t word);
void gather_words(const std::uint32_t* perm, std::size_t n, const void* src, void* dst, std::size_t word);
std::size_t select_flagged_words(const std::uint8_t* flags, std::size_t n, const void* vals, std::uint32_t* idx_out,
                                 void* vals_out, std::size_t word);
std::size_t keep_last_of_runs_words(const std::uint64_t* keys, std::size_t n, const void* vals, const std::uint8_t* removed,
                                    std::uint64_t* keys_out, void* vals_out, std::size_t word);
std::size_t remove_keys_outside_words(std::uint64_t* keys, void* vals, std::size_t n, Index nrows, Index ncols,
                                      std::size_t word);
void select_by_stencil_words(const std::uint32_t* idx, const void* vals, DeviceCount::View count, std::size_t bound,
                             const std::uint8_t* stencil, std::uint32_t* idx_out, void* vals_out, unsigned long long* selected,
                             std::size_t word);
std::size_t remove_key_words(std::uint32_t* keys, void* vals, std::size_t n, std::uint32_t drop, std::size_t word);
void sort_pairs_words(std::uint32_t* keys, void* vals, std::size_t n, std::size_t word);

// ---- typed front: words where T is one, T itself otherwise ---------------------------------------

/// dst[k] = src[perm[k]], perm of 64- or 32-bit positions.
template <class P, class T>
  requires(std::is_same_v<P, std::uint64_t> || std::is_same_v<P, std::uint32_t>)
void gather_values(const P* perm, std::size_t n, const T* src, T* dst) {
  if constexpr (value_word<T> != 0) gather_words(perm, n, src, dst, value_word<T>);
  else guarded("device primitive", [&] { return prim::gather(perm, n, src, dst); });
}
/// The positions k < n with flags[k] set, and vals[k] there, in order; returns their number.
template <class T>
std::size_t select_flagged(const std::uint8_t* flags, std::size_t n, const T* vals, std::uint32_t* idx_out, T* vals_out) {
  if constexpr (value_word<T> != 0) return select_flagged_words(flags, n, vals, idx_out, vals_out, value_word<T>);
  else return guarded("device primitive", [&] { return prim::select_flagged(flags, n, vals, idx_out, vals_out); });
}
/// Of each run of equal sorted keys, the last entry, unless its removed flag is set.
template <class T>
std::size_t keep_last_of_runs(const std::uint64_t* keys, std::size_t n, const T* vals, const std::uint8_t* removed,
                              std::uint64_t* keys_out, T* vals_out) {
  if constexpr (value_word<T> != 0) return keep_last_of_runs_words(keys, n, vals, removed, keys_out, vals_out, value_word<T>);
  else return guarded("device primitive", [&] { return prim::keep_last_of_runs(keys, n, vals, removed, keys_out, vals_out); });
}
/// Removes, in place and keeping order, the (key, value) pairs outside nrows x ncols.
template <class T>
std::size_t remove_keys_outside(std::uint64_t* keys, T* vals, std::size_t n, Index nrows, Index ncols) {
  if constexpr (value_word<T> != 0) return remove_keys_outside_words(keys, vals, n, nrows, ncols, value_word<T>);
  else return guarded("device primitive", [&] { return prim::remove_keys_outside(keys, vals, n, nrows, ncols); });
}
/// Of the first count entries of (idx, vals) (bound at most), those whose stencil byte is set, in
/// order; their number is written to *selected on the device (no wait).
template <class T>
void select_by_stencil(const std::uint32_t* idx, const T* vals, DeviceCount::View count, std::size_t bound, const std::uint8_t* stencil,
                       std::uint32_t* idx_out, T* vals_out, unsigned long long* selected) {
  if constexpr (value_word<T> != 0) select_by_stencil_words(idx, vals, count, bound, stencil, idx_out, vals_out, selected, value_word<T>);
  else guarded("device primitive", [&] { prim::select_by_stencil(idx, vals, count, bound, stencil, idx_out, vals_out, selected); });
}
/// Removes, in place and keeping order, the (key, value) pairs whose key is drop.
template <class T>
std::size_t remove_key(std::uint32_t* keys, T* vals, std::size_t n, std::uint32_t drop) {
  if constexpr (value_word<T> != 0) return remove_key_words(keys, vals, n, drop, value_word<T>);
  else return guarded("device primitive", [&] { return prim::remove_key(keys, vals, n, drop); });
}
/// Sorts (key, value) pairs by key, stable.
template <class T>
void sort_pairs(std::uint32_t* keys, T* vals, std::size_t n) {
  if constexpr (value_word<T> != 0) sort_pairs_words(keys, vals, n, value_word<T>);
  else guarded("device primitive", [&] { return prim::sort_pairs(keys, vals, n); });
}

}  // namespace hpg::detail::cuda
