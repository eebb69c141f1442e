// The CUDA backend's Storage: what a container's methods do with the CUDA backend's storage types
// (storage.hpp). Every backend's Storage has the same functions with the same signatures
// (detail/backend_list.hpp); the CUDA backend's Ops derive from it, and have a few of their own
// below (the device word of a Scalar, which only this backend has).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <thrust/fill.h>
#include <thrust/transform.h>

#include "hpgraph/cuda/device_loop.cuh"
#include "hpgraph/cuda/jumbled.cuh"
#include "hpgraph/cuda/loop_rounds.cuh"
#include "hpgraph/cuda/primitives.cuh"
#include "hpgraph/cuda/storage.hpp"
#include "hpgraph/cuda/tuples.cuh"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/detail/loop_types.hpp"
#include "hpgraph/cuda/device_edges.hpp"
#include "hpgraph/ops/binary.hpp"

namespace hpg::detail {
struct VectorAccess;
}

namespace hpg::detail::cuda {

struct Storage {
  // ---- Matrix (its storage: Csr, a DeviceCsr and its derived forms; storage.hpp) ----
  /// No arrays, not even the row offsets: what a move leaves (a move cannot allocate). The
  /// Matrix makes its row offsets when it is next used (csr_empty).
  template <class T>
  static Csr<T> csr_unallocated() noexcept {
    return {};
  }
  /// An nrows x ncols matrix with no entries: every row offset zero.
  template <class T>
  static Csr<T> csr_empty(Index nrows, Index ncols) {
    Csr<T> a;
    a.nrows = nrows;
    a.ncols = ncols;
    a.ptr32.allocate(nrows + 1, "matrix row offsets");
    device_memset(a.ptr32.data(), 0, (nrows + 1) * sizeof(std::uint32_t));
    return a;
  }
  template <class T>
  static bool csr_has_row_offsets(const Csr<T>& a) noexcept {
    return !(a.ptr32.empty() && a.ptr64.empty());
  }
  template <class T>
  static Index csr_nvals(const Csr<T>& a) {
    return a.nvals;
  }
  /// The CSR's arrays (the derived forms are made again when the copy needs them).
  template <class T>
  static Csr<T> csr_clone(const Csr<T>& a) {
    Csr<T> c;
    c.nrows = a.nrows;
    c.ncols = a.ncols;
    c.nvals = a.nvals;
    c.ptr32 = a.ptr32.clone("matrix row offsets");
    c.ptr64 = a.ptr64.clone("matrix row offsets");
    c.col = a.col.clone("matrix column indices");
    c.val = a.val.clone("matrix values");
    return c;
  }
  template <class T>
  static HostCsr<T> csr_to_host(const Csr<T>& a) {
    HostCsr<T> h;
    h.nrows = a.nrows;
    h.ncols = a.ncols;
    h.ptr = csr_row_offsets(a);
    h.col = a.col.to_host();
    h.val = a.val.to_host_array();
    return h;
  }
  /// Refused before anything is allocated when the GPU cannot hold it.
  template <class T>
  static Csr<T> csr_from_host(const HostCsr<T>& h) {
    Csr<T> d;
    d.nrows = h.nrows;
    d.ncols = h.ncols;
    d.nvals = h.nvals();
    require_device_memory(d.bytes(), "Matrix::to_backend: a " + std::to_string(h.nrows) + " x " + std::to_string(h.ncols) +
                                         " matrix with " + std::to_string(d.nvals) + " entries");
    if (d.wide_offsets()) {
      d.ptr64.upload(h.ptr, "matrix row offsets");
    } else {
      std::vector<std::uint32_t> p32(h.ptr.begin(), h.ptr.end());
      d.ptr32.upload(p32, "matrix row offsets");
    }
    d.col.upload(h.col, "matrix column indices");
    d.val.upload(h.val, "matrix values");
    return d;
  }
  /// The tuples are checked against the dimensions; duplicates combined with dup in input order.
  template <class T, class I, class Dup>
  static Csr<T> csr_build(Index nrows, Index ncols, std::span<const I> rows, std::span<const I> cols, std::span<const T> vals,
                          const Dup& dup) {
    // The keys and values, and their sorted copies, are on the device at once.
    require_device_memory(2 * rows.size() * (sizeof(std::uint64_t) + sizeof(T)), "Matrix::build of " + std::to_string(rows.size()) + " tuples");
    std::vector<std::uint64_t> hk(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) hk[k] = (std::uint64_t(rows[k]) << 32) | cols[k];
    DeviceArray<std::uint64_t> keys;
    keys.upload(hk, "build keys");
    hk = {};
    DeviceArray<T> dv;
    dv.upload(vals.data(), vals.size(), "build values");
    return csr_from_device_keys(nrows, ncols, std::move(keys), std::move(dv), dup);
  }
  /// From (row << 32 | column) keys and their values on the device, in any order (a generator's).
  template <class T, class Dup>
  static Csr<T> csr_from_device_keys(Index nrows, Index ncols, DeviceArray<std::uint64_t>&& keys, DeviceArray<T>&& vals, const Dup& dup) {
    sort_and_combine(keys, vals, dup, "Matrix::build");
    Csr<T> a;
    static_cast<DeviceCsr<T>&>(a) = csr_from_sorted_keys(nrows, ncols, std::move(keys), std::move(vals));
    return a;
  }
  /// spec's graph (gen::generate): A(u, v) for each edge u -> v, its weight or 1, duplicates
  /// combined with min. The edges first: generate_edges_device refuses a graph that cannot fit
  /// before anything (the matrix's row offsets included) is allocated.
  template <class T>
  static Csr<T> csr_generate(const gen::GraphSpec& spec) {
    const Index n = gen::num_vertices(spec);
    gen::DeviceEdges e = gen::generate_edges_device(spec);
    DeviceArray<T> vals(e.keys.size(), "generated values");
    if (!e.keys.empty()) guarded("generate", [&] {
      if (spec.weighted)
        thrust::transform(policy(), e.weights.data(), e.weights.data() + e.weights.size(), vals.data(), cast_to<T>{});
      else
        thrust::fill(policy(), vals.data(), vals.data() + vals.size(), T(1));
    });
    e.weights.release();
    return csr_from_device_keys(n, n, std::move(e.keys), std::move(vals), hpg::min<T>{});
  }
  /// The row offsets, copied to the host (GrB_Matrix_export's Ap).
  template <class T>
  static std::vector<std::uint64_t> csr_row_offsets(const Csr<T>& a) {
    if (a.wide_offsets()) return a.ptr64.to_host();
    const auto p32 = a.ptr32.to_host();
    return std::vector<std::uint64_t>(p32.begin(), p32.end());
  }
  /// Where the structure lies (device memory), for a view.
  template <class T>
  static CsrStructure csr_structure(const Csr<T>& a) noexcept {
    if (a.wide_offsets()) return {a.ptr64.data(), nullptr, a.col.data()};
    return {nullptr, a.ptr32.data(), a.col.data()};
  }
  /// Row-major, columns ascending within a row.
  template <class T>
  static void csr_extract_tuples(const Csr<T>& a, std::vector<Index>& rows, std::vector<Index>& cols, std::vector<T>& vals) {
    auto keys = csr_to_keys(a).to_host();
    rows.resize(keys.size());
    cols.resize(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k) {
      rows[k] = keys[k] >> 32;
      cols[k] = keys[k] & 0xffffffffu;
    }
    auto hv = a.val.to_host_array();
    vals.assign(hv.begin(), hv.end());
  }
  template <class T>
  static std::optional<T> csr_find(const Csr<T>& a, Index i, Index j) {
    if (auto k = csr_position(a, i, j)) {
      T x;
      copy_device_to_host(&x, a.val.data() + *k, sizeof(T));
      return x;
    }
    return std::nullopt;
  }
  template <class T>
  static void csr_resize(Csr<T>& a, Index nrows, Index ncols) {
    a.derived.reset();  // first: its forms (up to 3 times the CSR) need not outlive the work
    auto keys = csr_to_keys(a);
    auto vals = a.val.clone("matrix values");
    drop_outside(keys, vals, nrows, ncols);
    static_cast<DeviceCsr<T>&>(a) = csr_from_sorted_keys(nrows, ncols, std::move(keys), std::move(vals));
  }
  /// Merges set_element/remove_element writes (the last of an entry wins) and clears them. Works
  /// on copies: if anything throws, the matrix keeps its entries and its pending writes.
  template <class T>
  static void csr_apply_pending(Csr<T>& a, std::vector<PendingOp<T>>& pending) {
    a.derived.reset();  // first, as in csr_resize
    std::vector<std::uint64_t> pk(pending.size());
    HostArray<T> pv(pending.size());
    std::vector<std::uint8_t> prm(pending.size());
    for (std::size_t k = 0; k < pending.size(); ++k) {
      pk[k] = (std::uint64_t(pending[k].row) << 32) | pending[k].col;
      pv[k] = pending[k].value;
      prm[k] = pending[k].remove;
    }
    auto keys = csr_to_keys(a);
    auto vals = a.val.clone("matrix values");
    merge_pending(keys, vals, pk, pv, prm);
    static_cast<DeviceCsr<T>&>(a) = csr_from_sorted_keys(a.nrows, a.ncols, std::move(keys), std::move(vals));
    pending.clear();
  }
  /// The matrix is about to change (a backend writes a result into it, or it is built or cleared):
  /// the forms derived from it are dropped first, so that their memory is free for the change.
  template <class T>
  static void csr_changed(const Csr<T>& a) noexcept {
    a.derived.reset();
  }

  // ---- Vector (its storage: DeviceVec, detail/storage.hpp) ----
  template <class T>
  static Vec<T> vec_empty(Index n) noexcept {
    Vec<T> v;
    v.size = n;
    return v;
  }
  template <class T>
  static Index vec_size(const Vec<T>& v) noexcept {
    return v.size;
  }
  /// A wait where only the device knows the count (read once, then kept).
  template <class T>
  static Index vec_nvals(const Vec<T>& v) {
    return v.nvals.get();
  }
  template <class T>
  static Sparsity vec_format(const Vec<T>& v) noexcept {
    return v.format;
  }
  /// The first touch of v in a device loop's capture (Vector::touch): carried (carried_vector.cuh).
  template <class T>
  static void vec_carry(LoopCapture& c, const Vector<T>& v) {
    carry_vector<VectorAccess>(c, v);
  }
  template <class T>
  static void vec_set_format(Vec<T>& v, Sparsity f) {
    cuda::vec_to_format(v, f);
  }
  /// Puts v in bitmap form (a change of form, not of value) and says where its arrays lie (device
  /// memory).
  template <class T>
  static BitmapArrays<T> vec_bitmap_arrays(Vec<T>& v) {
    cuda::vec_to_format(v, Sparsity::bitmap);
    return {v.val.data(), v.present.data()};
  }
  template <class T>
  static Vec<T> vec_clone(const Vec<T>& v) {
    Vec<T> c;
    c.size = v.size;
    c.nvals = v.nvals;
    c.format = v.format;
    c.idx = v.idx.clone("vector indices");
    c.val = v.val.clone("vector values");
    c.present = v.present.clone("vector bitmap");
    c.jumbled = v.jumbled;
    return c;
  }
  /// A host list is sorted; a sparse vector's arrays may hold more than its entries (a result
  /// sized before its count was known): only the first nvals move.
  template <class T>
  static HostVec<T> vec_to_host(const Vec<T>& v) {
    HostVec<T> h;
    h.size = v.size;
    h.nvals = v.nvals;
    h.format = v.format;
    unjumble(v);
    const bool sparse = v.format == Sparsity::sparse;
    h.idx = v.idx.to_host(sparse ? h.nvals : 0);
    h.val = sparse ? v.val.to_host_array(h.nvals) : v.val.to_host_array();
    h.present = v.present.to_host();
    return h;
  }
  template <class T>
  static Vec<T> vec_from_host(const HostVec<T>& h) {
    Vec<T> d;
    d.size = h.size;
    d.nvals = h.nvals;
    d.format = h.format;
    d.idx.upload(h.idx, "vector indices");
    d.val.upload(h.val, "vector values");
    d.present.upload(h.present, "vector bitmap");
    return d;
  }
  template <class T, class Dup>
  static Vec<T> vec_build(Index n, std::span<const Index> indices, std::span<const T> vals, const Dup& dup) {
    std::vector<std::uint64_t> hk(indices.begin(), indices.end());
    DeviceArray<std::uint64_t> keys;
    keys.upload(hk, "build keys");
    DeviceArray<T> dv;
    dv.upload(vals.data(), vals.size(), "build values");
    sort_and_combine(keys, dv, dup, "Vector::build");
    Vec<T> v = vec_from_sorted_keys(n, std::move(keys), std::move(dv));
    cuda::vec_to_format(v, host::preferred_format(v.size, v.nvals));
    return v;
  }
  /// Indices ascending.
  template <class T>
  static void vec_extract_tuples(const Vec<T>& v, std::vector<Index>& indices, std::vector<T>& vals) {
    if (v.format == Sparsity::sparse) {
      unjumble(v);
      const Index n = v.nvals;  // the arrays may hold more than the entries
      auto idx = v.idx.to_host(n);
      indices.assign(idx.begin(), idx.end());
      auto hv = v.val.to_host_array(n);
      vals.assign(hv.begin(), hv.end());
      return;
    }
    Vec<T> tmp = vec_clone(v);
    cuda::vec_to_format(tmp, Sparsity::sparse);
    auto idx = tmp.idx.to_host();
    indices.assign(idx.begin(), idx.end());
    auto hv = tmp.val.to_host_array();
    vals.assign(hv.begin(), hv.end());
  }
  template <class T>
  static std::optional<T> vec_find(const Vec<T>& v, Index i) {
    return find_entry(v, i);
  }
  /// Sets (x not null) or removes entry i of a bitmap vector in place: a kernel, no wait (the
  /// count changes on the device).
  template <class T>
  static void vec_write_bitmap(Vec<T>& v, Index i, const T* x) {
    write_bitmap_entry(v, i, x);
  }
  template <class T>
  static void vec_resize(Vec<T>& v, Index n) {
    if (v.format == Sparsity::sparse) {
      unjumble(v);  // the keys below are taken as sorted
      auto keys = vec_to_keys(v);
      auto vals = v.val.clone("vector values");
      drop_outside(keys, vals, 1, n);
      v = vec_from_sorted_keys(n, std::move(keys), std::move(vals));
      return;
    }
    Vec<T> d;
    d.size = n;
    d.format = Sparsity::bitmap;
    d.val.allocate(n, "vector values");
    d.present.allocate(n, "vector bitmap");
    device_memset(d.present.data(), 0, n);
    device_memset(d.val.data(), 0, n * sizeof(T));
    const Index keep = std::min(n, v.size);
    if (keep) {
      copy_device_to_device(d.val.data(), v.val.data(), keep * sizeof(T));
      copy_device_to_device(d.present.data(), v.present.data(), keep);
    }
    d.nvals = DeviceCount::on_device(count_set_on_device(d.present.data(), n));
    v = std::move(d);
  }
  /// Merges set_element/remove_element writes (the last of an index wins) and clears them. A few
  /// writes to a sparse list are one kernel that puts them in place (no sort, no host wait).
  template <class T>
  static void vec_apply_pending(Vec<T>& v, std::vector<PendingOp<T>>& pending) {
    if constexpr (sizeof(T) <= 64) {
      if (v.format == Sparsity::sparse && pending.size() <= std::size_t(sparse_write_batch)) {
        SparseWrites<T> w;
        for (const auto& p : pending) {  // the last write of an index wins
          int j = 0;
          while (j < w.count && w.idx[j] != p.col) ++j;
          if (j == w.count) ++w.count;
          w.idx[j] = p.col;
          w.val[j] = p.value;
          w.remove[j] = p.remove;
        }
        for (int a = 1; a < w.count; ++a)  // ascending by index
          for (int b = a; b > 0 && w.idx[b - 1] > w.idx[b]; --b) {
            std::swap(w.idx[b - 1], w.idx[b]);
            std::swap(w.val[b - 1], w.val[b]);
            std::swap(w.remove[b - 1], w.remove[b]);
          }
        write_sparse_entries(v, w);
        pending.clear();
        return;
      }
    }
    std::vector<std::uint64_t> pk(pending.size());
    HostArray<T> pv(pending.size());
    std::vector<std::uint8_t> prm(pending.size());
    for (std::size_t k = 0; k < pending.size(); ++k) {
      pk[k] = pending[k].col;
      pv[k] = pending[k].value;
      prm[k] = pending[k].remove;
    }
    auto keys = vec_to_keys(v);
    auto vals = v.val.clone("vector values");
    merge_pending(keys, vals, pk, pv, prm);
    Vec<T> merged = vec_from_sorted_keys(v.size, std::move(keys), std::move(vals));
    cuda::vec_to_format(merged, host::preferred_format(merged.size, merged.nvals));
    v = std::move(merged);
    pending.clear();
  }
  /// Vector::wait's rest (after the pending writes): a jumbled list sorted in place (so that no
  /// later reader sorts it), and the thread's stream finished before the return (outside a
  /// capture: GrB_MATERIALIZE is also complete), so that a thread on another stream may read v.
  template <class T>
  static void vec_materialize(const Vec<T>& v) {
    unjumble(v);
    if (!loop_capture()) device_synchronize("completing a vector (Vector::wait)");
  }

  // ---- Scalar ----
  template <class T>
  static Sca<T> scalar_make() {
    Sca<T> s;
    s.word.allocate(1, "scalar");
    return s;
  }
  template <class T>
  static Sca<T> scalar_clone(const Sca<T>& s, bool present) {
    Sca<T> c = scalar_make<T>();
    c.host = s.host;
    c.host_current = s.host_current;
    c.device_current = s.device_current;
    if (present && s.device_current) copy_device_to_device(c.word.data(), s.word.data(), sizeof(T));
    return c;
  }
  /// The value is copied to the device when a kernel first reads it there.
  template <class T>
  static void scalar_set(Sca<T>& s, const T& x) {
    keep_a_word(s);
    s.host = x;
    s.host_current = true;
    s.device_current = false;
  }
  /// A wait where only the device knows the value (a device loop counted into it).
  template <class T>
  static T scalar_get(const Sca<T>& s) {
    if (!s.host_current) {
      copy_device_to_host(&s.host, s.word.data(), sizeof(T));
      s.host_current = true;
    }
    return s.host;
  }
  /// The value where the host knows it without a wait: unless a device loop or a reduce on the GPU
  /// has written it since.
  template <class T>
  static std::optional<T> scalar_known(const Sca<T>& s) {
    if (s.host_current) return s.host;
    return std::nullopt;
  }
  /// Scalar::wait: the value both where kernels read it and on the host, so that no later reader
  /// copies it either way, and the thread's stream finished before the return. Inside a loop
  /// capture a value only the device knows cannot be copied to the host (a captured body does not
  /// wait): the loop then runs its rounds from the host, where it can.
  template <class T>
  static void scalar_materialize(const Sca<T>& s) {
    scalar_device(s);
    scalar_get(s);
    // Where scalar_get copied, its copy already waited for the stream; where the host knew the
    // value, nothing has: GrB_MATERIALIZE is complete either way.
    if (!loop_capture()) device_synchronize("completing a scalar (Scalar::wait)");
  }
  /// A round of a loop run from the host: on the host's copy where it holds (no device call), else
  /// on the device (a one-thread kernel, no wait).
  template <class T>
  static void scalar_count_round(Sca<T>& s) {
    if (s.host_current) {
      ++s.host;
      s.device_current = false;
      return;
    }
    add_one_on_device(s.word.data(), static_cast<int>(sizeof(T)));
  }
  /// Where a device loop adds one every round: from now on only the device knows the value.
  template <class T>
  static T* scalar_count_on_device(Sca<T>& s) {
    T* p = const_cast<T*>(scalar_device(s));
    s.host_current = false;
    return p;
  }

  // ---- Loops (loop_while, hpgraph/loop.hpp) ----
  /// A round run from the host may hold its work back for the calls after it (DeferralScope).
  static constexpr bool loop_defers_work = true;
  /// The rounds run here: the first ones from the host, then the rest as one graph on the device
  /// (loop_rounds.cuh). True when they all ran; false to run the rest from the host.
  template <class T, class Body, class Round>
  static bool loop_rounds(const NonEmpty<T>& c, Body& body, const Round& round, Index& rounds, Index max_rounds,
                          const RoundCounter& counter) {
    return cuda::loop_rounds<VectorAccess>(c, body, round, rounds, max_rounds, counter);
  }

  // ---- the CUDA backend's own ----

  /// A scalar moved from has no device word (the move took it): it gets one when it is given a
  /// value again. Made outside any loop capture, so that it outlives the loop's arena.
  template <class T>
  static void keep_a_word(Sca<T>& s) {
    if (!s.word.empty()) return;
    UncapturedScope now;
    s.word.allocate(1, "scalar");
  }

  /// Where kernels read the scalar's value (copied there first if it changed on the host): a
  /// captured loop body's calls read it there, round after round.
  template <class T>
  static const T* scalar_device(const Sca<T>& s) {
    if (!s.device_current) {
      UncapturedScope now;  // ordered before any graph that reads it
      copy_host_to_device(const_cast<T*>(s.word.data()), &s.host, sizeof(T));
      s.device_current = true;
    }
    return s.word.data();
  }
  /// Where a kernel writes the scalar's new value (a reduce into it): only the device knows it from
  /// now on. The value it held is there first, for a kernel that accumulates into it.
  template <class T>
  static T* scalar_written_on_device(Sca<T>& s) {
    keep_a_word(s);
    T* p = const_cast<T*>(scalar_device(s));
    s.host_current = false;
    return p;
  }
};

}  // namespace hpg::detail::cuda
