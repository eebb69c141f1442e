// The generalized SpMV: T = A (+.x) u (mxv) or u (+.x) A (vxm) on the GPU, templated on the
// semiring. Pull: one thread per row over HYB's ELL part, one warp per long row over the COO tail;
// rows the mask excludes are skipped, and a row stops once its monoid reaches its terminal value.
// Push (a sparse u): every entry of u expands its row, load-balanced by a scan over the row
// lengths, and the products are combined by key, or by atomics where the monoid allows
// (push_atomic.cuh).
#pragma once

#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>

#include <optional>
#include <type_traits>

#include "hpgraph/cuda/hyb.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/pull_input.cuh"
#include "hpgraph/cuda/push_atomic.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/cuda/spmv_product.cuh"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/ops/semiring.hpp"

namespace hpg::detail::cuda {

/// A's value at a HYB entry: the stored one, or the iso value when every value is the same (the
/// branch is uniform, and an iso matrix moves no value bytes).
template <class A>
struct HybValues {
  const A* val;
  A iso_value;
  bool iso;
  __device__ A operator[](std::uint64_t e) const { return iso ? iso_value : val[e]; }
};

/// The user's index of HYB column c, for a multiply that reads positions: c itself, or
/// col_order[c] when the layout numbers its columns by degree. A multiply that reads no position
/// costs no load.
template <bool UFirst, class SR, class A, class U>
__device__ Index user_column(const std::uint32_t* col_order, std::uint32_t c) {
  using Mul = std::remove_cvref_t<decltype(std::declval<const SR&>().mul)>;
  constexpr bool reads = UFirst ? ops_detail::takes_positions<Mul, U, A> : ops_detail::takes_positions<Mul, A, U>;
  if constexpr (reads) return col_order ? col_order[c] : c;
  else return c;
}

/// Whether u holds index c (upres null: u is full, nothing to read): the ablation's CSR pull.
__device__ inline bool u_has(const std::uint8_t* upres, std::uint32_t c) { return !upres || upres[c]; }

/// u(c) as the pull's multiply sees it: loaded only when the multiply reads it.
template <bool UFirst, class SR, class U>
__device__ U pull_u_value(const U* uval, std::uint32_t c) {
  if constexpr (pull_reads_u<UFirst, SR>) return uval[c];
  else return U{};
}

/// The product of HYB entry e (column c) of a pulled row with x = u(c) (pull_u_value): the
/// matrix's value is loaded only when the multiply reads it.
template <bool UFirst, class SR, class A, class U>
__device__ auto pull_product(const SR& s, const HybValues<A>& av, std::uint64_t e, const U& x, std::uint32_t c, Index row,
                             const std::uint32_t* col_order, bool entry_out_first) {
  using Z = typename SR::value_type;
  A a{};
  if constexpr (pull_reads_a<UFirst, SR>) a = av[e];
  return static_cast<Z>(spmv_product<UFirst>(s.mul, a, x, row, user_column<UFirst, SR, A, U>(col_order, c), entry_out_first));
}

/// One of four values held in registers, by a run-time position (a chain of selects: an array
/// indexed at run time would go to local memory).
template <class T>
__device__ T pick4(const T (&v)[4], int j) {
  return j == 0 ? v[0] : j == 1 ? v[1] : j == 2 ? v[2] : v[3];
}

/// ELL part of a pull, one thread per row (with a count, grid-stride on one wave: each block adds
/// the rows it found to *count once). A row's slots are loaded four at a time, each probed in u
/// and u's value loaded where the multiply reads it, before any is folded: a thread has a batch
/// of loads in flight instead of one chain of dependent ones. The fold then visits the hits one
/// by one, so the product's code is written once (four copies of it took the mxv parity tests'
/// compile from minutes to half an hour). T's value is written only where the row has one.
template <bool UFirst, class SR, class A, class U, class Z>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    ell_pull_kernel(SR s, Index nrows, Index width, const std::uint32_t* ell_col, const std::uint32_t* col_order,
                    HybValues<A> av, const U* uval, PullPresence u, PullRows rows, bool entry_out_first, Z* tval,
                    std::uint8_t* tpres, unsigned long long* count) {
  constexpr int batch = 4;
  unsigned mine = 0;
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    if (!rows.allows(i)) {  // the mask decides this row: nothing to compute
      tpres[i] = 0;
      continue;
    }
    bool any = false, done = false;
    Z acc{};
    for (Index k0 = 0; k0 < width && !done; k0 += batch) {
      std::uint32_t c[batch];
      U x[batch];
      unsigned hits = 0;  // bit j: slot k0 + j is in the row and u holds its column
#pragma unroll
      for (int j = 0; j < batch; ++j) c[j] = k0 + j < width ? ell_col[(k0 + j) * nrows + i] : hyb_pad;
#pragma unroll
      for (int j = 0; j < batch; ++j) {
        x[j] = U{};
        if (c[j] == hyb_pad) {
          done = true;  // the row ends here (pads only follow pads)
        } else if (u.has(c[j])) {
          hits |= 1u << j;
          x[j] = pull_u_value<UFirst, SR>(uval, c[j]);
        }
      }
#pragma unroll 1
      for (; hits; hits &= hits - 1) {
        const int j = __ffs(hits) - 1;
        const std::uint32_t cj = pick4(c, j);
        const Z p = pull_product<UFirst>(s, av, (k0 + j) * nrows + i, pick4(x, j), cj, i, col_order, entry_out_first);
        acc = any ? static_cast<Z>(s.add(acc, p)) : p;
        any = true;
        if (ops_detail::reached_terminal(s.add, acc)) {
          done = true;
          break;
        }
      }
    }
    if (any) tval[i] = acc;
    tpres[i] = any;
    mine += any ? 1u : 0u;
  }
  if (count) add_block_count(mine, count);  // uniform: a kernel argument
}

/// A pull kernel's grid for `threads` threads: one wave when it counts (a global atomic a block),
/// else a thread for each.
inline unsigned pull_grid(std::size_t threads, const unsigned long long* count) {
  return count ? capped_grid_for(threads, LaunchPolicy::row_threads) : grid_for(threads, LaunchPolicy::row_threads);
}

/// __shfl_down_sync for any trivially copyable value: moved as 4-byte words, within groups of
/// `width` lanes.
template <class Z>
__device__ Z shfl_down_value(const Z& x, int offset, int width = 32) {
  constexpr int words = (sizeof(Z) + 3) / 4;
  std::uint32_t buf[words] = {};
  memcpy(buf, &x, sizeof(Z));
#pragma unroll
  for (int w = 0; w < words; ++w) buf[w] = __shfl_down_sync(0xffffffffu, buf[w], offset, width);
  Z out;
  memcpy(&out, buf, sizeof(Z));
  return out;
}

/// Folds the partial results of each group of Lanes lanes into its first lane with the monoid (a
/// tree of shuffles). Every lane of the warp must call it.
template <unsigned Lanes, class SR, class Z>
__device__ void group_fold(const SR& s, Z& acc, bool& any) {
#pragma unroll
  for (int offset = Lanes / 2; offset > 0; offset >>= 1) {
    const Z other = shfl_down_value(acc, offset, Lanes);
    const bool other_any = __shfl_down_sync(0xffffffffu, any, offset, Lanes);
    if (other_any) {
      acc = any ? static_cast<Z>(s.add(acc, other)) : other;
      any = true;
    }
  }
}

/// Adds a row's tail result to what the ELL pass left in T; returns whether the row had no entry
/// before (one more row in T's count).
template <class SR, class Z>
__device__ bool add_to_row(const SR& s, Index row, const Z& acc, Z* tval, std::uint8_t* tpres) {
  const bool had = tpres[row] != 0;
  tval[row] = had ? static_cast<Z>(s.add(tval[row], acc)) : acc;
  tpres[row] = 1;
  return !had;
}

/// Whether the pull skips a tail row: outside the mask, or already at the monoid's terminal value.
template <class SR, class Z>
__device__ bool row_done(const SR& s, Index row, const PullRows& rows, const Z* tval, const std::uint8_t* tpres) {
  if (!rows.allows(row)) return true;
  return tpres[row] && ops_detail::reached_terminal(s.add, tval[row]);
}

/// Position of the k-th (from 0) set bit of m, or -1 when m has no more than k.
__device__ inline int nth_set_bit(unsigned m, unsigned k) {
  for (unsigned j = 0; j < k; ++j) m &= m - 1;
  return m ? __ffs(static_cast<int>(m)) - 1 : -1;
}

/// m without its k lowest set bits.
__device__ inline unsigned drop_set_bits(unsigned m, unsigned k) {
  for (unsigned j = 0; j < k && m; ++j) m &= m - 1;
  return m;
}

// The tail kernels share a schedule. A bin's items are cut into chunks of as many items as a warp
// has groups (32 / Lanes: one in the pieces' bin), and warp w of W takes the chunks w, w + W,
// w + 2W, ..., as a grid-stride loop over chunks would: a chunk's rows lie side by side, and a hub
// row's pieces (consecutive items) go to different warps. It looks up 32 items at a time, a lane
// an item: the item's row, and whether the pull skips it (outside the mask, or already at the
// monoid's terminal value), so the 32 chains of dependent loads are in flight together, and then
// computes only the items left. Walking the items one after another instead cost kron-21's BFS
// 68 µs a pulled level in the hub rows' kernel, nearly all of it on rows already visited.

/// Tail rows of one short bin: a group of Lanes lanes per row, entries strided over the group; a
/// warp's groups take the items left after a lookup 32 / Lanes at a time, in order.
template <unsigned Lanes, bool UFirst, class SR, class A, class U, class Z>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    tail_rows_kernel(SR s, const std::uint32_t* items, Index nitems, const std::uint32_t* rows, const std::uint64_t* ptr,
                     const std::uint32_t* col, const std::uint32_t* col_order, HybValues<A> av, const U* uval,
                     PullPresence u, PullRows allowed, bool entry_out_first, Z* tval, std::uint8_t* tpres,
                     unsigned long long* count) {
  constexpr unsigned groups_per_warp = 32 / Lanes;
  const unsigned warp_lane = threadIdx.x % 32, lane = warp_lane % Lanes, group = warp_lane / Lanes;
  const Index warps = Index(gridDim.x) * blockDim.x / 32;
  const Index chunks = (nitems + groups_per_warp - 1) / groups_per_warp;
  unsigned mine = 0;
  // The loop bounds are uniform across the warp, so every lane reaches the ballot and the shuffles.
  for (Index first = (blockIdx.x * Index(blockDim.x) + threadIdx.x) / 32; first < chunks; first += Lanes * warps) {
    // Lane l looks up item l % groups of chunk first + (l / groups) W.
    const Index q = (first + warp_lane / groups_per_warp * warps) * groups_per_warp + warp_lane % groups_per_warp;
    std::uint32_t r = 0;
    Index row = 0;
    bool compute = false;
    if (q < nitems) {
      r = items[q];
      row = rows[r];
      compute = !row_done(s, row, allowed, tval, tpres);
    }
    for (unsigned todo = __ballot_sync(0xffffffffu, compute); todo; todo = drop_set_bits(todo, groups_per_warp)) {
      const int from = nth_set_bit(todo, group);
      // The row is loaded again (a load of what the lookup's lane loaded, beside the row's
      // bounds) rather than shuffled: a shuffle of it waited for that lane's load before the
      // bounds' loads went out (PageRank on kron-21, the 4-lane bin: 21.3 µs so, 18.6 loaded).
      const std::uint32_t gr = __shfl_sync(0xffffffffu, r, from < 0 ? 0 : from);
      bool any = false;
      Z acc{};
      Index grow = 0;
      if (from >= 0) {
        grow = rows[gr];
        for (std::uint64_t e = ptr[gr] + lane; e < ptr[gr + 1]; e += Lanes) {
          const std::uint32_t c = col[e];
          if (!u.has(c)) continue;
          const Z p = pull_product<UFirst>(s, av, e, pull_u_value<UFirst, SR>(uval, c), c, grow, col_order, entry_out_first);
          acc = any ? static_cast<Z>(s.add(acc, p)) : p;
          any = true;
        }
      }
      group_fold<Lanes>(s, acc, any);
      if (from >= 0 && lane == 0 && any && add_to_row(s, grow, acc, tval, tpres)) ++mine;
    }
  }
  if (count) add_block_count(mine, count);
}

/// Tail rows of the last bin, a warp per piece of at most hyb_piece entries, the pieces left after
/// a lookup computed one after another. Each lane keeps four loads in flight (columns, then u's
/// presence) before it folds. A row of one piece is finished here; the pieces of a longer row
/// leave partial results for tail_split_kernel (a skipped piece: none).
template <bool UFirst, class SR, class A, class U, class Z>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    tail_pieces_kernel(SR s, const std::uint32_t* items, const std::uint32_t* pieces, Index nitems,
                       const std::uint32_t* rows, const std::uint64_t* ptr, const std::uint32_t* col,
                       const std::uint32_t* col_order, HybValues<A> av, const U* uval, PullPresence u, PullRows allowed,
                       bool entry_out_first, Z* tval, std::uint8_t* tpres, Z* part, std::uint8_t* part_any,
                       unsigned long long* count) {
  constexpr int unroll = 4;
  const unsigned lane = threadIdx.x % 32;
  const Index warps = Index(gridDim.x) * blockDim.x / 32;
  unsigned mine = 0;
  // The loop bounds are uniform across the warp, so every lane reaches the ballot and the shuffles.
  for (Index first = (blockIdx.x * Index(blockDim.x) + threadIdx.x) / 32; first < nitems; first += 32 * warps) {
    const Index q = first + lane * warps;
    std::uint64_t begin = 0, end = 0;
    std::uint32_t r = 0;
    bool whole = true, compute = false;
    if (q < nitems) {
      r = items[q];
      const Index row = rows[r];
      const std::uint64_t row_begin = ptr[r], row_end = ptr[r + 1];
      begin = row_begin + std::uint64_t(pieces[q]) * hyb_piece;
      end = begin + hyb_piece < row_end ? begin + hyb_piece : row_end;
      whole = begin == row_begin && end == row_end;
      compute = !row_done(s, row, allowed, tval, tpres);
      if (!compute && !whole) part_any[q] = 0;
    }
    for (unsigned todo = __ballot_sync(0xffffffffu, compute); todo; todo &= todo - 1) {
      const int from = __ffs(static_cast<int>(todo)) - 1;
      const std::uint64_t pbegin = __shfl_sync(0xffffffffu, begin, from), pend = __shfl_sync(0xffffffffu, end, from);
      const Index prow = rows[__shfl_sync(0xffffffffu, r, from)];  // loaded again, as in tail_rows_kernel
      const bool pwhole = __shfl_sync(0xffffffffu, whole ? 1 : 0, from) != 0;
      bool any = false;
      Z acc{};
      for (std::uint64_t e0 = pbegin + lane; e0 < pend; e0 += 32 * unroll) {
        std::uint32_t c[unroll];
        bool ok[unroll];
        U x[unroll];
#pragma unroll
        for (int k = 0; k < unroll; ++k) c[k] = e0 + 32 * k < pend ? col[e0 + 32 * k] : hyb_pad;
#pragma unroll
        for (int k = 0; k < unroll; ++k) {
          ok[k] = c[k] != hyb_pad && u.has(c[k]);
          x[k] = ok[k] ? pull_u_value<UFirst, SR>(uval, c[k]) : U{};
        }
#pragma unroll
        for (int k = 0; k < unroll; ++k) {
          if (!ok[k]) continue;
          const Z p = pull_product<UFirst>(s, av, e0 + 32 * k, x[k], c[k], prow, col_order, entry_out_first);
          acc = any ? static_cast<Z>(s.add(acc, p)) : p;
          any = true;
        }
        if (any && ops_detail::reached_terminal(s.add, acc)) break;
      }
      group_fold<32>(s, acc, any);
      if (lane == 0) {
        if (pwhole) {
          if (any && add_to_row(s, prow, acc, tval, tpres)) ++mine;
        } else {
          part[first + Index(from) * warps] = acc;
          part_any[first + Index(from) * warps] = any;
        }
      }
    }
  }
  if (count) add_block_count(mine, count);
}

/// Folds the pieces of each split row (in piece order) into T.
template <class SR, class Z>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    tail_split_kernel(SR s, const std::uint32_t* split_rows, const std::uint64_t* split_first, Index nsplit,
                      const std::uint32_t* rows, const std::uint64_t* ptr, const Z* part, const std::uint8_t* part_any,
                      Z* tval, std::uint8_t* tpres, unsigned long long* count) {
  unsigned mine = 0;
  for (Index t = blockIdx.x * Index(blockDim.x) + threadIdx.x; t < nsplit; t += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t r = split_rows[t];
    const std::uint64_t npieces = tail_pieces{ptr}(r);
    bool any = false;
    Z acc{};
    for (std::uint64_t p = split_first[t]; p < split_first[t] + npieces; ++p) {
      if (!part_any[p]) continue;
      acc = any ? static_cast<Z>(s.add(acc, part[p])) : part[p];
      any = true;
    }
    if (any && add_to_row(s, rows[r], acc, tval, tpres)) ++mine;
  }
  if (count) add_block_count(mine, count);
}

template <unsigned Lanes, bool UFirst, class SR, class A, class U, class Z>
void launch_tail_bin(int bin, const SR& s, const DeviceHyb<A>& h, const HybValues<A>& av, const U* uval, const PullPresence& u,
                     const PullRows& rows, bool entry_out_first, Z* tval, std::uint8_t* tpres, unsigned long long* count) {
  const Index n = h.bin_start[bin + 1] - h.bin_start[bin];
  if (n == 0) return;
  const Index warps = (n + 32 / Lanes - 1) / (32 / Lanes);
  tail_rows_kernel<Lanes, UFirst><<<pull_grid(warps * 32, count), LaunchPolicy::row_threads, 0, stream()>>>(
      s, h.tail_item.data() + h.bin_start[bin], n, h.coo_rows.data(), h.coo_ptr.data(), h.coo_col.data(), h.col_order.data(), av, uval, u,
      rows, entry_out_first, tval, tpres, count);
  check_launch("tail_rows_kernel");
}

/// Pull: T (bitmap, nrows of the HYB) from u as pull_input made it, over the rows `rows` allows
/// (T has no entry elsewhere). The kernels add the rows that get an entry to *count (unless null).
template <bool UFirst, class SR, class A, class U, class Z>
void pull(const SR& s, const DeviceHyb<A>& h, const PullInput<U>& in, const PullRows& rows, bool entry_out_first, Z* tval,
          std::uint8_t* tpres, unsigned long long* count) {
  static_assert(hyb_bins == 4 && hyb_bin_lanes(0) == 4 && hyb_bin_lanes(1) == 8 && hyb_bin_lanes(2) == 16);
  const Index n = h.nrows;
  if (n == 0) return;
  const HybValues<A> ell_v{h.ell_val.data(), h.iso_value, h.iso}, coo_v{h.coo_val.data(), h.iso_value, h.iso};
  ell_pull_kernel<UFirst><<<pull_grid(n, count), LaunchPolicy::row_threads, 0, stream()>>>(
      s, n, h.width, h.ell_col.data(), h.col_order.data(), ell_v, in.val, in.has, rows, entry_out_first, tval, tpres, count);
  check_launch("ell_pull_kernel");
  if (h.coo_row_count() == 0) return;
  launch_tail_bin<4, UFirst>(0, s, h, coo_v, in.val, in.has, rows, entry_out_first, tval, tpres, count);
  launch_tail_bin<8, UFirst>(1, s, h, coo_v, in.val, in.has, rows, entry_out_first, tval, tpres, count);
  launch_tail_bin<16, UFirst>(2, s, h, coo_v, in.val, in.has, rows, entry_out_first, tval, tpres, count);
  const Index nlong = h.long_items();
  if (nlong == 0) return;
  const Index nsplit = h.split_rows.size();
  DeviceArray<Z> part(nsplit ? nlong : 0, "SpMV partial results");
  DeviceArray<std::uint8_t> part_any(nsplit ? nlong : 0, "SpMV partial results");
  tail_pieces_kernel<UFirst><<<pull_grid(nlong * 32, count), LaunchPolicy::row_threads, 0, stream()>>>(
      s, h.tail_item.data() + h.bin_start[hyb_bins - 1], h.tail_piece.data(), nlong, h.coo_rows.data(), h.coo_ptr.data(), h.coo_col.data(),
      h.col_order.data(), coo_v, in.val, in.has, rows, entry_out_first, tval, tpres, part.data(), part_any.data(), count);
  check_launch("tail_pieces_kernel");
  if (nsplit) {
    tail_split_kernel<<<pull_grid(nsplit, count), LaunchPolicy::row_threads, 0, stream()>>>(
        s, h.split_rows.data(), h.split_first.data(), nsplit, h.coo_rows.data(), h.coo_ptr.data(), part.data(), part_any.data(), tval,
        tpres, count);
    check_launch("tail_split_kernel");
  }
}

/// The ablation's baseline pull: a thread per row over the CSR (no HYB, no schedule).
template <bool UFirst, class SR, class Offset, class A, class U, class Z>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    csr_pull_kernel(SR s, Index nrows, const Offset* ptr, const std::uint32_t* col, const A* val, const U* uval,
                    const std::uint8_t* upres, const std::uint8_t* allowed, bool all_allowed, bool entry_out_first,
                    Z* tval, std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    bool any = false;
    Z acc{};
    if (allowed ? allowed[i] : all_allowed) {
      for (std::uint64_t e = ptr[i]; e < ptr[i + 1]; ++e) {
        const std::uint32_t c = col[e];
        if (!u_has(upres, c)) continue;
        const Z p = static_cast<Z>(spmv_product<UFirst>(s.mul, val[e], uval[c], i, c, entry_out_first));
        acc = any ? static_cast<Z>(s.add(acc, p)) : p;
        any = true;
        if (ops_detail::reached_terminal(s.add, acc)) break;
      }
    }
    tval[i] = acc;
    tpres[i] = any;
  }
}

template <bool UFirst, class SR, class A, class U, class Z>
void pull_csr(const SR& s, const DeviceCsr<A>& a, const U* uval, const std::uint8_t* upres, const DeviceMask& mask, bool entry_out_first,
              DeviceArray<Z>& tval, DeviceArray<std::uint8_t>& tpres) {
  const Index n = a.nrows;
  tval.allocate(n, "SpMV result");
  tpres.allocate(n, "SpMV result bitmap");
  if (n == 0) return;
  if (a.wide_offsets())
    csr_pull_kernel<UFirst><<<grid_for(n, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
        s, n, a.ptr64.data(), a.col.data(), a.val.data(), uval, upres, mask.data(), mask.all_allowed, entry_out_first, tval.data(),
        tpres.data());
  else
    csr_pull_kernel<UFirst><<<grid_for(n, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
        s, n, a.ptr32.data(), a.col.data(), a.val.data(), uval, upres, mask.data(), mask.all_allowed, entry_out_first, tval.data(),
        tpres.data());
  check_launch("csr_pull_kernel");
}

/// Product e of the expansion, found by push_product_at (a binary search in the scanned lengths, so
/// every thread does the same work however uneven the rows are).
template <bool UFirst, class SR, class Offset, class A, class U, class Probe, class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    push_expand_kernel(SR s, const Offset* ptr, const std::uint32_t* col, const A* val, const std::uint32_t* uidx,
                       const U* uval, Index nu, const std::uint64_t* start, std::uint64_t total, Probe allows,
                       bool entry_out_first, std::uint32_t* key, Z* prod) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < total; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const PushProduct at = push_product_at(e, ptr, uidx, nu, start);
    const std::uint32_t out = col[at.p];
    if (!allows(out)) {
      key[e] = hyb_pad;
      continue;
    }
    key[e] = out;
    prod[e] = static_cast<Z>(spmv_product<UFirst>(s.mul, val[at.p], uval[at.q], out, uidx[at.q], entry_out_first));
  }
}

template <class SR, class Z>
struct monoid_add {
  SR s;
  HPG_HOST_DEVICE Z operator()(const Z& a, const Z& b) const { return static_cast<Z>(s.add(a, b)); }
};

/// Push: T (sparse, masked) from a sparse u through the rows of P (the CSR whose row k lists the
/// outputs that u(k) reaches). Products are laid out by an exclusive scan of the row lengths and
/// each thread finds its u entry by binary search, so hub rows cost no more than others; products
/// the mask forbids are dropped, the rest sorted by output and reduced with the monoid.
template <bool UFirst, class SR, class A, class U, class Probe, class Z>
void push(const SR& s, const DeviceCsr<A>& p, const SparseInput<U>& u_sparse, const Probe& allows, bool entry_out_first,
          DeviceSparseResult<Z>& t) {
  t.masked = true;
  const Index nu = u_sparse.nvals;
  if (nu == 0 || t.size == 0) return;
  guarded("push SpMV", [&] {
    // start[q] for q < nu, and start[nu] = the number of products (read back once, to size the arrays).
    DeviceArray<std::uint64_t> start(nu + 1, "push offsets");
    const auto scan_lengths = [&](const auto* ptr) {
      using Offset = std::remove_cvref_t<decltype(*ptr)>;
      const auto lengths = thrust::make_transform_iterator(thrust::counting_iterator<Index>(0),
                                                           push_row_length<Offset>{ptr, u_sparse.idx, DeviceCount::View{nu}});
      thrust::exclusive_scan(policy(), lengths, lengths + nu + 1, start.data(), std::uint64_t(0));
    };
    if (p.wide_offsets()) scan_lengths(p.ptr64.data());
    else scan_lengths(p.ptr32.data());
    std::uint64_t total = 0;
    copy_device_to_host(&total, start.data() + nu, sizeof(total));
    if (total == 0) return;
    DeviceArray<std::uint32_t> key(total, "push keys");
    DeviceArray<Z> prod(total, "push products");
    if (p.wide_offsets())
      push_expand_kernel<UFirst><<<grid_for(total, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          s, p.ptr64.data(), p.col.data(), p.val.data(), u_sparse.idx, u_sparse.val, nu, start.data(), total, allows, entry_out_first,
          key.data(), prod.data());
    else
      push_expand_kernel<UFirst><<<grid_for(total, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          s, p.ptr32.data(), p.col.data(), p.val.data(), u_sparse.idx, u_sparse.val, nu, start.data(), total, allows, entry_out_first,
          key.data(), prod.data());
    check_launch("push_expand_kernel");
    // Without a mask nothing was dropped: no compaction (and no wait for its count).
    const std::size_t kept = allows.has_mask || allows.complement ? remove_key(key.data(), prod.data(), total, hyb_pad) : total;
    if (kept == 0) return;
    sort_pairs(key.data(), prod.data(), kept);
    DeviceArray<std::uint32_t> ukey(kept, "push keys");
    DeviceArray<Z> uval(kept, "push products");
    auto ends = thrust::reduce_by_key(policy(), key.data(), key.data() + kept, prod.data(), ukey.data(), uval.data(),
                                      thrust::equal_to<std::uint32_t>(), monoid_add<SR, Z>{s});
    t.nvals = static_cast<Index>(ends.first - ukey.data());
    ukey.shrink(t.nvals, "push result");
    uval.shrink(t.nvals, "push result");
    t.idx = std::move(ukey);
    t.val = std::move(uval);
  });
}


/// w<mask> = accum(w, T) for T a pull over h. The rows the mask excludes are not computed (unless
/// the ablation's fuse_mask is off), so where the C API makes w just "T where the mask allows" (no
/// accumulator; replace, an empty w or no mask) T becomes w: no pass of its own over w. T's count
/// is then added up by the pull's kernels on the device, or known (a full u, every row computed:
/// the HYB's non-empty rows); otherwise the finish counts w and the pull counts nothing. The host
/// waits for nothing.
template <bool UFirst, class W, class M, class Accum, class SR, class A, class U>
void pull_into(DeviceVec<W>& w, const DeviceVec<M>* maskv, const Accum& accum, const SR& s, const DeviceHyb<A>& h, const DeviceVec<U>& u,
               bool entry_out_first, const Descriptor& d) {
  using Z = typename SR::value_type;
  constexpr bool may_take_t = std::is_same_v<W, Z> && std::is_same_v<Accum, no_accum_t>;
  const Index n = h.nrows;
  const bool fuse = switches().fuse_mask;
  DeviceMask evaluated;                  // a valued mask as bytes
  DeviceArray<std::uint32_t> mask_bits;  // a sparse structural mask as bits
  PullRows rows;
  if (fuse) rows = pull_rows(maskv, n, d, mask_bits, evaluated);
  else check_mask_type(maskv, d);
  // Decided before the pull, which does not change w (even when w is u or the mask).
  const bool takes_t = may_take_t && (fuse || (!maskv && !d.mask_complement)) && finish_takes_t(w, maskv, accum, d);
  const bool known = u.format == Sparsity::bitmap && u.nvals.is(u.size) && rows.everywhere();
  DeviceArray<Z> tval(n, "SpMV result");
  DeviceArray<std::uint8_t> tpres(n, "SpMV result bitmap");
  DeviceArray<unsigned long long> count(takes_t && !known ? 1 : 0, "SpMV result count");
  const PullInput<U> in = pull_input<pull_reads_u<UFirst, SR>>(u, h, count.data());
  if (count.data() && !in.has.bits) device_memset(count.data(), 0, sizeof(unsigned long long));  // else the bits' kernel zeroed it
  pull<UFirst>(s, h, in, rows, entry_out_first, tval.data(), tpres.data(), count.data());
  if constexpr (may_take_t) {
    if (takes_t) {
      DeviceVec<W> out;
      out.size = n;
      out.format = Sparsity::bitmap;
      out.nvals = known ? DeviceCount(h.nonempty_rows) : DeviceCount::on_device(std::move(count));
      out.val = std::move(tval);
      out.present = std::move(tpres);
      settle_format(out);
      w = std::move(out);
      return;
    }
  }
  const DeviceMask mask = evaluated.present ? std::move(evaluated) : vector_mask(maskv, n, d);
  finish_vector(w, mask, accum, tval.data(), tpres.data(), d.replace, nullptr, known ? std::optional<Index>(h.nonempty_rows) : std::nullopt);
}

/// mxv (UFirst = false) or vxm (UFirst = true) on the GPU. `use_transpose`: traverse A' (mxv with
/// transpose_first, or vxm without transpose_second, pulls over A's transpose).
template <bool UFirst, class W, class M, class Accum, class SR, class A, class U>
void spmv(DeviceVec<W>& w, const DeviceVec<M>* maskv, const Accum& accum, const SR& s, const DeviceCsr<A>& a, DeviceDerived<A>& derived,
          const DeviceVec<U>& u, bool pull_over_transpose, bool entry_out_first, const Descriptor& d) {
  using Z = typename SR::value_type;
  // Pushes while u is sparse enough. A sparse u whose count is still on the device is known to be
  // when its arrays are short enough; only otherwise is its count read.
  const auto sparse_enough = [&](Index k) { return static_cast<double>(k) < tuning().push_pull_density * static_cast<double>(u.size); };
  // In a device loop's capture a u whose count is on the device keeps the form it had when the
  // loop began: sparse pushes, bitmap pulls (the count is not known until the round runs).
  const bool counted = !u.nvals.if_known(), is_sparse = u.format == Sparsity::sparse;
  const bool sparse_input = d.method != AxbMethod::automatic ? d.method == AxbMethod::push
                            : counted && loop_capture()    ? is_sparse
                                                           : (is_sparse && counted && sparse_enough(sparse_bound(u))) || sparse_enough(u.nvals);
  if (sparse_input) {
    // Push through the rows of the other orientation: the one whose row k lists what u(k) reaches.
    // The mask is probed per product where it stands, so the call costs what the frontier costs.
    const MaskProbe<M> allows = mask_probe(maskv, d);  // checks the mask's type before any work
    bool atomically = false;
    Index longest = 0;
    if constexpr (push_folds_atomically<typename SR::monoid_type, Z>) {
      atomically = switches().push_atomics;
      if (atomically) longest = longest_row_of(a, derived, !pull_over_transpose);
    }
    // The atomic push reads a count left on the device itself, sized from the length of u's
    // arrays. A push result's arrays are its own bound times the longest row, so in a loop that
    // never reads its counts they soon span n; past the small path's size one wait for the count
    // costs less than passes over n.
    // In a device loop's capture nothing may wait: the bound is what the loop's form holds.
    const bool count_on_device = atomically && u.format == Sparsity::sparse &&
                                 (std::uint64_t(sparse_bound(u)) * longest <= std::uint64_t(push_block_items) || loop_capture());
    const SparseInput<U> us = as_sparse(u, count_on_device);
    const DeviceCsr<A>& p = pull_over_transpose ? a : transpose_of(a, derived);
    DeviceSparseResult<Z> t;
    t.size = w.size;
    if constexpr (push_folds_atomically<typename SR::monoid_type, Z>) {
      if (atomically) push_atomic<UFirst>(s, p, longest, us, allows, entry_out_first, t);
    }
    if (!atomically) push<UFirst>(s, p, us, allows, entry_out_first, t);
    finish_vector_sparse(w, maskv, accum, std::move(t), d);
    return;
  }
  if (switches().pull_over_hyb) return pull_into<UFirst>(w, maskv, accum, s, hyb_of(a, derived, pull_over_transpose), u, entry_out_first, d);
  // The ablation's baseline: a pull over the CSR, u and the mask as bytes.
  const DeviceMask mask = vector_mask(maskv, w.size, d);
  DeviceArray<Z> tval;
  DeviceArray<std::uint8_t> tpres;
  {
    const BitmapInput<U> ub = as_bitmap(u);
    const std::uint8_t* upres = u.nvals.is(u.size) ? nullptr : ub.present;  // a full u: no bitmap to read
    const DeviceMask everywhere;
    pull_csr<UFirst>(s, pull_over_transpose ? transpose_of(a, derived) : a, ub.val, upres, switches().fuse_mask ? mask : everywhere,
                     entry_out_first, tval, tpres);
  }
  finish_vector(w, mask, accum, std::move(tval), std::move(tpres), d.replace);
}

}  // namespace hpg::detail::cuda
