// What a pull SpMV reads besides the matrix, built only as far as the multiply reads it: which rows
// to compute (the mask, probed where it stands when it is a structural bitmap), whether u holds a
// column (u's presence bytes, or bits in the HYB's column numbering: n / 8 bytes, which stay in
// cache where bytes would not), and u's values, only when the multiply reads them (any.secondi,
// BFS's multiply, reads none).
#pragma once

#include <type_traits>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/primitives.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/cuda/vector_finish.cuh"
#include "hpgraph/ops/semiring.hpp"

namespace hpg::detail::cuda {

/// Whether a pull's multiply reads u's value, and the matrix's (u is the multiply's first operand
/// in vxm, UFirst, and its second in mxv).
template <bool UFirst, class SR>
inline constexpr bool pull_reads_u =
    UFirst ? ops_detail::reads_x<typename SR::multiply_type> : ops_detail::reads_y<typename SR::multiply_type>;
template <bool UFirst, class SR>
inline constexpr bool pull_reads_a =
    UFirst ? ops_detail::reads_y<typename SR::multiply_type> : ops_detail::reads_x<typename SR::multiply_type>;

/// The rows a pull computes: allows(i) is (bit i of bits) != flip (a sparse structural mask's
/// entries), or bytes[i] != flip (a structural bitmap mask's presence, or an evaluated mask's
/// allowed bytes), or `all` when there are neither.
struct PullRows {
  const std::uint32_t* bits = nullptr;
  const std::uint8_t* bytes = nullptr;
  bool flip = false;
  bool all = true;
  __device__ bool allows(Index i) const {
    if (bits) return (((bits[i / 32] >> (i % 32)) & 1u) != 0) != flip;
    return bytes ? (bytes[i] != 0) != flip : all;
  }
  /// Every row is computed.
  bool everywhere() const { return !bits && !bytes && all; }
};

/// Whether u holds the HYB's column c: bit c of `bits`, or byte c of `bytes`, or always (a full u).
struct PullPresence {
  const std::uint32_t* bits = nullptr;
  const std::uint8_t* bytes = nullptr;
  __device__ bool has(std::uint32_t c) const {
    if (bits) return (bits[c / 32] >> (c % 32)) & 1u;
    return !bytes || bytes[c] != 0;
  }
};

/// u as a pull reads it: its presence and (when the multiply reads them) its values, both in the
/// HYB's column numbering; arrays made for the call are held here.
template <class U>
struct PullInput {
  PullPresence has;
  const U* val = nullptr;
  DeviceArray<std::uint32_t> owned_bits;
  DeviceArray<U> owned_val;
};

template <class U>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    scatter_ranked_values_kernel(const std::uint32_t* idx, const U* val, DeviceCount::View count, const std::uint32_t* rank,
                                 U* out) {
  const Index m = count_of(count);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x)
    out[rank ? rank[idx[k]] : idx[k]] = val[k];
}

/// u for a pull over h: a bitmap u in the user's numbering is read where it stands (its presence
/// bytes); in the degree numbering its presence becomes bits (one gather kernel); a sparse u's
/// entries are set as bits (a fill and a kernel that reads u's count on the device). Values are
/// put in the HYB's numbering only when ReadsValues. `count_word` (unless null) is zeroed by the
/// kernel that makes the bits, when one runs (has.bits set), so that no fill of its own is needed.
template <bool ReadsValues, class U>
PullInput<U> pull_input(const DeviceVec<U>& u, const HybLayout& h, unsigned long long* count_word) {
  PullInput<U> in;
  const Index n = h.ncols;
  const std::uint32_t* order = h.columns_ordered() ? h.col_order.data() : nullptr;
  const std::uint32_t* rank = h.columns_ordered() ? h.col_rank.data() : nullptr;
  if (u.format == Sparsity::sparse) {
    in.owned_bits.allocate((n + 31) / 32, "SpMV input bits");
    presence_bits_of_list(u.idx.data(), u.nvals.view(), sparse_bound(u), rank, n, in.owned_bits.data(), count_word);
    in.has.bits = in.owned_bits.data();
    if constexpr (ReadsValues) {
      in.owned_val.allocate(n, "SpMV input in HYB column order");  // read only where a bit is set
      if (sparse_bound(u)) {
        scatter_ranked_values_kernel<<<sparse_grid(u, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
            u.idx.data(), u.val.data(), u.nvals.view(), rank, in.owned_val.data());
        check_launch("scatter_ranked_values_kernel");
      }
      in.val = in.owned_val.data();
    }
    return in;
  }
  if (!u.nvals.is(u.size)) {  // (a full u holds every column: nothing to probe)
    if (order) {
      in.owned_bits.allocate((n + 31) / 32, "SpMV input bits");
      presence_bits_of_bytes(u.present.data(), order, n, in.owned_bits.data(), count_word);
      in.has.bits = in.owned_bits.data();
    } else {
      in.has.bytes = u.present.data();
    }
  }
  if constexpr (ReadsValues) {
    if (order) {
      in.owned_val.allocate(n, "SpMV input in HYB column order");
      gather_values(order, n, u.val.data(), in.owned_val.data());
      in.val = in.owned_val.data();
    } else {
      in.val = u.val.data();
    }
  }
  return in;
}

/// The rows a pull computes for w<mask>: a structural bitmap mask is probed where it stands, a
/// sparse structural one as bits (held in `bits`: a fill and a kernel); a valued mask is evaluated
/// into `evaluated` (vector_mask: one byte per row) first.
template <class M>
PullRows pull_rows(const DeviceVec<M>* maskv, Index n, const Descriptor& d, DeviceArray<std::uint32_t>& bits, DeviceMask& evaluated) {
  PullRows rows;
  if (!maskv) {
    rows.all = !d.mask_complement;
    return rows;
  }
  check_mask_type(maskv, d);
  if (d.mask_structure) {
    rows.flip = d.mask_complement;
    if (maskv->format == Sparsity::bitmap) {
      rows.bytes = maskv->present.data();
    } else {
      bits.allocate((n + 31) / 32, "mask bits");
      presence_bits_of_list(maskv->idx.data(), maskv->nvals.view(), sparse_bound(*maskv), nullptr, n, bits.data(), nullptr);
      rows.bits = bits.data();
    }
    return rows;
  }
  evaluated = vector_mask(maskv, n, d);
  rows.bytes = evaluated.data();
  rows.all = evaluated.all_allowed;
  return rows;
}

}  // namespace hpg::detail::cuda
