// hpg::Vector<T>: a sparse vector with value semantics. Stored sparse (sorted indices + values)
// or as a bitmap (presence flag + value per entry), switching by density, on its backend's side.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/detail/one_storage.hpp"
#include "hpgraph/matrix.hpp"

namespace hpg {

template <class T>
class Vector;

namespace detail {
struct VectorAccess;
}

template <class T>
class Vector {
  static_assert(is_value_type_v<T>, "hpg::Vector<T>: T must be a trivially copyable value type");

 public:
  using value_type = T;

  explicit Vector(Index size, Backend b = default_backend()) : storage_(empty_storage(b, size)) { born_in_capture(); }
  Vector() : Vector(0) {}
  explicit Vector(const Vector& o) : storage_(cloned(o)) {
    born_in_capture();  // after the copy: a copy that throws leaves nothing registered
  }
  Vector& operator=(const Vector&) = delete;
  // A device loop being captured carries every vector its body touches, moves included (a swap
  // of two vectors is a change of both); one that ends inside the body is not carried.
  // A vector moved from is an empty vector of size 0 on its backend, usable again (resize it, or
  // move another vector into it); its storage left with the move, and so did its count.
  Vector(Vector&& o) noexcept : storage_((o.touch_in_move(), std::move(o.storage_))), pending_(std::exchange(o.pending_, {})) {
    born_in_capture();
    o.empty_after_move();
  }
  Vector& operator=(Vector&& o) noexcept {
    touch_in_move();
    o.touch_in_move();
    if (this != &o) {
      storage_ = std::move(o.storage_);
      pending_ = std::exchange(o.pending_, {});
      o.empty_after_move();
    }
    return *this;
  }
  ~Vector() {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]]
      c->forget(this);
  }
  // (A vector made inside a captured body lives and dies there: it is not carried, its storage is
  // the body's own.)
  Vector dup() const { return Vector(*this); }

  Index size() const noexcept { HPG_DETAIL_ON_STORAGE(storage_, S::vec_size(st)); }
  Index nvals() const {
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_nvals(st));
  }
  Backend backend() const noexcept { return storage_.backend(); }
  /// GxB_SPARSITY_STATUS: the form the vector has now (pending set_element writes applied first).
  Sparsity sparsity() const {
    apply_pending();
    return current_format();
  }
  /// GxB_SPARSITY_CONTROL, applied once: the vector takes form s now (its entries unchanged);
  /// each later operation that writes it picks the form again. In a device loop's body it is,
  /// like set_element, a change the host makes: the loop runs its rounds from the host.
  void set_sparsity(Sparsity s) {
    if (s != Sparsity::sparse && s != Sparsity::bitmap) detail::throw_error(Info::invalid_value, "Vector::set_sparsity: not a Sparsity");
    detail::refuse_in_capture("Vector::set_sparsity");
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_set_format(st, s));
  }

  /// Moves the data to backend b (a no-op when it is there already), through the host's form:
  /// the new storage is made first, so a failure leaves the vector as it was.
  void to_backend(Backend b) {
    detail::check_backend_usable(b, "Vector::to_backend");
    if (b == backend()) return;
    apply_pending();
    if (backend() == Backend::host) {
      storage_ = from_host(b, storage_.template get<Backend::host>());
    } else {
      storage_ = from_host(b, to_host());
    }
  }

  /// GrB_Vector_build: the vector must be empty; duplicates combined with dup in input order.
  template <class Dup = no_dup_t>
  void build(std::span<const Index> indices, std::span<const T> vals, const Dup& dup = {}) {
    if (indices.size() != vals.size())
      hpg::detail::throw_error(Info::invalid_value, "Vector::build: indices and vals differ in length (" + std::to_string(indices.size()) +
                                           ", " + std::to_string(vals.size()) + ")");
    if (nvals() != 0) hpg::detail::throw_error(Info::output_not_empty, "Vector::build: the vector already holds entries");
    const Index n = size();
    for (std::size_t k = 0; k < indices.size(); ++k)
      if (indices[k] >= n)
        hpg::detail::throw_error(Info::index_out_of_bounds, "Vector::build: tuple " + std::to_string(k) + " has index " +
                                                   std::to_string(indices[k]) + ", outside size " + std::to_string(n));
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::vec_build(n, indices, vals, dup)));
  }
  template <class Dup = no_dup_t>
  void build(const std::vector<Index>& indices, const std::vector<T>& vals, const Dup& dup = {}) {
    if constexpr (std::is_same_v<T, bool>) {
      detail::HostArray<bool> v(vals.begin(), vals.end());
      build(std::span<const Index>(indices), std::span<const T>(v.data(), v.size()), dup);
    } else {
      build(std::span<const Index>(indices), std::span<const T>(vals), dup);
    }
  }

  /// GrB_Vector_extractTuples: indices ascending.
  void extract_tuples(std::vector<Index>& indices, std::vector<T>& vals) const {
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_extract_tuples(st, indices, vals));
  }
  /// The same with a part left out (the C API's NULL I or X: a null pointer) and the values cast
  /// to the caller's type U as GrB_Vector_extractTuples_<TYPE> casts them (SuiteSparse's rules:
  /// detail::typecast). A type GraphBLAS cannot cast T to does not compile.
  template <class U>
  void extract_tuples(std::vector<Index>* indices, std::vector<U>* vals) const {
    static_assert(detail::castable_v<U, T>, "Vector::extract_tuples: the values cannot be cast to this type");
    std::vector<Index> i;
    std::vector<T> x;
    extract_tuples(i, x);
    if (indices) *indices = std::move(i);
    if (vals) detail::cast_values(x, *vals);
  }
  void extract_tuples(std::vector<Index>* indices, std::nullptr_t) const { extract_tuples(indices, static_cast<std::vector<T>*>(nullptr)); }

  /// GrB_Vector_setElement(w, x, i).
  void set_element(const T& x, Index i) {
    check_index(i, "Vector::set_element");
    detail::refuse_in_capture("Vector::set_element");  // a change made or queued by the host: not a graph
    if (current_format() == Sparsity::bitmap) {
      bitmap_write(i, &x);
    } else {
      pending_.push_back({0, static_cast<std::uint32_t>(i), false, x});
    }
  }
  /// GrB_Vector_removeElement(w, i).
  void remove_element(Index i) {
    check_index(i, "Vector::remove_element");
    detail::refuse_in_capture("Vector::remove_element");
    if (current_format() == Sparsity::bitmap) {
      bitmap_write(i, nullptr);
    } else {
      pending_.push_back({0, static_cast<std::uint32_t>(i), true, T{}});
    }
  }
  /// GrB_Vector_extractElement: the value at i, or nullopt (GrB_NO_VALUE).
  std::optional<T> extract_element(Index i) const {
    check_index(i, "Vector::extract_element");
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_find(st, i));
  }
  bool extract_element(T* x, Index i) const {
    auto v = extract_element(i);
    if (v && x) *x = *v;
    return v.has_value();
  }

  void clear() {
    touch();
    pending_.clear();
    const Index n = size();
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::template vec_empty<T>(n)));
  }

  /// GrB_Vector_resize: entries at or past the new size are dropped.
  void resize(Index n) {
    detail::check_dimension(n, "Vector::resize");
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_resize(st, n));
  }

  /// GrB_wait(v, GrB_MATERIALIZE): v's pending set_element/remove_element writes merged, and on
  /// the GPU a list that an operation left in no order (DeviceVec::jumbled: a push under any, a
  /// select, an apply) sorted, so that no later read changes v: call it before several threads
  /// read v at once (docs/api.md, Threads). On the GPU it returns when the thread's stream has
  /// finished (outside a device loop's capture): a host wait, after which a thread on another
  /// stream may read v. The library's own calls apply pending writes only (apply_pending): a
  /// jumbled list stays jumbled for the calls that take it as it is.
  void wait() const {
    apply_pending();
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_materialize(st));
  }

 private:
  void apply_pending() const {
    touch();
    if (pending_.empty()) return;
    HPG_DETAIL_ON_STORAGE(storage_, S::vec_apply_pending(st, pending_));
  }
  friend struct detail::VectorAccess;

  using Storage = detail::VecStorage<T>;

  static Storage empty_storage(Backend b, Index n) {
    detail::check_dimension(n, "Vector");
    detail::check_backend_usable(b, "Vector");
    HPG_DETAIL_MAKE_STORAGE(b, Storage::template hold<B>(S::template vec_empty<T>(n)))
    detail::unbuilt_backend(b);
  }
  static Storage cloned(const Vector& o) {
    o.apply_pending();  // also carries o into a device loop being captured
    HPG_DETAIL_ON_STORAGE(o.storage_, Storage::template hold<B>(S::vec_clone(st)));
  }
  template <class H>
  static Storage from_host(Backend b, H&& h) {
    HPG_DETAIL_MAKE_STORAGE(b, Storage::template hold<B>(S::template vec_from_host<T>(std::forward<H>(h))))
    detail::unbuilt_backend(b);
  }
  detail::HostVec<T> to_host() const { HPG_DETAIL_ON_STORAGE(storage_, S::vec_to_host(st)); }
  /// What a move leaves: an empty vector of size 0, on the same backend (no allocation).
  void empty_after_move() noexcept {
    HPG_DETAIL_ON_STORAGE(storage_, storage_.template replace<B>(S::template vec_empty<T>(0)));
  }

  /// A vector made while a device loop's body is captured is the body's own: never carried.
  void born_in_capture() noexcept {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]]
      c->born(this);
  }
  /// In a device loop's capture, the first touch of a vector carries it (hpgraph/loop.hpp).
  void touch() const {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]] {
      HPG_DETAIL_ON_STORAGE(storage_, S::vec_carry(*c, *this));
    }
  }

  /// A move cannot throw: a vector it cannot carry spoils the capture instead, and the loop runs
  /// on the host.
  void touch_in_move() const noexcept {
    if (detail::LoopCapture* c = detail::loop_capture()) [[unlikely]] {
      try {
        HPG_DETAIL_ON_STORAGE(storage_, S::vec_carry(*c, *this));
      } catch (const std::exception& e) {
        c->spoil(e.what());
      }
    }
  }

  /// The form, pending writes not applied (set_element reads it before it queues one).
  Sparsity current_format() const { HPG_DETAIL_ON_STORAGE(storage_, S::vec_format(st)); }

  void check_index(Index i, const char* what) const {
    if (i >= size())
      hpg::detail::throw_error(Info::invalid_index, std::string(what) + ": index " + std::to_string(i) + " is outside size " +
                                           std::to_string(size()));
  }
  /// Sets (x != nullptr) or removes entry i of a bitmap vector in place.
  void bitmap_write(Index i, const T* x) { HPG_DETAIL_ON_STORAGE(storage_, S::vec_write_bitmap(st, i, x)); }

  mutable Storage storage_;
  mutable std::vector<detail::PendingOp<T>> pending_;
};

namespace detail {

/// The backends reach a vector's storage through here: its pending writes applied first (and,
/// in a device loop's capture, the vector carried). Asking for the storage of a backend the vector
/// is not on is Error(invalid_object) (a bug: operations check their operands' backends first).
struct VectorAccess {
  /// The storage of backend B, the one the vector is on (src/<backend>/: vec_of).
  template <Backend B, class T>
  static auto& on(Vector<T>& v) {
    v.apply_pending();
    return v.storage_.template get<B>();
  }
  template <Backend B, class T>
  static const auto& on(const Vector<T>& v) {
    v.apply_pending();
    return v.storage_.template get<B>();
  }
  /// The storage, whichever backend holds it (for the public helpers that dispatch to the
  /// backend's Storage: view).
  template <class T>
  static VecStorage<T>& storage(Vector<T>& v) { v.apply_pending(); return v.storage_; }
  /// The storage as it is: no pending write applied, nothing carried (what a device loop's carried
  /// vector reads and gives back; apply_pending there would carry the vector again).
  template <class T>
  static VecStorage<T>& raw(const Vector<T>& v) noexcept { return v.storage_; }
  /// Its set_element/remove_element writes not applied yet.
  template <class T>
  static const std::vector<PendingOp<T>>& pending(const Vector<T>& v) noexcept { return v.pending_; }
  /// Its pending writes applied (and, in a device loop's capture, v carried): what the library's
  /// calls do first, short of wait(), which also sorts a jumbled list.
  template <class T>
  static void apply_pending(const Vector<T>& v) { v.apply_pending(); }
};
}  // namespace detail

}  // namespace hpg
