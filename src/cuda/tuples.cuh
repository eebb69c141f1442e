// Device versions of hpgraph/host/tuples.hpp: sort tuples into CSR or a vector's forms, merge
// pending updates, resize. Tuples travel as 64-bit keys (row << 32 | column); the radix sort is
// stable, so duplicates are combined in input order exactly as on the host. The operator-free steps
// are the primitives of primitives.cuh, compiled once into the library.
#pragma once

#include <thrust/copy.h>
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/jumbled.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/primitives.cuh"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/host/tuples.hpp"

namespace hpg::detail::cuda {


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
    DeviceArray<T> sorted;
    const auto sort_and_gather = [&]<class P>(P) {  // P: the width of the sort's positions
      DeviceArray<P> perm(n, "build permutation");
      stable_sort_with_permutation(keys.data(), n, perm.data());
      sorted.allocate(n, "build values");
      gather_values(perm.data(), n, vals.data(), sorted.data());
    };
    if (n <= max_keys_for_32bit_positions) sort_and_gather(std::uint32_t{});
    else sort_and_gather(std::uint64_t{});
    const std::size_t unique_n = count_distinct_sorted(keys.data(), n);
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
  out.col.allocate(out.nvals, "matrix column indices");
  key_columns(keys.data(), out.nvals, out.col.data());
  if (out.wide_offsets()) {
    out.ptr64.allocate(nrows + 1, "matrix row offsets");
    row_offsets_of_sorted_keys(keys.data(), out.nvals, nrows, out.ptr64.data());
  } else {
    out.ptr32.allocate(nrows + 1, "matrix row offsets");
    row_offsets_of_sorted_keys(keys.data(), out.nvals, nrows, out.ptr32.data());
  }
  keys.release();
  out.val = std::move(vals);
  return out;
}

/// The keys of a CSR's entries, in order.
template <class T>
DeviceArray<std::uint64_t> csr_to_keys(const DeviceCsr<T>& a) {
  DeviceArray<std::uint64_t> keys(a.nvals, "matrix keys");
  if (a.wide_offsets()) csr_keys(a.ptr64.data(), a.col.data(), a.nrows, a.nvals, keys.data());
  else csr_keys(a.ptr32.data(), a.col.data(), a.nrows, a.nvals, keys.data());
  return keys;
}

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
    stable_sort_with_permutation(k.data(), n, perm.data());
    DeviceArray<T> sv(n, "merge values");
    DeviceArray<std::uint8_t> srm(n, "merge flags");
    gather_values(perm.data(), n, v.data(), sv.data());
    gather_values(perm.data(), n, rm.data(), srm.data());
    perm.release();
    v.release();
    rm.release();
    DeviceArray<std::uint64_t> uk(n, "merge keys");
    DeviceArray<T> uv(n, "merge values");
    const std::size_t kept = keep_last_of_runs(k.data(), n, sv.data(), srm.data(), uk.data(), uv.data());
    uk.shrink(kept, "matrix keys");
    uv.shrink(kept, "matrix values");
    keys = std::move(uk);
    vals = std::move(uv);
  });
}

/// Drops the keys outside nrows x ncols (keys and vals stay sorted).
template <class T>
void drop_outside(DeviceArray<std::uint64_t>& keys, DeviceArray<T>& vals, Index nrows, Index ncols) {
  if (keys.empty()) return;
  guarded("resize", [&] {
    // Removes in place, then copies into exact arrays allocated before either is replaced, so a
    // failed allocation leaves keys and vals the same size.
    const std::size_t kept = remove_keys_outside(keys.data(), vals.data(), keys.size(), nrows, ncols);
    if (kept == keys.size()) return;
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
  const std::uint64_t k = b + lower_bound(base + b, e - b, static_cast<std::uint32_t>(j));
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

/// The values of v's entries in index order, each mapped by f, in an array of their own (v keeps
/// its entries; a jumbled list is sorted first). Its length is v's count, read here if it is
/// still on the device.
template <class K, class T, class F>
DeviceArray<K> entry_values(const DeviceVec<T>& v, const F& f, const char* what) {
  const Index n = v.nvals;
  DeviceArray<K> out(n, what);
  if (n == 0) return out;
  if (v.format == Sparsity::sparse) unjumble(v);
  guarded(what, [&] {
    auto mapped = thrust::make_transform_iterator(v.val.data(), f);
    if (v.format == Sparsity::sparse || n == v.size) thrust::copy(policy(), mapped, mapped + n, out.data());
    else thrust::copy_if(policy(), mapped, mapped + v.size, v.present.data(), out.data(), is_present{});
  });
  return out;
}

/// An index vector's value as an index; a negative one as ~0, which no dimension admits.
template <class I>
struct as_index {
  HPG_HOST_DEVICE std::uint64_t operator()(const I& x) const {
    if constexpr (std::is_signed_v<I>) {
      if (x < I{0}) return ~std::uint64_t{0};
    }
    return static_cast<std::uint64_t>(x);
  }
};

/// The values of an index vector's entries, in index order, as indices below dim;
/// Error(index_out_of_bounds) naming op when one is not (one host wait, for the largest).
template <class I>
DeviceArray<std::uint64_t> index_list_of(const DeviceVec<I>& v, Index dim, const char* op) {
  DeviceArray<std::uint64_t> list = entry_values<std::uint64_t>(v, as_index<I>{}, "index list");
  if (list.size() == 0) return list;
  const std::uint64_t top = guarded(op, [&] {
    return thrust::reduce(policy(), list.data(), list.data() + list.size(), std::uint64_t{0}, thrust::maximum<std::uint64_t>());
  });
  if (top >= dim) {
    const bool negative = std::is_signed_v<I> && top == ~std::uint64_t{0};
    throw_error(Info::index_out_of_bounds, std::string(op) + ": the index vector holds " +
                                               (negative ? std::string("a negative value") : std::to_string(top)) + ", not an index below " +
                                               std::to_string(dim));
  }
  return list;
}

/// The entries of a bitmap vector as a sorted list of its own (v is left as it is). Its length is
/// v's count, read here if it is still on the device.
template <class T>
void bitmap_entries(const DeviceVec<T>& v, DeviceArray<std::uint32_t>& idx, DeviceArray<T>& val) {
  const Index n = v.nvals;
  idx.allocate(n, "vector indices");
  val.allocate(n, "vector values");
  if (n) guarded("bitmap entries", [&] { select_flagged(v.present.data(), v.size, v.val.data(), idx.data(), val.data()); });
}

/// val[idx[k]] = vals[k] and present[idx[k]] = 1 for the first count_of(count) entries.
template <class T>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    scatter_entries_kernel(const std::uint32_t* idx, const T* vals, DeviceCount::View count, T* val, std::uint8_t* present) {
  const Index m = count_of(count);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t i = idx[k];
    val[i] = vals[k];
    present[i] = 1;
  }
}

/// The entries of a sparse vector as bitmap arrays of its size (v is left as it is). No host
/// wait: a count still on the device is read by the scatter kernel.
template <class T>
void sparse_as_bitmap(const DeviceVec<T>& v, DeviceArray<T>& val, DeviceArray<std::uint8_t>& present) {
  val.allocate(v.size, "vector values");
  present.allocate(v.size, "vector bitmap");
  device_memset(present.data(), 0, v.size);
  device_memset(val.data(), 0, v.size * sizeof(T));
  if (sparse_bound(v) == 0) return;
  scatter_entries_kernel<<<sparse_grid(v, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      v.idx.data(), v.val.data(), v.nvals.view(), val.data(), present.data());
  check_launch("scatter_entries_kernel");
}

template <class T>
void vec_to_format(DeviceVec<T>& v, Sparsity f) {
  if (v.format == f) return;
  guarded("vector format change", [&] {
    if (f == Sparsity::bitmap) {
      DeviceArray<T> val;
      DeviceArray<std::uint8_t> present;
      sparse_as_bitmap(v, val, present);
      v.val = std::move(val);
      v.present = std::move(present);
      v.idx.release();
    } else {
      DeviceArray<std::uint32_t> idx;
      DeviceArray<T> val;
      bitmap_entries(v, idx, val);
      v.idx = std::move(idx);
      v.val = std::move(val);
      v.present.release();
    }
    v.format = f;
    v.jumbled = false;  // a bitmap has no order; its entries come out sorted
  });
}

/// Where entry i of a device vector is, without converting it: its bitmap, or a binary search in
/// its sorted index list. find(i, pos) says whether i is present and where its value is. A sparse
/// list's count may still be on the device (read in device code, where every lookup runs).
struct EntryLookup {
  const std::uint8_t* present = nullptr;  // bitmap form
  const std::uint32_t* idx = nullptr;     // sparse form
  DeviceCount::View count;
  bool full = false;  // every entry present (a bitmap whose count is its size): nothing to read
  HPG_HOST_DEVICE bool find(Index i, Index& pos) const {
    if (full) {
      pos = i;
      return true;
    }
    if (present) {
      pos = i;
      return present[i] != 0;
    }
#ifdef __CUDA_ARCH__
    const Index n = count_of(count);
#else
    const Index n = count.base;
#endif
    const Index lo = lower_bound_in(idx, Index(0), n, i);
    pos = lo;
    return lo < n && idx[lo] == i;
  }
};
/// No host wait: a sparse vector's count still on the device is read by the lookup. A jumbled
/// list is sorted first (launches: call it before a launch, not in its arguments).
template <class T>
EntryLookup entry_lookup(const DeviceVec<T>& v) {
  if (v.format == Sparsity::bitmap) return {v.present.data(), nullptr, {}};
  unjumble(v);
  return {nullptr, v.idx.data(), v.nvals.view()};
}

/// A few writes (set or remove) to a sparse vector, one per index, ascending: what
/// Vector::wait() merges into the list with one kernel instead of sorting everything.
inline constexpr int sparse_write_batch = 8;
template <class T>
struct SparseWrites {
  int count = 0;
  std::uint32_t idx[sparse_write_batch];
  T val[sparse_write_batch];
  std::uint8_t remove[sparse_write_batch];
};

/// The list with the writes applied, into out_* (the list's count plus the writes' inserts):
/// existing entry k moves by the inserts before it less the removed entries before it, is
/// overwritten or dropped by a write at its index; each insert goes to its place among both.
/// Every block finds the writes' places in the list (a binary search each); block 0 writes the
/// inserts and the count.
template <class T>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    write_sparse_entries_kernel(const std::uint32_t* idx, const T* val, DeviceCount::View count, SparseWrites<T> w,
                                std::uint32_t* out_idx, T* out_val, unsigned long long* out_count) {
  __shared__ Index pos[sparse_write_batch];
  __shared__ bool here[sparse_write_batch];
  const Index m = count_of(count);
  if (threadIdx.x < unsigned(w.count)) {
    const std::uint32_t i = w.idx[threadIdx.x];
    const Index lo = lower_bound_in(idx, Index(0), m, i);
    pos[threadIdx.x] = lo;
    here[threadIdx.x] = lo < m && idx[lo] == i;
  }
  __syncthreads();
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    Index to = k;
    bool drop = false;
    T v = val[k];
    for (int j = 0; j < w.count; ++j) {
      if (!here[j] && !w.remove[j] && pos[j] <= k) ++to;  // an insert with a smaller index
      if (here[j] && w.remove[j] && pos[j] < k) --to;     // a removed entry before it
      if (here[j] && pos[j] == k) {
        if (w.remove[j]) drop = true;
        else v = w.val[j];
      }
    }
    if (!drop) {
      out_idx[to] = idx[k];
      out_val[to] = v;
    }
  }
  if (blockIdx.x != 0) return;
  if (threadIdx.x < unsigned(w.count)) {
    const int j = threadIdx.x;
    if (!here[j] && !w.remove[j]) {
      Index to = pos[j];
      for (int i = 0; i < w.count; ++i) {
        if (i < j && !here[i] && !w.remove[i]) ++to;
        if (here[i] && w.remove[i] && pos[i] < pos[j]) --to;
      }
      out_idx[to] = w.idx[j];
      out_val[to] = w.val[j];
    }
  }
  if (threadIdx.x == 0) {
    Index n = m;
    for (int j = 0; j < w.count; ++j) {
      if (!here[j] && !w.remove[j]) ++n;
      if (here[j] && w.remove[j]) --n;
    }
    *out_count = n;
  }
}

/// Applies `w` to sparse v in one kernel, no host wait (v's count may stay on the device, and its
/// new one does). v is unchanged if this throws.
template <class T>
void write_sparse_entries(DeviceVec<T>& v, const SparseWrites<T>& w) {
  unjumble(v);
  int inserts = 0;
  for (int j = 0; j < w.count; ++j) inserts += !w.remove[j];
  const Index room = sparse_bound(v) + inserts;
  DeviceArray<std::uint32_t> idx(room ? room : 1, "vector indices");
  DeviceArray<T> val(room ? room : 1, "vector values");
  DeviceArray<unsigned long long> count(1, "vector count");
  const unsigned grid = sparse_bound(v) ? sparse_grid(v, LaunchPolicy::map_threads) : 1u;
  write_sparse_entries_kernel<<<grid, LaunchPolicy::map_threads, 0, stream()>>>(v.idx.data(), v.val.data(), v.nvals.view(), w, idx.data(),
                                                                                val.data(), count.data());
  check_launch("write_sparse_entries_kernel");
  v.idx = std::move(idx);
  v.val = std::move(val);
  v.nvals = DeviceCount::on_device(std::move(count));
  v.jumbled = false;
}

/// An entry as one kernel found it: its value, and whether it was there.
template <class T>
struct FoundEntry {
  T value;
  std::uint8_t found;
};

template <class T>
__global__ void __launch_bounds__(1) find_entry_kernel(EntryLookup at, const T* val, Index i, FoundEntry<T>* out) {
  Index pos = 0;
  out->found = at.find(i, pos);
  if (out->found) out->value = val[pos];
}

/// GrB_Vector_extractElement on the GPU: one kernel finds the entry, one copy brings it back (one
/// host wait; the caller asked for a value).
template <class T>
std::optional<T> find_entry(const DeviceVec<T>& v, Index i) {
  if (v.format == Sparsity::sparse && v.nvals.is(0)) return std::nullopt;
  DeviceArray<FoundEntry<T>> out(1, "vector element");
  const EntryLookup at = entry_lookup(v);
  find_entry_kernel<<<1, 1, 0, stream()>>>(at, v.val.data(), i, out.data());
  check_launch("find_entry_kernel");
  FoundEntry<T> e;
  copy_device_to_host(&e, out.data(), sizeof(e));
  if (!e.found) return std::nullopt;
  return e.value;
}

/// Sets (set) or removes entry i of a bitmap vector in place, adjusting the count on the device.
template <class T>
__global__ void __launch_bounds__(1)
    write_bitmap_entry_kernel(std::uint8_t* present, T* val, Index i, bool set, T x, unsigned long long* count) {
  if (set) val[i] = x;
  if (!count) return;  // a full vector's value set: it stays full
  const bool had = present[i] != 0;
  present[i] = set;
  if (had != set) *count += set ? 1ull : ~0ull;  // ~0: minus one, modulo 2^64
}

/// Sets (x) or removes (null) entry i of a bitmap v. Setting a value in a full v keeps its count
/// known: SSSP's distances, set at the source after a fill, stay full for every later call that
/// reads them (an ewise_mult driven by a list keeps every entry, with no selection after it).
template <class T>
void write_bitmap_entry(DeviceVec<T>& v, Index i, const T* x) {
  unsigned long long* count = x && v.nvals.is(v.size) ? nullptr : v.nvals.device_word();
  write_bitmap_entry_kernel<<<1, 1, 0, stream()>>>(v.present.data(), v.val.data(), i, x != nullptr, x ? *x : T{}, count);
  check_launch("write_bitmap_entry_kernel");
}

/// The form the vector should take for its count (host::preferred_format), when the count is known;
/// a vector whose count is still on the device keeps its form (finding it out would wait).
template <class T>
void settle_format(DeviceVec<T>& v) {
  if (auto n = v.nvals.if_known()) vec_to_format(v, host::preferred_format(v.size, *n));
}

/// A sparse vector from sorted unique keys (the index in the low 32 bits).
template <class T>
DeviceVec<T> vec_from_sorted_keys(Index size, DeviceArray<std::uint64_t>&& keys, DeviceArray<T>&& vals) {
  DeviceVec<T> v;
  v.size = size;
  v.nvals = keys.size();
  v.format = Sparsity::sparse;
  v.idx.allocate(v.nvals, "vector indices");
  key_columns(keys.data(), v.nvals, v.idx.data());
  keys.release();
  v.val = std::move(vals);
  return v;
}

/// Keys of a sparse vector's entries.
template <class T>
DeviceArray<std::uint64_t> vec_to_keys(const DeviceVec<T>& v) {
  DeviceArray<std::uint64_t> keys(v.nvals, "vector keys");
  widen_indices(v.idx.data(), v.nvals, keys.data());
  return keys;
}

}  // namespace hpg::detail::cuda
