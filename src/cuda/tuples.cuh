// Device versions of hpgraph/host/tuples.hpp: sort tuples into CSR or a vector's forms, merge
// pending updates, resize. Tuples travel as 64-bit keys (row << 32 | column); the radix sort is
// stable, so duplicates are combined in input order exactly as on the host.
#pragma once

#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/count.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

#include <optional>
#include <string>
#include <vector>

#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/host/tuples.hpp"

namespace hpg::detail::cuda {

struct key_row {
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint64_t k) const { return k >> 32; }
};
struct key_col {
  HPG_HOST_DEVICE std::uint32_t operator()(std::uint64_t k) const { return static_cast<std::uint32_t>(k); }
};
struct row_start_key {
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint64_t i) const { return i << 32; }
};

template <class T>
struct cast_to {
  template <class S>
  HPG_HOST_DEVICE T operator()(const S& x) const { return static_cast<T>(x); }
};

template <class Dup, class T>
struct dup_functor {
  Dup dup;
  HPG_HOST_DEVICE T operator()(const T& a, const T& b) const { return static_cast<T>(dup(a, b)); }
};

/// Sorts (keys, vals) by key, stable, and combines equal keys with dup in input order.
/// Error(invalid_value) on a duplicate when Dup is no_dup_t.
template <class T, class Dup>
void sort_and_combine(DeviceArray<std::uint64_t>& keys, DeviceArray<T>& vals, const Dup& dup, const char* what) {
  const std::size_t n = keys.size();
  if (n == 0) return;
  guarded(what, [&] {
    DeviceArray<std::uint64_t> perm(n, "build permutation");
    thrust::sequence(policy(), perm.data(), perm.data() + n);
    thrust::stable_sort_by_key(policy(), keys.data(), keys.data() + n, perm.data());
    DeviceArray<T> sorted(n, "build values");
    thrust::gather(policy(), perm.data(), perm.data() + n, vals.data(), sorted.data());
    perm.release();
    const std::size_t unique_n = static_cast<std::size_t>(
        thrust::inner_product(policy(), keys.data(), keys.data() + n - 1, keys.data() + 1, std::size_t{1},
                              thrust::plus<std::size_t>(), thrust::not_equal_to<std::uint64_t>()));
    if (unique_n == n) {
      vals = std::move(sorted);
      return;
    }
    if constexpr (std::is_same_v<Dup, no_dup_t>) {
      throw_error(Info::invalid_value, std::string(what) + ": duplicate entries and no dup operator was given");
    } else {
      DeviceArray<std::uint64_t> ukeys(unique_n, "build keys");
      DeviceArray<T> uvals(unique_n, "build values");
      thrust::reduce_by_key(policy(), keys.data(), keys.data() + n, sorted.data(), ukeys.data(), uvals.data(),
                            thrust::equal_to<std::uint64_t>(), dup_functor<Dup, T>{dup});
      keys = std::move(ukeys);
      vals = std::move(uvals);
    }
  });
}

/// CSR from sorted unique keys.
template <class T>
DeviceCsr<T> csr_from_sorted_keys(Index nrows, Index ncols, DeviceArray<std::uint64_t>&& keys, DeviceArray<T>&& vals) {
  DeviceCsr<T> out;
  out.nrows = nrows;
  out.ncols = ncols;
  out.nvals = keys.size();
  guarded("CSR from tuples", [&] {
    out.col.allocate(out.nvals, "matrix column indices");
    thrust::transform(policy(), keys.data(), keys.data() + out.nvals, out.col.data(), key_col{});
    auto starts = thrust::make_transform_iterator(thrust::make_counting_iterator<std::uint64_t>(0), row_start_key{});
    if (out.wide_offsets()) {
      out.ptr64.allocate(nrows + 1, "matrix row offsets");
      thrust::lower_bound(policy(), keys.data(), keys.data() + out.nvals, starts, starts + (nrows + 1), out.ptr64.data());
    } else {
      out.ptr32.allocate(nrows + 1, "matrix row offsets");
      thrust::lower_bound(policy(), keys.data(), keys.data() + out.nvals, starts, starts + (nrows + 1), out.ptr32.data());
    }
  });
  keys.release();
  out.val = std::move(vals);
  return out;
}

template <class Offset>
struct entry_key {
  const Offset* ptr;
  const std::uint32_t* col;
  Index nrows;
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint64_t k) const {
    // the row r with ptr[r] <= k < ptr[r + 1]
    Index lo = 0, hi = nrows;
    while (hi - lo > 1) {
      Index mid = (lo + hi) / 2;
      if (ptr[mid] <= k) lo = mid; else hi = mid;
    }
    return (lo << 32) | col[k];
  }
};

/// The keys of a CSR's entries, in order.
template <class T>
DeviceArray<std::uint64_t> csr_to_keys(const DeviceCsr<T>& a) {
  DeviceArray<std::uint64_t> keys(a.nvals, "matrix keys");
  if (a.nvals == 0) return keys;
  guarded("CSR to tuples", [&] {
    auto first = thrust::make_counting_iterator<std::uint64_t>(0);
    if (a.wide_offsets())
      thrust::transform(policy(), first, first + a.nvals, keys.data(), entry_key<std::uint64_t>{a.ptr64.data(), a.col.data(), a.nrows});
    else
      thrust::transform(policy(), first, first + a.nvals, keys.data(), entry_key<std::uint32_t>{a.ptr32.data(), a.col.data(), a.nrows});
  });
  return keys;
}

struct take_second_pair {
  template <class P>
  HPG_HOST_DEVICE P operator()(const P&, const P& b) const { return b; }
};
struct is_removed {
  template <class Tup>
  HPG_HOST_DEVICE bool operator()(const Tup& t) const { return thrust::get<2>(t) != 0; }
};

/// Merges pending updates into sorted unique (keys, vals); the last update of a key wins.
template <class T>
void merge_pending(DeviceArray<std::uint64_t>& keys, DeviceArray<T>& vals, const std::vector<std::uint64_t>& pkeys,
                   const HostArray<T>& pvals, const std::vector<std::uint8_t>& premove) {
  const std::size_t n0 = keys.size(), np = pkeys.size(), n = n0 + np;
  if (np == 0) return;
  guarded("merge pending updates", [&] {
    DeviceArray<std::uint64_t> k(n, "merge keys");
    DeviceArray<T> v(n, "merge values");
    DeviceArray<std::uint8_t> rm(n, "merge flags");
    if (n0) {
      copy_device_to_device(k.data(), keys.data(), n0 * sizeof(std::uint64_t));
      copy_device_to_device(v.data(), vals.data(), n0 * sizeof(T));
      device_memset(rm.data(), 0, n0);
    }
    copy_host_to_device(k.data() + n0, pkeys.data(), np * sizeof(std::uint64_t));
    copy_host_to_device(v.data() + n0, pvals.data(), np * sizeof(T));
    copy_host_to_device(rm.data() + n0, premove.data(), np);
    DeviceArray<std::uint64_t> perm(n, "merge permutation");
    thrust::sequence(policy(), perm.data(), perm.data() + n);
    thrust::stable_sort_by_key(policy(), k.data(), k.data() + n, perm.data());
    DeviceArray<T> sv(n, "merge values");
    DeviceArray<std::uint8_t> srm(n, "merge flags");
    thrust::gather(policy(), perm.data(), perm.data() + n, thrust::make_zip_iterator(v.data(), rm.data()),
                   thrust::make_zip_iterator(sv.data(), srm.data()));
    perm.release();
    DeviceArray<std::uint64_t> uk(n, "merge keys");
    DeviceArray<T> uv(n, "merge values");
    DeviceArray<std::uint8_t> urm(n, "merge flags");
    auto ends = thrust::reduce_by_key(policy(), k.data(), k.data() + n, thrust::make_zip_iterator(sv.data(), srm.data()),
                                      uk.data(), thrust::make_zip_iterator(uv.data(), urm.data()),
                                      thrust::equal_to<std::uint64_t>(), take_second_pair{});
    std::size_t un = static_cast<std::size_t>(ends.first - uk.data());
    auto zb = thrust::make_zip_iterator(uk.data(), uv.data(), urm.data());
    auto ze = thrust::remove_if(policy(), zb, zb + un, is_removed{});
    std::size_t kept = static_cast<std::size_t>(ze - zb);
    keys.allocate(kept, "matrix keys");
    vals.allocate(kept, "matrix values");
    if (kept) {
      copy_device_to_device(keys.data(), uk.data(), kept * sizeof(std::uint64_t));
      copy_device_to_device(vals.data(), uv.data(), kept * sizeof(T));
    }
  });
}

struct outside_dims {
  Index nrows, ncols;
  template <class Tup>
  HPG_HOST_DEVICE bool operator()(const Tup& t) const {
    std::uint64_t k = thrust::get<0>(t);
    return (k >> 32) >= nrows || (k & 0xffffffffu) >= ncols;
  }
};

/// Drops the keys outside nrows x ncols (keys and vals stay sorted).
template <class T>
void drop_outside(DeviceArray<std::uint64_t>& keys, DeviceArray<T>& vals, Index nrows, Index ncols) {
  if (keys.empty()) return;
  guarded("resize", [&] {
    auto zb = thrust::make_zip_iterator(keys.data(), vals.data());
    auto ze = thrust::remove_if(policy(), zb, zb + keys.size(), outside_dims{nrows, ncols});
    std::size_t kept = static_cast<std::size_t>(ze - zb);
    DeviceArray<std::uint64_t> k(kept, "matrix keys");
    DeviceArray<T> v(kept, "matrix values");
    if (kept) {
      copy_device_to_device(k.data(), keys.data(), kept * sizeof(std::uint64_t));
      copy_device_to_device(v.data(), vals.data(), kept * sizeof(T));
    }
    keys = std::move(k);
    vals = std::move(v);
  });
}

/// Position of (i, j) in a CSR, if stored.
template <class T>
std::optional<std::uint64_t> csr_position(const DeviceCsr<T>& a, Index i, Index j) {
  std::uint64_t b = 0, e = 0;
  if (a.wide_offsets()) {
    std::uint64_t be[2];
    copy_device_to_host(be, a.ptr64.data() + i, sizeof(be));
    b = be[0]; e = be[1];
  } else {
    std::uint32_t be[2];
    copy_device_to_host(be, a.ptr32.data() + i, sizeof(be));
    b = be[0]; e = be[1];
  }
  if (b == e) return std::nullopt;
  const std::uint32_t* base = a.col.data();
  const std::uint32_t* pos = guarded("extract_element", [&] {
    return thrust::lower_bound(policy(), base + b, base + e, static_cast<std::uint32_t>(j));
  });
  std::uint64_t k = static_cast<std::uint64_t>(pos - base);
  if (k == e) return std::nullopt;
  std::uint32_t c = 0;
  copy_device_to_host(&c, base + k, sizeof(c));
  if (c != j) return std::nullopt;
  return k;
}

// ---- vectors -------------------------------------------------------------------------------

struct is_present {
  HPG_HOST_DEVICE bool operator()(std::uint8_t p) const { return p != 0; }
};

template <class T>
void vec_to_format(DeviceVec<T>& v, VectorFormat f) {
  if (v.format == f) return;
  guarded("vector format change", [&] {
    if (f == VectorFormat::bitmap) {
      DeviceArray<T> val(v.size, "vector values");
      DeviceArray<std::uint8_t> present(v.size, "vector bitmap");
      device_memset(present.data(), 0, v.size);
      device_memset(val.data(), 0, v.size * sizeof(T));
      if (v.nvals) {
        thrust::scatter(policy(), v.val.data(), v.val.data() + v.nvals, v.idx.data(), val.data());
        thrust::scatter(policy(), thrust::make_constant_iterator<std::uint8_t>(1),
                        thrust::make_constant_iterator<std::uint8_t>(1) + v.nvals, v.idx.data(), present.data());
      }
      v.val = std::move(val);
      v.present = std::move(present);
      v.idx.release();
    } else {
      DeviceArray<std::uint32_t> idx(v.nvals, "vector indices");
      DeviceArray<T> val(v.nvals, "vector values");
      if (v.nvals) {
        auto first = thrust::make_counting_iterator<std::uint32_t>(0);
        thrust::copy_if(policy(), thrust::make_zip_iterator(first, v.val.data()),
                        thrust::make_zip_iterator(first + v.size, v.val.data() + v.size), v.present.data(),
                        thrust::make_zip_iterator(idx.data(), val.data()), is_present{});
      }
      v.idx = std::move(idx);
      v.val = std::move(val);
      v.present.release();
    }
    v.format = f;
  });
}

/// A sparse vector from sorted unique keys (the index in the low 32 bits).
template <class T>
DeviceVec<T> vec_from_sorted_keys(Index size, DeviceArray<std::uint64_t>&& keys, DeviceArray<T>&& vals) {
  DeviceVec<T> v;
  v.size = size;
  v.nvals = keys.size();
  v.format = VectorFormat::sparse;
  v.idx.allocate(v.nvals, "vector indices");
  if (v.nvals) guarded("vector from tuples", [&] {
    thrust::transform(policy(), keys.data(), keys.data() + v.nvals, v.idx.data(), key_col{});
  });
  keys.release();
  v.val = std::move(vals);
  return v;
}

struct widen_index {
  HPG_HOST_DEVICE std::uint64_t operator()(std::uint32_t i) const { return i; }
};

/// Keys of a sparse vector's entries.
template <class T>
DeviceArray<std::uint64_t> vec_to_keys(const DeviceVec<T>& v) {
  DeviceArray<std::uint64_t> keys(v.nvals, "vector keys");
  if (v.nvals) guarded("vector to tuples", [&] {
    thrust::transform(policy(), v.idx.data(), v.idx.data() + v.nvals, keys.data(), widen_index{});
  });
  return keys;
}

}  // namespace hpg::detail::cuda
