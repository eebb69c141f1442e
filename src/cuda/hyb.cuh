// Building a device matrix's derived forms: its transpose (CSC of A as the CSR of A') and HYB.
// Both run on library code compiled once (primitives.cu, hyb_layout.cu).
#pragma once

#include "hpgraph/cuda/hyb_layout.cuh"
#include "hpgraph/cuda/tuples.cuh"
#include "hpgraph/detail/tuning.hpp"

namespace hpg::detail::cuda {

/// A' as a CSR (sorting the swapped keys; the radix sort is stable, so equal rows keep column order).
template <class T>
DeviceCsr<T> transpose_csr(const DeviceCsr<T>& a) {
  DeviceArray<std::uint64_t> keys = csr_to_keys(a);
  DeviceArray<T> vals = a.val.clone("transpose values");
  swap_key_halves(keys.data(), a.nvals);
  sort_and_combine(keys, vals, no_dup, "transpose");
  return csr_from_sorted_keys(a.ncols, a.nrows, std::move(keys), std::move(vals));
}

/// HYB of a CSR: the pattern part built by the library (hyb_layout.cu), then the values copied
/// in unless they are iso.
template <class T>
DeviceHyb<T> build_hyb(const DeviceCsr<T>& a) {
  DeviceHyb<T> h;
  const DegreeOrderPolicy order{tuning().degree_order_min_entries, tuning().degree_order_skew};
  if (a.wide_offsets()) build_hyb_layout(a.ptr64.data(), a.col.data(), a.nrows, a.ncols, order, h);
  else build_hyb_layout(a.ptr32.data(), a.col.data(), a.nrows, a.ncols, order, h);
  if (a.nrows == 0) return h;
  h.iso = values_bitwise_equal(a.val.data(), a.nvals, sizeof(T), alignof(T));
  if (h.iso) {
    copy_device_to_host(&h.iso_value, a.val.data(), sizeof(T));
    return h;
  }
  h.ell_val.allocate(h.nrows * h.width, "HYB ELL values");
  h.coo_val.allocate(h.coo_entries(), "HYB COO values");
  if (a.wide_offsets()) fill_hyb_values(a.ptr64.data(), a.val.data(), sizeof(T), alignof(T), h, h.ell_val.data(), h.coo_val.data());
  else fill_hyb_values(a.ptr32.data(), a.val.data(), sizeof(T), alignof(T), h, h.ell_val.data(), h.coo_val.data());
  return h;
}

/// The derived forms, built on first use (by one thread, when several read the matrix at once;
/// a build that throws leaves the form unbuilt).
template <class T>
const DeviceCsr<T>& transpose_of(const DeviceCsr<T>& a, DeviceDerived<T>& d) {
  std::lock_guard lock(d.building);
  d.built.order_after();  // built on another thread's stream, maybe
  if (!d.have_transpose) {
    UncapturedScope now;  // kept after a device loop: built outside its capture
    d.transpose = transpose_csr(a);
    d.have_transpose = true;
    d.built.record();
  }
  return d.transpose;
}
template <class T>
const DeviceHyb<T>& hyb_of(const DeviceCsr<T>& a, DeviceDerived<T>& d, bool transposed) {
  std::lock_guard lock(d.building);
  d.built.order_after();
  if (!transposed) {
    if (!d.have_hyb) {
      UncapturedScope now;
      d.hyb = build_hyb(a);
      d.have_hyb = true;
      d.built.record();
    }
    return d.hyb;
  }
  if (!d.have_hyb_transpose) {
    UncapturedScope now;
    d.hyb_transpose = build_hyb(transpose_of(a, d));
    d.have_hyb_transpose = true;
    d.built.record();
  }
  return d.hyb_transpose;
}

/// The most entries in a row of A (transposed: of A'), found once (one host wait) and kept.
template <class T>
Index longest_row_of(const DeviceCsr<T>& a, DeviceDerived<T>& d, bool transposed) {
  std::lock_guard lock(d.building);
  std::optional<Index>& kept = transposed ? d.longest_row_transpose : d.longest_row;
  if (!kept) {
    UncapturedScope now;
    const DeviceCsr<T>& c = transposed ? transpose_of(a, d) : a;
    kept = c.wide_offsets() ? longest_row(c.ptr64.data(), c.nrows) : longest_row(c.ptr32.data(), c.nrows);
  }
  return *kept;
}

}  // namespace hpg::detail::cuda
