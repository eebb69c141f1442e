// Building a device matrix's derived forms: its transpose (CSC of A as the CSR of A') and HYB.
#pragma once

#include <thrust/count.h>
#include <thrust/logical.h>
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
        if (ell_val) ell_val[k * nrows + i] = val[b + k];
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
      if (coo_val) coo_val[e] = val[src + (e - coo_ptr[r])];
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

/// True where v[e] differs bitwise from *first (iso detection: bits, as SuiteSparse's iso test).
template <class T>
struct differs_from_first {
  const T* v;
  const T* first;
  HPG_HOST_DEVICE bool operator()(std::uint64_t e) const {
    const auto* a = reinterpret_cast<const unsigned char*>(v + e);
    const auto* b = reinterpret_cast<const unsigned char*>(first);
    for (std::size_t k = 0; k < sizeof(T); ++k)
      if (a[k] != b[k]) return true;
    return false;
  }
};

/// Whether every value of a is bitwise the same; its value in *iso_value.
template <class T>
bool values_iso(const DeviceCsr<T>& a, T* iso_value) {
  if (a.nvals == 0) return false;
  return guarded("HYB build", [&] {
    auto e = thrust::make_counting_iterator<std::uint64_t>(0);
    if (thrust::any_of(policy(), e, e + a.nvals, differs_from_first<T>{a.val.data(), a.val.data()})) return false;
    copy_device_to_host(iso_value, a.val.data(), sizeof(T));
    return true;
  });
}

/// Which bin of the tail schedule a tail row of `len` entries falls in.
HPG_HOST_DEVICE inline int tail_bin(std::uint64_t len) {
  for (int b = 0; b < hyb_bins - 1; ++b)
    if (len <= hyb_bin_lanes(b)) return b;
  return hyb_bins - 1;
}
struct in_tail_bin {
  const std::uint64_t* ptr;
  int bin;
  HPG_HOST_DEVICE bool operator()(std::uint32_t r) const { return tail_bin(ptr[r + 1] - ptr[r]) == bin; }
};
struct tail_pieces {
  const std::uint64_t* ptr;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t r) const { return (ptr[r + 1] - ptr[r] + hyb_piece - 1) / hyb_piece; }
};
struct more_than_one_piece {
  const std::uint64_t* ptr;
  HPG_HOST_DEVICE bool operator()(std::uint32_t r) const { return ptr[r + 1] - ptr[r] > hyb_piece; }
};

__global__ inline void tail_pieces_fill_kernel(const std::uint32_t* long_rows, const std::uint64_t* first, Index nlong,
                                               const std::uint64_t* ptr, std::uint32_t* item, std::uint32_t* piece) {
  for (Index l = blockIdx.x * Index(blockDim.x) + threadIdx.x; l < nlong; l += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t r = long_rows[l];
    const std::uint64_t n = tail_pieces{ptr}(r);
    for (std::uint64_t p = 0; p < n; ++p) {
      item[first[l] + p] = r;
      piece[first[l] + p] = static_cast<std::uint32_t>(p);
    }
  }
}

/// The tail schedule (see DeviceHyb) from coo_ptr.
template <class T>
void build_tail_schedule(DeviceHyb<T>& h) {
  const Index count = h.coo_row_count();
  guarded("HYB tail schedule", [&] {
    auto rows = thrust::make_counting_iterator<std::uint32_t>(0);
    const std::uint64_t* ptr = h.coo_ptr.data();
    Index size[hyb_bins] = {};
    for (int b = 0; b < hyb_bins; ++b)
      size[b] = count ? static_cast<Index>(thrust::count_if(policy(), rows, rows + count, in_tail_bin{ptr, b})) : 0;
    // The last bin lists its rows first (then expanded into pieces below).
    DeviceArray<std::uint32_t> long_rows(size[hyb_bins - 1], "HYB tail schedule");
    DeviceArray<std::uint64_t> first(size[hyb_bins - 1] + 1, "HYB tail schedule");
    Index nlong_items = 0;
    if (size[hyb_bins - 1]) {
      thrust::copy_if(policy(), rows, rows + count, long_rows.data(), in_tail_bin{ptr, hyb_bins - 1});
      auto np = thrust::make_transform_iterator(long_rows.data(), tail_pieces{ptr});
      device_memset(first.data(), 0, sizeof(std::uint64_t));
      thrust::inclusive_scan(policy(), np, np + size[hyb_bins - 1], first.data() + 1);
      std::uint64_t total = 0;
      copy_device_to_host(&total, first.data() + size[hyb_bins - 1], sizeof(total));
      nlong_items = static_cast<Index>(total);
    }
    h.bin_start[0] = 0;
    for (int b = 0; b < hyb_bins - 1; ++b) h.bin_start[b + 1] = h.bin_start[b] + size[b];
    h.bin_start[hyb_bins] = h.bin_start[hyb_bins - 1] + nlong_items;
    h.tail_item.allocate(h.bin_start[hyb_bins], "HYB tail schedule");
    h.tail_piece.allocate(nlong_items, "HYB tail schedule");
    for (int b = 0; b < hyb_bins - 1; ++b)
      if (size[b]) thrust::copy_if(policy(), rows, rows + count, h.tail_item.data() + h.bin_start[b], in_tail_bin{ptr, b});
    const Index nlong = size[hyb_bins - 1];
    if (nlong) {
      tail_pieces_fill_kernel<<<grid_for(nlong, 256), 256>>>(long_rows.data(), first.data(), nlong, ptr,
                                                              h.tail_item.data() + h.bin_start[hyb_bins - 1], h.tail_piece.data());
      check_launch("tail_pieces_fill_kernel");
      const auto nsplit = static_cast<Index>(thrust::count_if(policy(), long_rows.data(), long_rows.data() + nlong, more_than_one_piece{ptr}));
      h.split_rows.allocate(nsplit, "HYB tail schedule");
      h.split_first.allocate(nsplit, "HYB tail schedule");
      if (nsplit) {
        auto src = thrust::make_zip_iterator(long_rows.data(), first.data());
        thrust::copy_if(policy(), src, src + nlong, long_rows.data(), thrust::make_zip_iterator(h.split_rows.data(), h.split_first.data()),
                        more_than_one_piece{ptr});
      }
    }
  });
}

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
  h.iso = values_iso(a, &h.iso_value);
  h.ell_col.allocate(n * h.width, "HYB ELL columns");
  h.ell_val.allocate(h.iso ? 0 : n * h.width, "HYB ELL values");
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
    h.coo_val.allocate(h.iso ? 0 : total, "HYB COO values");
    if (a.wide_offsets())
      coo_fill_kernel<<<grid_for(count, block), block>>>(a.ptr64.data(), a.col.data(), a.val.data(), h.width, h.coo_rows.data(),
                                                         h.coo_ptr.data(), count, h.coo_col.data(), h.coo_val.data());
    else
      coo_fill_kernel<<<grid_for(count, block), block>>>(a.ptr32.data(), a.col.data(), a.val.data(), h.width, h.coo_rows.data(),
                                                         h.coo_ptr.data(), count, h.coo_col.data(), h.coo_val.data());
    check_launch("coo_fill_kernel");
  });
  build_tail_schedule(h);
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
