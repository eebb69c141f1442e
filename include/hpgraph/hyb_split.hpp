// How a matrix's rows split into the HYB form's ELL and COO parts (the form a pull reads on the
// GPU: docs/design.md), for a user who sizes or reports it, as `hpgraph info` does.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "hpgraph/export.hpp"
#include "hpgraph/types.hpp"

namespace hpg {

/// The split by Bell and Garland's rule, as the GPU's HYB of a matrix makes it: ELL width K is
/// the largest k such that at least one third of the rows have k or more entries; each row's
/// first K entries go to ELL, the rest to a row-sorted COO tail.
struct HybSplit {
  Index width = 0;                // K
  std::uint64_t ell_entries = 0;  // the sum over rows of min(degree, K)
  std::uint64_t coo_entries = 0;  // the rest
  std::uint64_t ell_slots = 0;    // nrows * K, padding included
};

/// The split of a CSR with row offsets `row_offsets` (nrows + 1 of them, as export_row_offsets
/// gives them).
inline HybSplit hyb_split(std::span<const Index> row_offsets) {
  HybSplit s;
  if (row_offsets.size() < 2) return s;
  const std::size_t nrows = row_offsets.size() - 1;
  std::vector<std::uint64_t> deg(nrows);
  for (std::size_t i = 0; i < nrows; ++i) deg[i] = row_offsets[i + 1] - row_offsets[i];
  // At least ceil(nrows / 3) rows must have >= K entries: K is that rank's degree.
  const std::size_t rank = (nrows + 2) / 3 - 1;
  std::vector<std::uint64_t> sorted = deg;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank), sorted.end(), std::greater<>());
  s.width = sorted[rank];
  for (std::uint64_t d : deg) s.ell_entries += std::min<std::uint64_t>(d, s.width);
  s.coo_entries = row_offsets[nrows] - row_offsets[0] - s.ell_entries;
  s.ell_slots = static_cast<std::uint64_t>(nrows) * s.width;
  return s;
}

/// The split of A (its row offsets copied to the host).
template <class T>
HybSplit hyb_split(const Matrix<T>& a) {
  const std::vector<Index> ptr = export_row_offsets(a);
  return hyb_split(std::span<const Index>(ptr));
}

}  // namespace hpg
