// Building a device matrix's derived forms: its transpose (CSC of A as the CSR of A') and HYB.
#pragma once

#include <thrust/count.h>
#include <thrust/functional.h>
#include <thrust/scan.h>
#include <thrust/sort.h>

#include "hpgraph/cuda/tuples.cuh"

namespace hpg::detail::cuda {

struct swap_key {
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint64_t k) const { return (k << 32) | (k >> 32); }
};

/// A' as a CSR (sorting the swapped keys; the radix sort is stable, so equal rows keep column order).
template <class T>
DeviceCsr<T> transpose_csr(const DeviceCsr<T>& a) {
  DeviceArray<std::uint64_t> keys = csr_to_keys(a);
  DeviceArray<T> vals = a.val.clone("transpose values");
  if (a.nvals)
    guarded("transpose", [&] { thrust::transform(policy(), keys.data(), keys.data() + a.nvals, keys.data(), swap_key{}); });
  sort_and_combine(keys, vals, no_dup, "transpose");
  return csr_from_sorted_keys(a.ncols, a.nrows, std::move(keys), std::move(vals));
}

template <class Offset>
__global__ void row_degrees_kernel(const Offset* ptr, Index nrows, std::uint32_t* deg) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x)
    deg[i] = static_cast<std::uint32_t>(ptr[i + 1] - ptr[i]);
}

template <class T, class Offset>
__global__ void ell_fill_kernel(const Offset* ptr, const std::uint32_t* col, const T* val, Index nrows, Index width,
                                std::uint32_t* ell_col, T* ell_val) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t b = ptr[i], d = ptr[i + 1] - b;
    for (Index k = 0; k < width; ++k) {
      if (k < d) {
        ell_col[k * nrows + i] = col[b + k];
        ell_val[k * nrows + i] = val[b + k];
      } else {
        ell_col[k * nrows + i] = hyb_pad;
      }
    }
  }
}

template <class T, class Offset>
__global__ void coo_fill_kernel(const Offset* ptr, const std::uint32_t* col, const T* val, Index width, const std::uint32_t* rows,
                                const std::uint64_t* coo_ptr, Index count, std::uint32_t* coo_col, T* coo_val) {
  for (Index r = blockIdx.x * Index(blockDim.x) + threadIdx.x; r < count; r += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t src = ptr[rows[r]] + width;
    for (std::uint64_t e = coo_ptr[r]; e < coo_ptr[r + 1]; ++e) {
      coo_col[e] = col[src + (e - coo_ptr[r])];
      coo_val[e] = val[src + (e - coo_ptr[r])];
    }
  }
}

struct tail_length {
  Index width;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t d) const { return d > width ? d - width : 0; }
};
struct longer_than {
  Index width;
  HPG_HOST_DEVICE bool operator()(std::uint32_t d) const { return d > width; }
};
struct gather_tail {
  const std::uint32_t* deg;
  Index width;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t row) const { return deg[row] - width; }
};

/// HYB of a CSR: K by the one-third rule (the ceil(n/3)-th largest row length).
template <class T>
DeviceHyb<T> build_hyb(const DeviceCsr<T>& a) {
  DeviceHyb<T> h;
  h.nrows = a.nrows;
  h.ncols = a.ncols;
  const Index n = a.nrows;
  if (n == 0) return h;
  const unsigned block = 256, grid = grid_for(n, block);
  DeviceArray<std::uint32_t> deg(n, "HYB row lengths");
  if (a.wide_offsets()) row_degrees_kernel<<<grid, block>>>(a.ptr64.data(), n, deg.data());
  else row_degrees_kernel<<<grid, block>>>(a.ptr32.data(), n, deg.data());
  check_launch("row_degrees_kernel");
  guarded("HYB build", [&] {
    DeviceArray<std::uint32_t> sorted = deg.clone("HYB row lengths");
    thrust::sort(policy(), sorted.data(), sorted.data() + n, thrust::greater<std::uint32_t>());
    std::uint32_t k = 0;
    copy_device_to_host(&k, sorted.data() + (n + 2) / 3 - 1, sizeof(k));
    h.width = k;
  });
  h.ell_col.allocate(n * h.width, "HYB ELL columns");
  h.ell_val.allocate(n * h.width, "HYB ELL values");
  if (h.width) {
    if (a.wide_offsets())
      ell_fill_kernel<<<grid, block>>>(a.ptr64.data(), a.col.data(), a.val.data(), n, h.width, h.ell_col.data(), h.ell_val.data());
    else
      ell_fill_kernel<<<grid, block>>>(a.ptr32.data(), a.col.data(), a.val.data(), n, h.width, h.ell_col.data(), h.ell_val.data());
    check_launch("ell_fill_kernel");
  }
  guarded("HYB build", [&] {
    const auto count = static_cast<Index>(thrust::count_if(policy(), deg.data(), deg.data() + n, longer_than{h.width}));
    h.coo_rows.allocate(count, "HYB COO rows");
    h.coo_ptr.allocate(count + 1, "HYB COO offsets");
    if (count == 0) {
      device_memset(h.coo_ptr.data(), 0, sizeof(std::uint64_t));
      return;
    }
    auto first = thrust::make_counting_iterator<std::uint32_t>(0);
    thrust::copy_if(policy(), first, first + n, deg.data(), h.coo_rows.data(), longer_than{h.width});
    auto lengths = thrust::make_transform_iterator(h.coo_rows.data(), gather_tail{deg.data(), h.width});
    device_memset(h.coo_ptr.data(), 0, sizeof(std::uint64_t));
    thrust::inclusive_scan(policy(), lengths, lengths + count, h.coo_ptr.data() + 1);
    std::uint64_t total = 0;
    copy_device_to_host(&total, h.coo_ptr.data() + count, sizeof(total));
    h.coo_col.allocate(total, "HYB COO columns");
    h.coo_val.allocate(total, "HYB COO values");
    if (a.wide_offsets())
      coo_fill_kernel<<<grid_for(count, block), block>>>(a.ptr64.data(), a.col.data(), a.val.data(), h.width, h.coo_rows.data(),
                                                         h.coo_ptr.data(), count, h.coo_col.data(), h.coo_val.data());
    else
      coo_fill_kernel<<<grid_for(count, block), block>>>(a.ptr32.data(), a.col.data(), a.val.data(), h.width, h.coo_rows.data(),
                                                         h.coo_ptr.data(), count, h.coo_col.data(), h.coo_val.data());
    check_launch("coo_fill_kernel");
  });
  return h;
}

/// The derived forms, built on first use.
template <class T>
const DeviceCsr<T>& transpose_of(const DeviceCsr<T>& a, DeviceDerived<T>& d) {
  if (!d.have_transpose) {
    d.transpose = transpose_csr(a);
    d.have_transpose = true;
  }
  return d.transpose;
}
template <class T>
const DeviceHyb<T>& hyb_of(const DeviceCsr<T>& a, DeviceDerived<T>& d, bool transposed) {
  if (!transposed) {
    if (!d.have_hyb) {
      d.hyb = build_hyb(a);
      d.have_hyb = true;
    }
    return d.hyb;
  }
  if (!d.have_hyb_transpose) {
    d.hyb_transpose = build_hyb(transpose_of(a, d));
    d.have_hyb_transpose = true;
  }
  return d.hyb_transpose;
}

}  // namespace hpg::detail::cuda
