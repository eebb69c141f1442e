// The algorithms behind primitives.cuh, templated on the value type. primitives.cu instantiates
// them once per word type; a value type that is not a word instantiates them where it is used.
#pragma once

#include <thrust/copy.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/remove.h>
#include <thrust/sort.h>
#include <thrust/tuple.h>

#include <cstddef>
#include <cstdint>

#include "hpgraph/cuda/counted_scan.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/types.hpp"

namespace hpg::detail::cuda::prim {

struct is_set {
  HPG_HOST_DEVICE bool operator()(std::uint8_t f) const { return f != 0; }
};

/// Position k is the last of its run of equal keys and not removed.
struct last_of_run_kept {
  const std::uint64_t* keys;
  const std::uint8_t* removed;
  std::size_t n;
  HPG_HOST_DEVICE bool operator()(std::size_t k) const {
    return !removed[k] && (k + 1 == n || keys[k] != keys[k + 1]);
  }
};

struct key_outside {
  Index nrows, ncols;
  template <class Tup>
  HPG_HOST_DEVICE bool operator()(const Tup& t) const {
    const std::uint64_t k = thrust::get<0>(t);
    return (k >> 32) >= nrows || (k & 0xffffffffu) >= ncols;
  }
};

struct key_is {
  std::uint32_t key;
  template <class Tup>
  HPG_HOST_DEVICE bool operator()(const Tup& t) const { return thrust::get<0>(t) == key; }
};

template <class P, class V>
void gather(const P* perm, std::size_t n, const V* src, V* dst) {
  if (n) thrust::gather(policy(), perm, perm + n, src, dst);
}

template <class V>
std::size_t select_flagged(const std::uint8_t* flags, std::size_t n, const V* vals, std::uint32_t* idx_out, V* vals_out) {
  if (n == 0) return 0;
  auto first = thrust::make_zip_iterator(thrust::make_counting_iterator<std::uint32_t>(0), vals);
  auto out = thrust::make_zip_iterator(idx_out, vals_out);
  return static_cast<std::size_t>(thrust::copy_if(policy(), first, first + n, flags, out, is_set{}) - out);
}

template <class V>
std::size_t keep_last_of_runs(const std::uint64_t* keys, std::size_t n, const V* vals, const std::uint8_t* removed,
                              std::uint64_t* keys_out, V* vals_out) {
  if (n == 0) return 0;
  auto first = thrust::make_zip_iterator(keys, vals);
  auto out = thrust::make_zip_iterator(keys_out, vals_out);
  auto stencil = thrust::make_counting_iterator<std::size_t>(0);
  return static_cast<std::size_t>(
      thrust::copy_if(policy(), first, first + n, stencil, out, last_of_run_kept{keys, removed, n}) - out);
}

template <class V>
std::size_t remove_keys_outside(std::uint64_t* keys, V* vals, std::size_t n, Index nrows, Index ncols) {
  if (n == 0) return 0;
  auto first = thrust::make_zip_iterator(keys, vals);
  return static_cast<std::size_t>(thrust::remove_if(policy(), first, first + n, key_outside{nrows, ncols}) - first);
}

/// The entries whose stencil byte is set, laid out by a counted scan (its work follows the count
/// the kernels read, not the bound): entry k goes to the number of kept entries before it.
template <class V>
struct StencilSelect {
  using value_type = std::uint32_t;
  const std::uint32_t* idx;
  const V* vals;
  const std::uint8_t* stencil;
  std::uint32_t* idx_out;
  V* vals_out;
  unsigned long long* selected;
  __device__ std::uint32_t value(Index k) const { return stencil[k] != 0; }
  __device__ void emit(Index k, std::uint32_t at, std::uint32_t kept) const {
    if (!kept) return;
    idx_out[at] = idx[k];
    vals_out[at] = vals[k];
  }
  __device__ void total(Index, std::uint32_t n) const { *selected = n; }
};

template <class V>
void select_by_stencil(const std::uint32_t* idx, const V* vals, DeviceCount::View count, std::size_t bound,
                       const std::uint8_t* stencil, std::uint32_t* idx_out, V* vals_out, unsigned long long* selected) {
  counted_scan(count, static_cast<Index>(bound), StencilSelect<V>{idx, vals, stencil, idx_out, vals_out, selected}, "select");
}

template <class V>
std::size_t remove_key(std::uint32_t* keys, V* vals, std::size_t n, std::uint32_t drop) {
  if (n == 0) return 0;
  auto first = thrust::make_zip_iterator(keys, vals);
  return static_cast<std::size_t>(thrust::remove_if(policy(), first, first + n, key_is{drop}) - first);
}

template <class V>
void sort_pairs(std::uint32_t* keys, V* vals, std::size_t n) {
  if (n) thrust::stable_sort_by_key(policy(), keys, keys + n, vals);
}

}  // namespace hpg::detail::cuda::prim
