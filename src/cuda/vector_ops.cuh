// The vector operations on the GPU: each computes T in bitmap form with one elementwise kernel (or
// a Thrust reduction) and hands it to finish_vector. Matrices enter only through their CSR.
#pragma once

#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <type_traits>
#include <vector>

#include "hpgraph/cuda/vector_finish.cuh"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

/// T in bitmap form.
template <class Z>
struct DeviceResult {
  DeviceArray<Z> val;
  DeviceArray<std::uint8_t> present;
  explicit DeviceResult(Index n) : val(n, "result values"), present(n, "result bitmap") {
    if (n) device_memset(present.data(), 0, n);
  }
};

inline dim3 grid1(Index n) { return dim3(grid_for(n, 256)); }

template <bool Union, class Op, class U, class V, class Z>
__global__ void ewise_kernel(Op op, const U* uval, const std::uint8_t* upres, const V* vval, const std::uint8_t* vpres, Index n, Z* tval,
                             std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    const bool hu = upres[i] != 0, hv = vpres[i] != 0;
    if (hu && hv) {
      tval[i] = static_cast<Z>(op(uval[i], vval[i]));
      tpres[i] = 1;
    } else if (Union && (hu || hv)) {
      if (hu) tval[i] = typecast<Z>(uval[i]);
      else tval[i] = typecast<Z>(vval[i]);
      tpres[i] = 1;
    }
  }
}

template <bool Union, class Op, class U, class V>
auto ewise(const Op& op, const DeviceVec<U>& u, const DeviceVec<V>& v) {
  using Z = std::decay_t<decltype(op(std::declval<U>(), std::declval<V>()))>;
  if constexpr (Union && !(castable_v<Z, U> && castable_v<Z, V>))
    throw_error(Info::domain_mismatch, "ewise_add: an input's value type cannot be cast to the operator's result type");
  const Index n = u.size;
  const BitmapInput<U> ub = as_bitmap(u);
  const BitmapInput<V> vb = as_bitmap(v);
  DeviceResult<Z> t(n);
  if (n) {
    ewise_kernel<Union><<<grid1(n), 256>>>(op, ub.val, ub.present, vb.val, vb.present, n, t.val.data(), t.present.data());
    check_launch("ewise_kernel");
  }
  return t;
}

/// T(i) = f(u(i), i) where u(i) is present (apply, index apply, select).
template <class Z, class F, class U>
__global__ void map_kernel(F f, const U* uval, const std::uint8_t* upres, Index n, Z* tval, std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    if (!upres[i]) continue;
    bool keep = true;
    const Z z = f(uval[i], i, keep);
    if (keep) {
      tval[i] = z;
      tpres[i] = 1;
    }
  }
}

template <class Z, class F, class U>
DeviceResult<Z> map(const F& f, const DeviceVec<U>& u) {
  const Index n = u.size;
  const BitmapInput<U> ub = as_bitmap(u);
  DeviceResult<Z> t(n);
  if (n) {
    map_kernel<Z><<<grid1(n), 256>>>(f, ub.val, ub.present, n, t.val.data(), t.present.data());
    check_launch("map_kernel");
  }
  return t;
}

template <class Z, class Op>
struct apply_unary {
  Op op;
  template <class U>
  HPG_HOST_DEVICE Z operator()(const U& x, Index, bool&) const { return static_cast<Z>(op(x)); }
};
template <class Z, class Op, class S>
struct apply_indexed {
  Op op;
  S thunk;
  template <class U>
  HPG_HOST_DEVICE Z operator()(const U& x, Index i, bool&) const { return static_cast<Z>(op(x, i, Index{0}, thunk)); }
};
template <class Op, class S>
struct select_indexed {
  Op op;
  S thunk;
  template <class U>
  HPG_HOST_DEVICE U operator()(const U& x, Index i, bool& keep) const {
    keep = op(x, i, Index{0}, thunk);
    return x;
  }
};

template <class Monoid, class Z>
struct monoid_op {
  Monoid m;
  HPG_HOST_DEVICE Z operator()(const Z& a, const Z& b) const { return static_cast<Z>(m(a, b)); }
};
template <class Z>
struct typecast_to {
  template <class X>
  HPG_HOST_DEVICE Z operator()(const X& x) const { return typecast<Z>(x); }
};

/// (+) over n stored values, seeded with the first value rather than the monoid's identity: the
/// ANY monoid has no true identity (its "identity" could be picked instead of an entry), and a
/// reduction order Thrust chooses must not change which values can come out.
template <class Monoid, class V>
auto reduce_values(const Monoid& m, const V* val, Index n) {
  using Z = std::decay_t<decltype(m.identity())>;
  if (n == 0) return static_cast<Z>(m.identity());
  V first;
  copy_device_to_host(&first, val, sizeof(V));
  const Z init = typecast<Z>(first);
  if (n == 1) return init;
  return guarded("reduce", [&] {
    auto rest = thrust::make_transform_iterator(val + 1, typecast_to<Z>{});
    return thrust::reduce(policy(), rest, rest + (n - 1), init, monoid_op<Monoid, Z>{m});
  });
}

template <class Monoid, class U>
auto reduce_vector(const Monoid& m, const DeviceVec<U>& u) {
  const SparseInput<U> s = as_sparse(u);
  return reduce_values(m, s.val, s.nvals);
}

template <class Monoid, class A>
auto reduce_matrix(const Monoid& m, const DeviceCsr<A>& a) {
  return reduce_values(m, a.val.data(), a.nvals);
}

/// T(i) = (+)_j A(i, j): one thread per row.
template <class Z, class Op, class Offset, class A>
__global__ void reduce_rows_kernel(Op op, const Offset* ptr, const A* val, Index nrows, Z* tval, std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t b = ptr[i], e = ptr[i + 1];
    if (b == e) continue;
    Z acc = typecast<Z>(val[b]);
    for (std::uint64_t p = b + 1; p < e; ++p) acc = static_cast<Z>(op(acc, typecast<Z>(val[p])));
    tval[i] = acc;
    tpres[i] = 1;
  }
}

template <class Z, class Op, class A>
DeviceResult<Z> reduce_rows(const Op& op, const DeviceCsr<A>& a) {
  DeviceResult<Z> t(a.nrows);
  if (a.nrows) {
    if (a.wide_offsets()) reduce_rows_kernel<Z><<<grid1(a.nrows), 256>>>(op, a.ptr64.data(), a.val.data(), a.nrows, t.val.data(), t.present.data());
    else reduce_rows_kernel<Z><<<grid1(a.nrows), 256>>>(op, a.ptr32.data(), a.val.data(), a.nrows, t.val.data(), t.present.data());
    check_launch("reduce_rows_kernel");
  }
  return t;
}

/// An index list on the device (nullptr list: all of 0..n-1).
struct DeviceIndices {
  DeviceArray<Index> list;
  Index count = 0;
  bool all = true;
  const Index* data() const { return all ? nullptr : list.data(); }
};

__global__ inline void region_kernel(const Index* list, Index count, std::uint8_t* region) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x)
    region[list ? list[k] : k] = 1;
}

/// T(I[k]) = u(k) (vector assign) or x (scalar assign: u == nullptr), and the region I covers.
template <class Z>
__global__ void assign_scatter_kernel(const Index* list, Index count, const Z* uval, const std::uint8_t* upres, Z scalar, Z* tval,
                                      std::uint8_t* tpres) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x) {
    const Index dst = list ? list[k] : k;
    if (uval) {
      if (!upres[k]) continue;
      tval[dst] = uval[k];
    } else {
      tval[dst] = scalar;
    }
    tpres[dst] = 1;
  }
}

/// T(k) = u(I[k]) (vector extract).
template <class Z>
__global__ void extract_gather_kernel(const Index* list, Index count, const Z* uval, const std::uint8_t* upres, Z* tval,
                                      std::uint8_t* tpres) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x) {
    const Index src = list ? list[k] : k;
    if (!upres[src]) continue;
    tval[k] = uval[src];
    tpres[k] = 1;
  }
}

}  // namespace hpg::detail::cuda
