// The primitives of primitives.cuh, compiled once into libhpgraph.
#include "hpgraph/cuda/primitives.cuh"

#include <thrust/binary_search.h>
#include <thrust/count.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <string>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/detail/sorted_search.hpp"

namespace hpg::detail::cuda {
namespace {

struct key_col {
  __host__ __device__ std::uint32_t operator()(std::uint64_t k) const { return static_cast<std::uint32_t>(k); }
};
struct row_start_key {
  __host__ __device__ std::uint64_t operator()(std::uint64_t i) const { return i << 32; }
};
struct widen_index {
  __host__ __device__ std::uint64_t operator()(std::uint32_t i) const { return i; }
};
struct swap_key {
  __host__ __device__ std::uint64_t operator()(std::uint64_t k) const { return (k << 32) | (k >> 32); }
};

template <class Offset>
struct entry_key {
  const Offset* ptr;
  const std::uint32_t* col;
  Index nrows;
  __host__ __device__ std::uint64_t operator()(std::uint64_t k) const {
    // the row r with ptr[r] <= k < ptr[r + 1]
    return (last_at_most_in(ptr, nrows, k) << 32) | col[k];
  }
};

template <class Offset>
void row_offsets(const std::uint64_t* keys, std::size_t n, Index nrows, Offset* ptr) {
  auto starts = thrust::make_transform_iterator(thrust::make_counting_iterator<std::uint64_t>(0), row_start_key{});
  guarded("row offsets", [&] { thrust::lower_bound(policy(), keys, keys + n, starts, starts + (nrows + 1), ptr); });
}

template <class Offset>
void keys_of_csr(const Offset* ptr, const std::uint32_t* col, Index nrows, std::size_t nvals, std::uint64_t* keys) {
  if (nvals == 0) return;
  auto first = thrust::make_counting_iterator<std::uint64_t>(0);
  guarded("CSR keys", [&] { thrust::transform(policy(), first, first + nvals, keys, entry_key<Offset>{ptr, col, nrows}); });
}

/// Calls f with a null pointer of the word type of `word` bytes.
template <class F>
decltype(auto) with_word(std::size_t word, F&& f) {
  switch (word) {
    case 1: return f(static_cast<std::uint8_t*>(nullptr));
    case 2: return f(static_cast<std::uint16_t*>(nullptr));
    case 4: return f(static_cast<std::uint32_t*>(nullptr));
    case 8: return f(static_cast<std::uint64_t*>(nullptr));
    default: throw_error(Info::invalid_value, "device primitive: value word of " + std::to_string(word) + " bytes");
  }
}

}  // namespace

template <class P>
static void sort_with_positions(std::uint64_t* keys, std::size_t n, P* perm) {
  if (n == 0) return;
  guarded("sort", [&] {
    thrust::sequence(policy(), perm, perm + n);
    thrust::stable_sort_by_key(policy(), keys, keys + n, perm);
  });
}
void stable_sort_with_permutation(std::uint64_t* keys, std::size_t n, std::uint64_t* perm) { sort_with_positions(keys, n, perm); }
void stable_sort_with_permutation(std::uint64_t* keys, std::size_t n, std::uint32_t* perm) {
  if (n > max_keys_for_32bit_positions) throw_error(Info::invalid_value, "sort: " + std::to_string(n) + " keys need 64-bit positions");
  sort_with_positions(keys, n, perm);
}

std::size_t count_distinct_sorted(const std::uint64_t* keys, std::size_t n) {
  if (n < 2) return n;
  return guarded("count distinct keys", [&] {
    return static_cast<std::size_t>(thrust::inner_product(policy(), keys, keys + n - 1, keys + 1, std::size_t{1},
                                                          thrust::plus<std::size_t>(), thrust::not_equal_to<std::uint64_t>()));
  });
}

namespace {
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    count_set_kernel(const std::uint8_t* flags, std::size_t n, unsigned long long* count) {
  unsigned mine = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    mine += flags[i] != 0;
  add_block_count(mine, count);
}
}  // namespace

DeviceArray<unsigned long long> count_set_on_device(const std::uint8_t* flags, std::size_t n) {
  DeviceCounter count("entry count");
  if (n) {
    count_set_kernel<<<capped_grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(flags, n, count.data());
    check_launch("count_set_kernel");
  }
  return count.take();
}

namespace {
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    presence_bits_of_bytes_kernel(const std::uint8_t* present, const std::uint32_t* order, Index n, std::uint32_t* bits,
                                  unsigned long long* zero_word) {
  if (zero_word && blockIdx.x == 0 && threadIdx.x == 0) *zero_word = 0;
  // The loop bound is rounded up to whole warps, so every lane reaches the ballot.
  const Index words = (n + 31) / 32;
  for (Index p = blockIdx.x * Index(blockDim.x) + threadIdx.x; p < words * 32; p += Index(gridDim.x) * blockDim.x) {
    const bool in = p < n && present[order ? order[p] : p] != 0;
    const unsigned ballot = __ballot_sync(0xffffffffu, in);
    if (p % 32 == 0) bits[p / 32] = ballot;
  }
}
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    presence_bits_of_list_kernel(const std::uint32_t* idx, DeviceCount::View count, const std::uint32_t* rank,
                                 std::uint32_t* bits, unsigned long long* zero_word) {
  if (zero_word && blockIdx.x == 0 && threadIdx.x == 0) *zero_word = 0;
  const Index m = count_of(count);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t p = rank ? rank[idx[k]] : idx[k];
    atomicOr(bits + p / 32, 1u << (p % 32));
  }
}
}  // namespace

void presence_bits_of_bytes(const std::uint8_t* present, const std::uint32_t* order, Index n, std::uint32_t* bits,
                            unsigned long long* zero_word) {
  if (n == 0) {
    if (zero_word) device_memset(zero_word, 0, sizeof(*zero_word));
    return;
  }
  // The block size is a multiple of 32 and the grid strides by whole warps (see the kernel).
  presence_bits_of_bytes_kernel<<<capped_grid_for((n + 31) / 32 * 32, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      present, order, n, bits, zero_word);
  check_launch("presence_bits_of_bytes_kernel");
}

void presence_bits_of_list(const std::uint32_t* idx, DeviceCount::View count, std::size_t bound, const std::uint32_t* rank, Index n,
                           std::uint32_t* bits, unsigned long long* zero_word) {
  if (n) device_memset(bits, 0, (n + 31) / 32 * sizeof(std::uint32_t));
  if (bound == 0) {
    if (zero_word) device_memset(zero_word, 0, sizeof(*zero_word));
    return;
  }
  const unsigned grid = count.word ? capped_grid_for(bound, LaunchPolicy::map_threads) : grid_for(bound, LaunchPolicy::map_threads);
  presence_bits_of_list_kernel<<<grid, LaunchPolicy::map_threads, 0, stream()>>>(idx, count, rank, bits, zero_word);
  check_launch("presence_bits_of_list_kernel");
}

std::size_t count_set(const std::uint8_t* flags, std::size_t n) {
  if (n == 0) return 0;
  return guarded("count", [&] {
    return static_cast<std::size_t>(thrust::count_if(policy(), flags, flags + n, prim::is_set{}));
  });
}

void key_columns(const std::uint64_t* keys, std::size_t n, std::uint32_t* col) {
  if (n) guarded("key columns", [&] { thrust::transform(policy(), keys, keys + n, col, key_col{}); });
}

void row_offsets_of_sorted_keys(const std::uint64_t* keys, std::size_t n, Index nrows, std::uint32_t* ptr) {
  row_offsets(keys, n, nrows, ptr);
}
void row_offsets_of_sorted_keys(const std::uint64_t* keys, std::size_t n, Index nrows, std::uint64_t* ptr) {
  row_offsets(keys, n, nrows, ptr);
}

void csr_keys(const std::uint32_t* ptr, const std::uint32_t* col, Index nrows, std::size_t nvals, std::uint64_t* keys) {
  keys_of_csr(ptr, col, nrows, nvals, keys);
}
void csr_keys(const std::uint64_t* ptr, const std::uint32_t* col, Index nrows, std::size_t nvals, std::uint64_t* keys) {
  keys_of_csr(ptr, col, nrows, nvals, keys);
}

void widen_indices(const std::uint32_t* idx, std::size_t n, std::uint64_t* out) {
  if (n) guarded("widen indices", [&] { thrust::transform(policy(), idx, idx + n, out, widen_index{}); });
}

void swap_key_halves(std::uint64_t* keys, std::size_t n) {
  if (n) guarded("transpose keys", [&] { thrust::transform(policy(), keys, keys + n, keys, swap_key{}); });
}

std::size_t lower_bound(const std::uint32_t* sorted, std::size_t n, std::uint32_t value) {
  if (n == 0) return 0;
  return guarded("search", [&] {
    return static_cast<std::size_t>(thrust::lower_bound(policy(), sorted, sorted + n, value) - sorted);
  });
}

namespace {
template <class Offset>
struct row_length {
  const Offset* ptr;
  __host__ __device__ Index operator()(Index r) const { return Index(ptr[r + 1] - ptr[r]); }
};
template <class Offset>
Index max_row_length(const Offset* ptr, Index nrows) {
  if (nrows == 0) return 0;
  return guarded("longest row", [&] {
    const auto len = thrust::make_transform_iterator(thrust::make_counting_iterator<Index>(0), row_length<Offset>{ptr});
    return thrust::reduce(policy(), len, len + nrows, Index(0), thrust::maximum<Index>());
  });
}
}  // namespace

Index longest_row(const std::uint32_t* ptr, Index nrows) { return max_row_length(ptr, nrows); }
Index longest_row(const std::uint64_t* ptr, Index nrows) { return max_row_length(ptr, nrows); }

void gather_words(const std::uint64_t* perm, std::size_t n, const void* src, void* dst, std::size_t word) {
  with_word(word, [&]<class W>(W*) { guarded("gather", [&] { prim::gather(perm, n, static_cast<const W*>(src), static_cast<W*>(dst)); }); });
}
void gather_words(const std::uint32_t* perm, std::size_t n, const void* src, void* dst, std::size_t word) {
  with_word(word, [&]<class W>(W*) { guarded("gather", [&] { prim::gather(perm, n, static_cast<const W*>(src), static_cast<W*>(dst)); }); });
}

std::size_t select_flagged_words(const std::uint8_t* flags, std::size_t n, const void* vals, std::uint32_t* idx_out,
                                 void* vals_out, std::size_t word) {
  return with_word(word, [&]<class W>(W*) {
    return guarded("select", [&] {
      return prim::select_flagged(flags, n, static_cast<const W*>(vals), idx_out, static_cast<W*>(vals_out));
    });
  });
}

std::size_t keep_last_of_runs_words(const std::uint64_t* keys, std::size_t n, const void* vals, const std::uint8_t* removed,
                                    std::uint64_t* keys_out, void* vals_out, std::size_t word) {
  return with_word(word, [&]<class W>(W*) {
    return guarded("merge", [&] {
      return prim::keep_last_of_runs(keys, n, static_cast<const W*>(vals), removed, keys_out, static_cast<W*>(vals_out));
    });
  });
}

std::size_t remove_keys_outside_words(std::uint64_t* keys, void* vals, std::size_t n, Index nrows, Index ncols,
                                      std::size_t word) {
  return with_word(word, [&]<class W>(W*) {
    return guarded("resize", [&] { return prim::remove_keys_outside(keys, static_cast<W*>(vals), n, nrows, ncols); });
  });
}

void select_by_stencil_words(const std::uint32_t* idx, const void* vals, DeviceCount::View count, std::size_t bound,
                             const std::uint8_t* stencil, std::uint32_t* idx_out, void* vals_out, unsigned long long* selected,
                             std::size_t word) {
  with_word(word, [&]<class W>(W*) {
    guarded("compact", [&] {
      prim::select_by_stencil(idx, static_cast<const W*>(vals), count, bound, stencil, idx_out, static_cast<W*>(vals_out), selected);
    });
  });
}

std::size_t remove_key_words(std::uint32_t* keys, void* vals, std::size_t n, std::uint32_t drop, std::size_t word) {
  return with_word(word, [&]<class W>(W*) {
    return guarded("remove", [&] { return prim::remove_key(keys, static_cast<W*>(vals), n, drop); });
  });
}

void sort_pairs_words(std::uint32_t* keys, void* vals, std::size_t n, std::size_t word) {
  with_word(word, [&]<class W>(W*) { guarded("sort", [&] { prim::sort_pairs(keys, static_cast<W*>(vals), n); }); });
}

}  // namespace hpg::detail::cuda
