// The C API's accumulate / mask / replace step for matrix outputs on the GPU:
// C<M, replace> = accum ? accum(C, T) : T, with T a device CSR. The semantics are those of the
// host's merge_row (hpgraph/host/algebra.hpp), position for position; here one thread merges one
// output row (C's row, T's row and M's row are all sorted, so a single forward walk suffices).
// Every result is built in new arrays and returned: the caller swaps it into C only once it is
// complete, so a throw (out of memory, a domain error) leaves C as it was.
#pragma once

#include <thrust/copy.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <type_traits>

#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/tuples.cuh"
#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

// ---- 64-bit views of device CSRs ------------------------------------------------------------------

/// A CSR's row offsets as 64-bit values, whatever width it stores them in. Kernels are written for
/// 64-bit offsets only: one instantiation per kernel instead of one per combination of the
/// operands' widths (an operation reads up to three matrices). A 32-bit CSR's offsets are widened
/// into a temporary of nrows + 1 values, small next to the entries.
struct Offsets64 {
  DeviceArray<std::uint64_t> owned;
  const std::uint64_t* ptr = nullptr;
};

struct widen_offset {
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t x) const { return x; }
};
struct narrow_offset {
  HPG_HOST_DEVICE std::uint32_t operator()(std::uint64_t x) const { return static_cast<std::uint32_t>(x); }
};

template <class T>
Offsets64 offsets64(const DeviceCsr<T>& a) {
  Offsets64 o;
  if (a.wide_offsets()) {
    o.ptr = a.ptr64.data();
    return o;
  }
  o.owned.allocate(a.nrows + 1, "row offsets");
  guarded("row offsets", [&] {
    thrust::transform(policy(), a.ptr32.data(), a.ptr32.data() + (a.nrows + 1), o.owned.data(), widen_offset{});
  });
  o.ptr = o.owned.data();
  return o;
}

/// What a kernel reads of a CSR (trivially copyable: passed by value to kernels).
template <class T>
struct CsrView {
  Index nrows = 0, ncols = 0;
  const std::uint64_t* ptr = nullptr;
  const std::uint32_t* col = nullptr;
  const T* val = nullptr;
};

/// A CsrView with the storage its offsets may need.
template <class T>
struct CsrInput {
  Offsets64 offsets;
  CsrView<T> view;
};

template <class T>
CsrInput<T> csr_input(const DeviceCsr<T>& a) {
  CsrInput<T> in;
  in.offsets = offsets64(a);
  in.view = CsrView<T>{a.nrows, a.ncols, in.offsets.ptr, a.col.data(), a.val.data()};
  return in;
}

/// The row holding entry e: the last r with ptr[r] <= e (empty rows before it share its start and
/// lose to it). Used where a kernel walks entries rather than rows, to balance uneven rows.
__device__ inline Index row_of_entry(const std::uint64_t* ptr, Index nrows, std::uint64_t e) {
  return last_at_most_in(ptr, nrows, e);
}

// ---- building results -----------------------------------------------------------------------------

/// An nrows x ncols CSR without entries.
template <class T>
DeviceCsr<T> empty_csr(Index nrows, Index ncols) {
  DeviceCsr<T> out;
  out.nrows = nrows;
  out.ncols = ncols;
  out.nvals = 0;
  out.ptr32.allocate(nrows + 1, "matrix row offsets");
  device_memset(out.ptr32.data(), 0, (nrows + 1) * sizeof(std::uint32_t));
  return out;
}

/// counts[0..n) -> offsets[0..n] in place (exclusive scan); returns the total. counts holds n + 1
/// elements; the last need not be set.
inline std::uint64_t scan_counts(DeviceArray<std::uint64_t>& counts, Index n) {
  device_memset(counts.data() + n, 0, sizeof(std::uint64_t));
  if (n) guarded("row offsets", [&] { thrust::exclusive_scan(policy(), counts.data(), counts.data() + (n + 1), counts.data()); });
  std::uint64_t total = 0;
  copy_device_to_host(&total, counts.data() + n, sizeof(total));
  return total;
}

/// Stores 64-bit offsets in the width that out.nvals calls for (set out.nvals first).
template <class T>
void adopt_offsets(DeviceCsr<T>& out, DeviceArray<std::uint64_t>&& offsets) {
  if (out.wide_offsets()) {
    out.ptr64 = std::move(offsets);
    out.ptr32.release();
    return;
  }
  out.ptr32.allocate(out.nrows + 1, "matrix row offsets");
  guarded("row offsets", [&] {
    thrust::transform(policy(), offsets.data(), offsets.data() + (out.nrows + 1), out.ptr32.data(), narrow_offset{});
  });
  out.ptr64.release();
}

template <class T>
DeviceCsr<T> clone_csr(const DeviceCsr<T>& a) {
  DeviceCsr<T> out;
  out.nrows = a.nrows;
  out.ncols = a.ncols;
  out.nvals = a.nvals;
  out.ptr32 = a.ptr32.clone("matrix row offsets");
  out.ptr64 = a.ptr64.clone("matrix row offsets");
  out.col = a.col.clone("matrix column indices");
  out.val = a.val.clone("matrix values");
  return out;
}

// ---- masks and regions ----------------------------------------------------------------------------

/// Where a matrix mask lets results through, for kernels. A valued mask is reduced to one byte per
/// entry (`on`), so that kernels do not depend on the mask's value type; a structural mask has
/// on == nullptr (every entry counts). No mask: present == false (allows all, or nothing when
/// complemented).
struct MaskView {
  bool present = false;
  bool complement = false;
  const std::uint64_t* ptr = nullptr;
  const std::uint32_t* col = nullptr;
  const std::uint8_t* on = nullptr;

  /// M(i, j) as the descriptor reads it, by binary search in row i.
  __device__ bool allows(Index i, std::uint32_t j) const {
    if (!present) return !complement;
    const std::uint64_t lo = lower_bound_in(col, ptr[i], ptr[i + 1], j);
    const bool in = lo < ptr[i + 1] && col[lo] == j && (!on || on[lo]);
    return in != complement;
  }
};

/// A MaskView with what it points into. The mask's own CSR arrays are read in place (not copied):
/// an output that is also the mask is only replaced after the operation's last kernel.
struct MatrixMask {
  Offsets64 offsets;
  DeviceArray<std::uint8_t> on;
  MaskView view;
  Index nrows = 0, nvals = 0;
  bool present() const { return view.present; }
  bool complement() const { return view.complement; }
};

template <class M>
__global__ void __launch_bounds__(LaunchPolicy::map_threads) mask_values_kernel(const M* val, std::uint64_t n, std::uint8_t* on) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < n; p += std::uint64_t(gridDim.x) * blockDim.x) {
    if constexpr (std::is_convertible_v<M, bool>) on[p] = static_cast<bool>(val[p]);
    else on[p] = 1;  // unreachable: such a mask is structural or refused (matrix_mask)
  }
}

/// The mask of a matrix operation (nullptr: no mask). Error(domain_mismatch) for a valued mask
/// whose type does not convert to bool, as on the host.
template <class M>
MatrixMask matrix_mask(const DeviceCsr<M>* mask, const Descriptor& d) {
  MatrixMask m;
  m.view.complement = d.mask_complement;
  if (!mask) return m;
  if constexpr (!std::is_convertible_v<M, bool>) {
    if (!d.mask_structure)
      throw_error(Info::domain_mismatch, "a valued mask must have a type convertible to bool (use desc::structure for a user type)");
  }
  m.view.present = true;
  m.nrows = mask->nrows;
  m.nvals = mask->nvals;
  m.offsets = offsets64(*mask);
  m.view.ptr = m.offsets.ptr;
  m.view.col = mask->col.data();
  if (!d.mask_structure && mask->nvals) {
    m.on.allocate(mask->nvals, "mask values");
    mask_values_kernel<<<grid_for(mask->nvals, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        mask->val.data(), mask->nvals, m.on.data());
    check_launch("mask_values_kernel");
    m.view.on = m.on.data();
  }
  return m;
}

/// The positions an assign writes, I x J, as a row and a column bitmap; both nullptr: everywhere.
struct RegionView {
  const std::uint8_t* row_in = nullptr;
  const std::uint8_t* col_in = nullptr;
  __device__ bool covers(Index i, std::uint32_t j) const { return !row_in || (row_in[i] && col_in[j]); }
};
struct MatrixRegion {
  DeviceArray<std::uint8_t> row_in, col_in;
  bool everything = true;
  RegionView view() const { return everything ? RegionView{} : RegionView{row_in.data(), col_in.data()}; }
};

// ---- the merge ------------------------------------------------------------------------------------

/// One output row of the pipeline (host: merge_row). Counts the row's entries, and with Fill also
/// writes them at ocol / oval. Both passes run this same walk, so they cannot disagree.
template <bool Fill, class W, class Z, class Accum>
__device__ std::uint64_t merge_matrix_row(Index i, const CsrView<W>& c, const CsrView<Z>& t, const MaskView& m, const RegionView& r,
                                          const Accum& accum, bool replace, std::uint32_t* ocol, W* oval) {
  std::uint64_t a = c.ptr[i], ae = c.ptr[i + 1], b = t.ptr[i], be = t.ptr[i + 1];
  std::uint64_t q = m.present ? m.ptr[i] : 0;
  const std::uint64_t qe = m.present ? m.ptr[i + 1] : 0;
  std::uint64_t n = 0;
  while (a < ae || b < be) {
    const std::uint32_t j = (b == be || (a < ae && c.col[a] < t.col[b])) ? c.col[a] : t.col[b];
    const bool hw = a < ae && c.col[a] == j, ht = b < be && t.col[b] == j;
    bool allowed = !m.complement;
    if (m.present) {  // the mask row is walked forward with j
      while (q < qe && m.col[q] < j) ++q;
      const bool in = q < qe && m.col[q] == j && (!m.on || m.on[q]);
      allowed = in != m.complement;
    }
    bool keep = false;
    W out{};
    if (allowed) {
      if (!r.covers(i, j)) {  // outside an assign's region Z is C
        keep = hw;
        if (Fill && hw) out = c.val[a];
      } else if constexpr (std::is_same_v<Accum, no_accum_t>) {
        keep = ht;
        if (Fill && ht) out = typecast<W>(t.val[b]);
      } else {
        keep = hw || ht;
        if constexpr (Fill) {
          if (hw && ht) {
            if constexpr (std::is_invocable_v<const Accum&, const W&, const Z&>) out = typecast<W>(accum(c.val[a], t.val[b]));
          } else if (hw) {
            out = c.val[a];
          } else if (ht) {
            out = typecast<W>(t.val[b]);
          }
        }
      }
    } else if (hw && !replace) {
      keep = true;
      if (Fill) out = c.val[a];
    }
    if (keep) {
      if constexpr (Fill) {
        ocol[n] = j;
        oval[n] = out;
      }
      ++n;
    }
    if (hw) ++a;
    if (ht) ++b;
  }
  return n;
}

template <class W, class Z, class Accum>
__global__ void __launch_bounds__(LaunchPolicy::csr_build_threads)
    merge_count_kernel(CsrView<W> c, CsrView<Z> t, MaskView m, RegionView r, Accum accum, bool replace,
                       std::uint64_t* counts) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < c.nrows; i += Index(gridDim.x) * blockDim.x)
    counts[i] = merge_matrix_row<false>(i, c, t, m, r, accum, replace, static_cast<std::uint32_t*>(nullptr), static_cast<W*>(nullptr));
}

template <class W, class Z, class Accum>
__global__ void __launch_bounds__(LaunchPolicy::csr_build_threads)
    merge_fill_kernel(CsrView<W> c, CsrView<Z> t, MaskView m, RegionView r, Accum accum, bool replace,
                      const std::uint64_t* offsets, std::uint32_t* ocol, W* oval) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < c.nrows; i += Index(gridDim.x) * blockDim.x)
    merge_matrix_row<true>(i, c, t, m, r, accum, replace, ocol + offsets[i], oval + offsets[i]);
}

template <class W>
struct typecast_values {
  template <class Z>
  HPG_HOST_DEVICE W operator()(const Z& x) const { return typecast<W>(x); }
};

/// C's new contents: C<M, replace> = accum ? accum(C, T) : T, T of C's dimensions (consumed).
/// Error(domain_mismatch) when T's values cannot become C's, or the accumulator does not take them.
template <class W, class Z, class Accum>
DeviceCsr<W> merge_matrix(const DeviceCsr<W>& c, const MatrixMask& mask, const Accum& accum, DeviceCsr<Z>&& t, bool replace,
                          const RegionView& region) {
  if constexpr (!castable_v<W, Z>)
    throw_error(Info::domain_mismatch, "the result's value type cannot be cast to the output's (a user type meets another type)");
  if constexpr (!std::is_same_v<Accum, no_accum_t> && !std::is_invocable_v<const Accum&, const W&, const Z&>)
    throw_error(Info::domain_mismatch, "the accumulator does not take the output's and the result's value types");
  // C = T: the result is T itself (cast to C's type), with no merge at all.
  if (!mask.present() && !mask.complement() && std::is_same_v<Accum, no_accum_t> && !region.row_in) {
    if constexpr (std::is_same_v<W, Z>) {
      return std::move(t);
    } else {
      DeviceCsr<W> out;
      out.nrows = t.nrows;
      out.ncols = t.ncols;
      out.nvals = t.nvals;
      out.val.allocate(t.nvals, "matrix values");
      if (t.nvals)
        guarded("typecast", [&] { thrust::transform(policy(), t.val.data(), t.val.data() + t.nvals, out.val.data(), typecast_values<W>{}); });
      out.ptr32 = std::move(t.ptr32);
      out.ptr64 = std::move(t.ptr64);
      out.col = std::move(t.col);
      return out;
    }
  }
  const Index n = c.nrows;
  const CsrInput<W> ci = csr_input(c);
  const CsrInput<Z> ti = csr_input(t);
  DeviceArray<std::uint64_t> offsets(n + 1, "matrix row offsets");
  if (n) {
    merge_count_kernel<<<grid_for(n, LaunchPolicy::csr_build_threads), LaunchPolicy::csr_build_threads, 0, stream()>>>(
        ci.view, ti.view, mask.view, region, accum, replace, offsets.data());
    check_launch("merge_count_kernel");
  }
  DeviceCsr<W> out;
  out.nrows = c.nrows;
  out.ncols = c.ncols;
  out.nvals = scan_counts(offsets, n);
  out.col.allocate(out.nvals, "matrix column indices");
  out.val.allocate(out.nvals, "matrix values");
  if (n && out.nvals) {
    merge_fill_kernel<<<grid_for(n, LaunchPolicy::csr_build_threads), LaunchPolicy::csr_build_threads, 0, stream()>>>(
        ci.view, ti.view, mask.view, region, accum, replace, offsets.data(), out.col.data(), out.val.data());
    check_launch("merge_fill_kernel");
  }
  adopt_offsets(out, std::move(offsets));
  return out;
}

}  // namespace hpg::detail::cuda
