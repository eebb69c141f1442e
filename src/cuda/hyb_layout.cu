// The HYB build of hyb_layout.cuh.
#include "hpgraph/cuda/hyb_layout.cuh"

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/logical.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/detail/sorted_search.hpp"

namespace hpg::detail::cuda {
namespace {

template <class Offset>
__global__ void __launch_bounds__(LaunchPolicy::row_threads) row_degrees_kernel(const Offset* ptr, Index nrows, std::uint32_t* deg) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x)
    deg[i] = static_cast<std::uint32_t>(ptr[i + 1] - ptr[i]);
}

template <class Offset>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    ell_columns_kernel(const Offset* ptr, const std::uint32_t* col, Index nrows, Index width, std::uint32_t* ell_col) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t b = ptr[i], d = ptr[i + 1] - b;
    for (Index k = 0; k < width; ++k) ell_col[k * nrows + i] = k < d ? col[b + k] : hyb_pad;
  }
}

// A value is m words of type W; value v is words [v * m, v * m + m).
template <class W, class Offset>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    ell_values_kernel(const Offset* ptr, const W* val, std::size_t m, Index nrows, Index width, W* ell_val) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t b = ptr[i], d = ptr[i + 1] - b;
    for (Index k = 0; k < width && k < d; ++k)
      for (std::size_t w = 0; w < m; ++w) ell_val[(k * nrows + i) * m + w] = val[(b + k) * m + w];
  }
}

// The COO copies run a thread per entry, not per row: the tail holds the longest rows, and a
// thread per row left a hub's 10^5 entries to one thread (10.9 ms of a TC on kron-21).
template <class Offset>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    coo_columns_kernel(const Offset* ptr, const std::uint32_t* col, Index width, const std::uint32_t* rows,
                       const std::uint64_t* coo_ptr, Index count, std::uint32_t* coo_col) {
  const std::uint64_t n = coo_ptr[count];
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < n; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index r = last_at_most_in(coo_ptr, count, e);
    coo_col[e] = col[ptr[rows[r]] + width + (e - coo_ptr[r])];
  }
}

template <class W, class Offset>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    coo_values_kernel(const Offset* ptr, const W* val, std::size_t m, Index width, const std::uint32_t* rows,
                      const std::uint64_t* coo_ptr, Index count, W* coo_val) {
  const std::uint64_t n = coo_ptr[count];
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < n; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index r = last_at_most_in(coo_ptr, count, e);
    const std::uint64_t src = ptr[rows[r]] + width + (e - coo_ptr[r]);
    for (std::size_t w = 0; w < m; ++w) coo_val[e * m + w] = val[src * m + w];
  }
}

struct longer_than {
  Index width;
  __host__ __device__ bool operator()(std::uint32_t d) const { return d > width; }
};
struct gather_tail {
  const std::uint32_t* deg;
  Index width;
  __host__ __device__ std::uint64_t operator()(std::uint32_t row) const { return deg[row] - width; }
};

/// Which bin of the tail schedule a tail row of `len` entries falls in.
__host__ __device__ inline int tail_bin(std::uint64_t len) {
  for (int b = 0; b < hyb_bins - 1; ++b)
    if (len <= hyb_bin_lanes(b)) return b;
  return hyb_bins - 1;
}
struct in_tail_bin {
  const std::uint64_t* ptr;
  int bin;
  __host__ __device__ bool operator()(std::uint32_t r) const { return tail_bin(ptr[r + 1] - ptr[r]) == bin; }
};
struct more_than_one_piece {
  const std::uint64_t* ptr;
  __host__ __device__ bool operator()(std::uint32_t r) const { return ptr[r + 1] - ptr[r] > hyb_piece; }
};

__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    tail_pieces_fill_kernel(const std::uint32_t* long_rows, const std::uint64_t* first, Index nlong,
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
void build_tail_schedule(HybLayout& h) {
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
      tail_pieces_fill_kernel<<<grid_for(nlong, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
          long_rows.data(), first.data(), nlong, ptr, h.tail_item.data() + h.bin_start[hyb_bins - 1], h.tail_piece.data());
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

__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    count_columns_kernel(const std::uint32_t* col, std::uint64_t n, std::uint32_t* count) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < n; e += std::uint64_t(gridDim.x) * blockDim.x)
    if (const std::uint32_t c = col[e]; c != hyb_pad) atomicAdd(count + c, 1u);
}
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    rank_of_columns_kernel(const std::uint32_t* order, Index n, std::uint32_t* rank) {
  for (Index r = blockIdx.x * Index(blockDim.x) + threadIdx.x; r < n; r += Index(gridDim.x) * blockDim.x)
    rank[order[r]] = static_cast<std::uint32_t>(r);
}
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    renumber_columns_kernel(std::uint32_t* col, std::uint64_t n, const std::uint32_t* rank) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < n; e += std::uint64_t(gridDim.x) * blockDim.x)
    if (const std::uint32_t c = col[e]; c != hyb_pad) col[e] = rank[c];
}

void count_columns(const DeviceArray<std::uint32_t>& col, std::uint32_t* count) {
  if (col.size() == 0) return;
  count_columns_kernel<<<grid_for(col.size(), LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(col.data(), col.size(),
                                                                                                                    count);
  check_launch("count_columns_kernel");
}
void renumber_columns(DeviceArray<std::uint32_t>& col, const std::uint32_t* rank) {
  if (col.size() == 0) return;
  renumber_columns_kernel<<<grid_for(col.size(), LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(col.data(),
                                                                                                                       col.size(), rank);
  check_launch("renumber_columns_kernel");
}

/// Renumbers h's columns by descending degree where the policy says so (see build_hyb_layout).
void order_columns_by_degree(HybLayout& h, DegreeOrderPolicy rule) {
  const Index n = h.ncols;
  if (n == 0 || h.ell_col.size() + h.coo_entries() < rule.min_entries) return;  // slots >= entries
  DeviceArray<std::uint32_t> count(n, "HYB column degrees");
  device_memset(count.data(), 0, n * sizeof(std::uint32_t));
  count_columns(h.ell_col, count.data());
  count_columns(h.coo_col, count.data());
  guarded("HYB column order", [&] {
    const std::uint64_t entries = thrust::reduce(policy(), count.data(), count.data() + n, std::uint64_t(0));
    const std::uint32_t busiest = thrust::reduce(policy(), count.data(), count.data() + n, 0u, thrust::maximum<std::uint32_t>());
    // No entries, no order to gain (by_degree included: its thresholds are 0).
    if (entries == 0 || entries < rule.min_entries || busiest < rule.skew * (static_cast<double>(entries) / static_cast<double>(n)))
      return;
    DeviceArray<std::uint32_t> order(n, "HYB column order");
    thrust::sequence(policy(), order.data(), order.data() + n);
    thrust::stable_sort_by_key(policy(), count.data(), count.data() + n, order.data(), thrust::greater<std::uint32_t>());
    DeviceArray<std::uint32_t> rank(n, "HYB column order");
    rank_of_columns_kernel<<<grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(order.data(), n,
                                                                                                               rank.data());
    check_launch("rank_of_columns_kernel");
    renumber_columns(h.ell_col, rank.data());
    renumber_columns(h.coo_col, rank.data());
    h.col_order = std::move(order);
    h.col_rank = std::move(rank);
  });
}

template <class Offset>
void build_layout(const Offset* ptr, const std::uint32_t* col, Index n, Index ncols, DegreeOrderPolicy order, HybLayout& h) {
  h.nrows = n;
  h.ncols = ncols;
  h.width = 0;
  if (n == 0) return;
  const unsigned block = LaunchPolicy::row_threads, grid = grid_for(n, block);
  DeviceArray<std::uint32_t> deg(n, "HYB row lengths");
  row_degrees_kernel<<<grid, block, 0, stream()>>>(ptr, n, deg.data());
  check_launch("row_degrees_kernel");
  guarded("HYB build", [&] {
    DeviceArray<std::uint32_t> sorted = deg.clone("HYB row lengths");
    thrust::sort(policy(), sorted.data(), sorted.data() + n, thrust::greater<std::uint32_t>());
    std::uint32_t k = 0;
    copy_device_to_host(&k, sorted.data() + (n + 2) / 3 - 1, sizeof(k));
    h.width = k;
    h.nonempty_rows = static_cast<Index>(thrust::count_if(policy(), deg.data(), deg.data() + n, longer_than{0}));
  });
  h.ell_col.allocate(n * h.width, "HYB ELL columns");
  if (h.width) {
    ell_columns_kernel<<<grid, block, 0, stream()>>>(ptr, col, n, h.width, h.ell_col.data());
    check_launch("ell_columns_kernel");
  }
  guarded("HYB build", [&] {
    const auto count = static_cast<Index>(thrust::count_if(policy(), deg.data(), deg.data() + n, longer_than{h.width}));
    h.coo_rows.allocate(count, "HYB COO rows");
    h.coo_ptr.allocate(count + 1, "HYB COO offsets");
    device_memset(h.coo_ptr.data(), 0, sizeof(std::uint64_t));
    if (count == 0) {
      h.coo_col.release();
      return;
    }
    auto first = thrust::make_counting_iterator<std::uint32_t>(0);
    thrust::copy_if(policy(), first, first + n, deg.data(), h.coo_rows.data(), longer_than{h.width});
    auto lengths = thrust::make_transform_iterator(h.coo_rows.data(), gather_tail{deg.data(), h.width});
    thrust::inclusive_scan(policy(), lengths, lengths + count, h.coo_ptr.data() + 1);
    std::uint64_t total = 0;
    copy_device_to_host(&total, h.coo_ptr.data() + count, sizeof(total));
    h.coo_col.allocate(total, "HYB COO columns");
    coo_columns_kernel<<<grid_for(total, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        ptr, col, h.width, h.coo_rows.data(), h.coo_ptr.data(), count, h.coo_col.data());
    check_launch("coo_columns_kernel");
  });
  build_tail_schedule(h);
  order_columns_by_degree(h, order);
}

/// Calls f with a null W* for the widest word W that divides a value of `bytes` bytes aligned to
/// `align`, and the number of such words per value.
template <class F>
decltype(auto) with_value_words(std::size_t bytes, std::size_t align, F&& f) {
  if (align % 8 == 0 && bytes % 8 == 0) return f(static_cast<std::uint64_t*>(nullptr), bytes / 8);
  if (align % 4 == 0 && bytes % 4 == 0) return f(static_cast<std::uint32_t*>(nullptr), bytes / 4);
  if (align % 2 == 0 && bytes % 2 == 0) return f(static_cast<std::uint16_t*>(nullptr), bytes / 2);
  return f(static_cast<std::uint8_t*>(nullptr), bytes);
}

template <class Offset>
void fill_values(const Offset* ptr, const void* val, std::size_t bytes, std::size_t align, const HybLayout& h, void* ell_val,
                 void* coo_val) {
  const Index n = h.nrows;
  if (n == 0) return;
  with_value_words(bytes, align, [&]<class W>(W*, std::size_t m) {
    const W* v = static_cast<const W*>(val);
    if (h.width && h.ell_col.size()) {
      ell_values_kernel<<<grid_for(n, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(ptr, v, m, n, h.width,
                                                                                                            static_cast<W*>(ell_val));
      check_launch("ell_values_kernel");
    }
    if (const Index count = h.coo_row_count(); count && h.coo_entries()) {
      coo_values_kernel<<<grid_for(h.coo_entries(), LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          ptr, v, m, h.width, h.coo_rows.data(), h.coo_ptr.data(), count, static_cast<W*>(coo_val));
      check_launch("coo_values_kernel");
    }
  });
}

template <class W>
struct differs_from_first_value {
  const W* v;
  std::size_t m;
  __host__ __device__ bool operator()(std::uint64_t k) const { return v[k] != v[k % m]; }
};

}  // namespace

void build_hyb_layout(const std::uint32_t* ptr, const std::uint32_t* col, Index nrows, Index ncols, DegreeOrderPolicy order,
                      HybLayout& h) {
  build_layout(ptr, col, nrows, ncols, order, h);
}
void build_hyb_layout(const std::uint64_t* ptr, const std::uint32_t* col, Index nrows, Index ncols, DegreeOrderPolicy order,
                      HybLayout& h) {
  build_layout(ptr, col, nrows, ncols, order, h);
}

void fill_hyb_values(const std::uint32_t* ptr, const void* val, std::size_t value_bytes, std::size_t value_align,
                     const HybLayout& h, void* ell_val, void* coo_val) {
  fill_values(ptr, val, value_bytes, value_align, h, ell_val, coo_val);
}
void fill_hyb_values(const std::uint64_t* ptr, const void* val, std::size_t value_bytes, std::size_t value_align,
                     const HybLayout& h, void* ell_val, void* coo_val) {
  fill_values(ptr, val, value_bytes, value_align, h, ell_val, coo_val);
}

bool values_bitwise_equal(const void* v, std::size_t n, std::size_t value_bytes, std::size_t value_align) {
  if (n == 0) return false;
  return with_value_words(value_bytes, value_align, [&]<class W>(W*, std::size_t m) {
    return guarded("HYB build", [&] {
      auto k = thrust::make_counting_iterator<std::uint64_t>(0);
      return !thrust::any_of(policy(), k, k + n * m, differs_from_first_value<W>{static_cast<const W*>(v), m});
    });
  });
}

}  // namespace hpg::detail::cuda
