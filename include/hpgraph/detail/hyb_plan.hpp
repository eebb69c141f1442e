// How a matrix splits into HYB's ELL and COO parts (Bell & Garland): ELL width K is the largest k
// such that at least one third of the rows have k or more entries; each row's first K entries go to
// ELL, the rest to a row-sorted COO tail.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "hpgraph/types.hpp"

namespace hpg::detail {

struct HybSplit {
  Index width = 0;              // K
  std::uint64_t ell_entries = 0;  // sum of min(degree, K)
  std::uint64_t coo_entries = 0;  // the rest
  std::uint64_t ell_slots = 0;    // nrows * K, padding included
};

/// The split for a CSR with row offsets ptr (nrows + 1 entries).
inline HybSplit hyb_split(std::span<const std::uint64_t> ptr) {
  HybSplit s;
  if (ptr.size() < 2) return s;
  const std::size_t nrows = ptr.size() - 1;
  std::vector<std::uint64_t> deg(nrows);
  for (std::size_t i = 0; i < nrows; ++i) deg[i] = ptr[i + 1] - ptr[i];
  // At least ceil(nrows / 3) rows must have >= K entries: K is that rank's degree.
  const std::size_t rank = (nrows + 2) / 3 - 1;
  std::vector<std::uint64_t> sorted = deg;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank), sorted.end(), std::greater<>());
  s.width = sorted[rank];
  for (std::uint64_t d : deg) s.ell_entries += std::min<std::uint64_t>(d, s.width);
  s.coo_entries = ptr[nrows] - ptr[0] - s.ell_entries;
  s.ell_slots = static_cast<std::uint64_t>(nrows) * s.width;
  return s;
}

}  // namespace hpg::detail
