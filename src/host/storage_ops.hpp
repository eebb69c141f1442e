// The host backend's Storage: what a container's methods do with the host's storage types
// (storage.hpp). Every backend's Storage has these functions with these signatures
// (detail/backend_list.hpp); the host backend's Ops derive from it.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/detail/loop_types.hpp"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/generate_edges.hpp"
#include "hpgraph/host/storage.hpp"
#include "hpgraph/host/tuples.hpp"
#include "hpgraph/ops/binary.hpp"

namespace hpg::detail::host {

struct Storage {
  // ---- Matrix (its storage: HostCsr, detail/storage.hpp) ----
  /// No arrays, not even the row offsets: what a move leaves (a move cannot allocate). The
  /// Matrix makes its row offsets when it is next used (csr_empty).
  template <class T>
  static Csr<T> csr_unallocated() noexcept {
    return {};
  }
  /// An nrows x ncols matrix with no entries: every row offset zero.
  template <class T>
  static Csr<T> csr_empty(Index nrows, Index ncols) {
    return Csr<T>(HostCsr<T>{nrows, ncols, std::vector<std::uint64_t>(nrows + 1, 0), {}, {}});
  }
  template <class T>
  static bool csr_has_row_offsets(const Csr<T>& a) noexcept {
    return !a.ptr.empty();
  }
  template <class T>
  static Index csr_nvals(const Csr<T>& a) {
    return a.nvals();
  }
  template <class T>
  static Csr<T> csr_clone(const Csr<T>& a) {
    return a;
  }
  /// to_backend goes through the host's form: from it, and back.
  template <class T>
  static HostCsr<T> csr_to_host(const Csr<T>& a) {
    return a;
  }
  template <class T>
  static Csr<T> csr_from_host(const HostCsr<T>& h) {
    return h;
  }
  template <class T>
  static Csr<T> csr_from_host(HostCsr<T>&& h) {
    return std::move(h);
  }
  /// The row offsets, on the host (GrB_Matrix_export's Ap).
  template <class T>
  static std::vector<std::uint64_t> csr_row_offsets(const Csr<T>& a) {
    return a.ptr;
  }
  /// Where the structure lies, for a view.
  template <class T>
  static CsrStructure csr_structure(const Csr<T>& a) noexcept {
    return {a.ptr.data(), nullptr, a.col.data()};
  }
  /// spec's graph (gen::generate): A(u, v) for each edge u -> v, its weight or 1, duplicates
  /// combined with min.
  template <class T>
  static Csr<T> csr_generate(const gen::GraphSpec& spec) {
    const Index n = gen::num_vertices(spec);
    gen::HostEdges e = gen::generate_edges_host(spec);
    std::vector<std::uint32_t> rows(e.keys.size()), cols(e.keys.size());
    for (std::size_t k = 0; k < e.keys.size(); ++k) {
      rows[k] = static_cast<std::uint32_t>(e.keys[k] >> 32);
      cols[k] = static_cast<std::uint32_t>(e.keys[k]);
    }
    e.keys = {};
    HostArray<T> vals(rows.size(), T(1));
    if (spec.weighted)
      for (std::size_t k = 0; k < vals.size(); ++k) vals[k] = static_cast<T>(e.weights[k]);
    return host::csr_from_tuples(n, n, rows.data(), cols.data(), vals.data(), rows.size(), hpg::min<T>{}, "generate");
  }
  /// The tuples are checked against the dimensions; duplicates combined with dup in input order.
  template <class T, class I, class Dup>
  static Csr<T> csr_build(Index nrows, Index ncols, std::span<const I> rows, std::span<const I> cols, std::span<const T> vals,
                          const Dup& dup) {
    return host::csr_from_tuples(nrows, ncols, rows.data(), cols.data(), vals.data(), rows.size(), dup, "Matrix::build");
  }
  /// Row-major, columns ascending within a row.
  template <class T>
  static void csr_extract_tuples(const Csr<T>& a, std::vector<Index>& rows, std::vector<Index>& cols, std::vector<T>& vals) {
    rows.resize(a.nvals());
    cols.resize(a.nvals());
    host::csr_extract_tuples(a, rows.data(), cols.data(), static_cast<T*>(nullptr));
    vals.assign(a.val.begin(), a.val.end());
  }
  template <class T>
  static std::optional<T> csr_find(const Csr<T>& a, Index i, Index j) {
    return host::csr_find(a, i, j);
  }
  template <class T>
  static void csr_resize(Csr<T>& a, Index nrows, Index ncols) {
    a.derived.reset();
    host::csr_resize(a, nrows, ncols);
  }
  /// Merges set_element/remove_element writes (the last of an entry wins) and clears them.
  template <class T>
  static void csr_apply_pending(Csr<T>& a, std::vector<PendingOp<T>>& pending) {
    a.derived.reset();
    host::csr_apply_pending(a, pending);
  }
  /// The matrix is about to be built or cleared (Matrix::build, clear): what was derived from it
  /// (its transpose) is dropped first, so that its memory is free for the change.
  template <class T>
  static void csr_changed(const Csr<T>& a) noexcept {
    a.derived.reset();
  }

  // ---- Vector (its storage: HostVec, detail/storage.hpp) ----
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
  template <class T>
  static Index vec_nvals(const Vec<T>& v) {
    return v.nvals;
  }
  template <class T>
  static Sparsity vec_format(const Vec<T>& v) noexcept {
    return v.format;
  }
  template <class T>
  static void vec_set_format(Vec<T>& v, Sparsity f) {
    host::vec_to_format(v, f);
  }
  /// Puts v in bitmap form (a change of form, not of value) and says where its arrays lie.
  template <class T>
  static BitmapArrays<T> vec_bitmap_arrays(Vec<T>& v) {
    host::vec_to_format(v, Sparsity::bitmap);
    return {v.val.data(), v.present.data()};
  }
  template <class T>
  static Vec<T> vec_clone(const Vec<T>& v) {
    return v;
  }
  /// to_backend goes through the host's form: from it, and back.
  template <class T>
  static HostVec<T> vec_to_host(const Vec<T>& v) {
    return v;
  }
  template <class T>
  static Vec<T> vec_from_host(const HostVec<T>& h) {
    return h;
  }
  template <class T>
  static Vec<T> vec_from_host(HostVec<T>&& h) {
    return std::move(h);
  }
  template <class T, class Dup>
  static Vec<T> vec_build(Index n, std::span<const Index> idx, std::span<const T> vals, const Dup& dup) {
    return host::vec_from_tuples(n, idx.data(), vals.data(), idx.size(), dup, "Vector::build");
  }
  /// Indices ascending.
  template <class T>
  static void vec_extract_tuples(const Vec<T>& v, std::vector<Index>& indices, std::vector<T>& vals) {
    indices.clear();
    vals.clear();
    indices.reserve(v.nvals);
    vals.reserve(v.nvals);
    if (v.format == Sparsity::sparse) {
      indices.assign(v.idx.begin(), v.idx.end());
      vals.assign(v.val.begin(), v.val.end());
      return;
    }
    for (Index i = 0; i < v.size; ++i)
      if (v.present[i]) {
        indices.push_back(i);
        vals.push_back(v.val[i]);
      }
  }
  template <class T>
  static std::optional<T> vec_find(const Vec<T>& v, Index i) {
    if (v.format == Sparsity::bitmap) {
      if (!v.present[i]) return std::nullopt;
      return v.val[i];
    }
    auto it = std::lower_bound(v.idx.begin(), v.idx.end(), static_cast<std::uint32_t>(i));
    if (it == v.idx.end() || *it != i) return std::nullopt;
    return v.val[static_cast<std::size_t>(it - v.idx.begin())];
  }
  /// Sets (x not null) or removes entry i of a bitmap vector in place.
  template <class T>
  static void vec_write_bitmap(Vec<T>& v, Index i, const T* x) {
    const std::uint8_t now = x ? 1 : 0;
    v.nvals += Index(now) - Index(v.present[i]);
    v.present[i] = now;
    if (x) v.val[i] = *x;
  }
  template <class T>
  static void vec_resize(Vec<T>& v, Index n) {
    host::vec_resize(v, n);
  }
  /// Merges set_element/remove_element writes (the last of an index wins) and clears them. Not
  /// strong: the vector's arrays move into the merge.
  template <class T>
  static void vec_apply_pending(Vec<T>& v, std::vector<PendingOp<T>>& pending) {
    host::vec_apply_pending(v, pending);
    host::vec_to_format(v, preferred_format(v.size, v.nvals));
  }
  /// Vector::wait's rest (after the pending writes): a host vector is always complete and sorted.
  template <class T>
  static void vec_materialize(const Vec<T>&) noexcept {}

  // ---- Loops (loop_while, hpgraph/loop.hpp) ----
  /// A round's calls launch their own work (nothing to hold back on the host).
  static constexpr bool loop_defers_work = false;
  /// Every round runs from the loop (a plain loop).
  template <class T, class Body, class Round>
  static bool loop_rounds(const NonEmpty<T>&, Body&, const Round&, Index&, Index, const RoundCounter&) noexcept {
    return false;
  }
  /// A device loop's capture cannot hold a host vector: the loop runs from the host.
  template <class T>
  static void vec_carry(LoopCapture& c, const Vector<T>& v) {
    if (c.find(&v) || c.is_born(&v)) return;
    throw CaptureUnsupported("a host vector in a device loop's body");
  }

  // ---- Scalar ----
  template <class T>
  static Sca<T> scalar_make() {
    return {};
  }
  template <class T>
  static Sca<T> scalar_clone(const Sca<T>& s, bool /*present*/) {
    return s;
  }
  template <class T>
  static void scalar_set(Sca<T>& s, const T& x) {
    s.value = x;
  }
  template <class T>
  static T scalar_get(const Sca<T>& s) {
    return s.value;
  }
  /// The value where it is known without a wait: on the host, always.
  template <class T>
  static std::optional<T> scalar_known(const Sca<T>& s) {
    return s.value;
  }
  /// Scalar::wait: the host's value is the only one.
  template <class T>
  static void scalar_materialize(const Sca<T>&) noexcept {}
  /// A round of a loop run from the host (loop_while's counter).
  template <class T>
  static void scalar_count_round(Sca<T>& s) {
    ++s.value;
  }
  /// Where a device loop counts its rounds: the host runs no device loop.
  template <class T>
  static T* scalar_count_on_device(Sca<T>&) {
    throw_error(Info::invalid_object, "internal: a device loop counts into a host Scalar");
  }
};

}  // namespace hpg::detail::host
