// hpg::Scalar<T>: GrB_Scalar, one value that may be absent, kept on its backend's side. On the GPU
// the value lives in device memory, so a call that reads it (assign of a Scalar) reads it there
// when it runs, not when it was queued: a device loop's body can use a value that changes from
// round to round (a BFS's depth, counted by loop_while) without a host round trip.
//
// Whether it holds a value is known on the host at every moment (set_element, clear and a reduce
// into it change it, and a reduce knows on the host whether it has entries to reduce), so asking
// costs no wait. The value is known on the host too until a device loop counts into it or a
// reduce on the GPU writes it; reading it back after that (extract_element) waits.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/detail/one_storage.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

namespace hpg {

template <class T>
class Scalar;

namespace detail {
struct ScalarAccess;
}

template <class T>
class Scalar {
  static_assert(is_value_type_v<T>, "hpg::Scalar<T>: T must be a trivially copyable value type");

 public:
  using value_type = T;

  /// GrB_Scalar_new: no value.
  explicit Scalar(Backend b = default_backend()) : storage_(make(b)) {}
  /// A scalar holding x.
  explicit Scalar(T x, Backend b = default_backend()) : Scalar(b) { set_element(x); }
  Scalar(const Scalar&) = delete;
  Scalar& operator=(const Scalar&) = delete;
  // A moved-from scalar is empty, on the same backend (its device word went with the value; a
  // new one is made when it is given one).
  Scalar(Scalar&& o) noexcept : present_(std::exchange(o.present_, false)), storage_(std::move(o.storage_)) {}
  Scalar& operator=(Scalar&& o) noexcept {
    if (this != &o) {
      present_ = std::exchange(o.present_, false);
      storage_ = std::move(o.storage_);
    }
    return *this;
  }
  /// GrB_Scalar_dup.
  Scalar dup() const { return Scalar(present_, clone()); }

  Backend backend() const noexcept { return storage_.backend(); }
  /// GrB_Scalar_nvals: 1 or 0, known without a wait.
  Index nvals() const noexcept { return present_ ? 1 : 0; }
  /// GrB_Scalar_clear.
  void clear() noexcept { present_ = false; }
  /// GrB_Scalar_setElement.
  void set_element(T x) {
    set(x);
    present_ = true;
  }
  /// GrB_Scalar_extractElement: the value, or nullopt when there is none (a wait where only the
  /// device knows it: a device loop counted into it).
  std::optional<T> extract_element() const {
    if (!present_) return std::nullopt;
    return get();
  }
  /// GrB_wait(s, GrB_MATERIALIZE): on the GPU, the value known both where kernels read it and on
  /// the host, so that no later read copies it, and the thread's stream finished (a scalar with a
  /// value waits for it, outside a loop capture): call it before several threads read s at once
  /// (docs/api.md, Threads).
  void wait() const {
    if (present_) materialize();
  }

 private:
  friend struct detail::ScalarAccess;
  using Storage = detail::ScalarStorage<T>;

  Scalar(bool present, Storage&& s) noexcept : present_(present), storage_(std::move(s)) {}
  static Storage make(Backend b) {
    HPG_DETAIL_MAKE_STORAGE(b, Storage::template hold<B>(S::template scalar_make<T>()))
    throw Error(Info::invalid_object, "Scalar: this build has no " + std::string(to_string(b)) + " backend");
  }
  Storage clone() const { HPG_DETAIL_ON_STORAGE(storage_, Storage::template hold<B>(S::scalar_clone(st, present_))); }
  void set(const T& x) { HPG_DETAIL_ON_STORAGE(storage_, S::scalar_set(st, x)); }
  T get() const { HPG_DETAIL_ON_STORAGE(storage_, S::scalar_get(st)); }
  void materialize() const { HPG_DETAIL_ON_STORAGE(storage_, S::scalar_materialize(st)); }
  std::optional<T> known() const { HPG_DETAIL_ON_STORAGE(storage_, S::scalar_known(st)); }
  void count_round() { HPG_DETAIL_ON_STORAGE(storage_, S::scalar_count_round(st)); }
  void* count_on_device() { HPG_DETAIL_ON_STORAGE(storage_, static_cast<void*>(S::scalar_count_on_device(st))); }

  bool present_ = false;
  Storage storage_;
};

namespace detail {
struct ScalarAccess {
  /// Backend B's storage of s (B must be the backend s is on).
  template <Backend B, class T>
  static auto& stored(const Scalar<T>& s) {
    return s.storage_.template get<B>();
  }
  template <Backend B, class T>
  static auto& stored(Scalar<T>& s) {
    return s.storage_.template get<B>();
  }
  /// A kernel writes s's value (a reduce into it): it holds one from now on.
  template <class T>
  static void set_present(Scalar<T>& s) noexcept {
    s.present_ = true;
  }
  /// The value where the host knows it without a wait (s must hold one): always on the host
  /// backend, on the GPU unless a device loop or a reduce has written it there since.
  template <class T>
  static std::optional<T> known(const Scalar<T>& s) {
    return s.known();
  }
  /// Adds one for a round run from the host (loop_while's counter).
  template <class T>
  static void count_round(Scalar<T>& s) {
    s.count_round();
  }
  /// Where a device loop adds one every round: from then on only the device knows the value.
  template <class T>
  static void* counted_on_device(Scalar<T>& s) {
    return s.count_on_device();
  }
};
template <class T>
struct is_scalar : std::false_type {};
template <class T>
struct is_scalar<Scalar<T>> : std::true_type {};
}  // namespace detail

}  // namespace hpg
