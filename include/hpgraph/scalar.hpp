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
#include <utility>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/device_loop.cuh"
#endif

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
  explicit Scalar(Backend b = default_backend()) : backend_(b) {
    if (b == Backend::cuda) {
      if constexpr (HPG_HAS_CUDA) dev_.allocate(1, "scalar");
      else throw Error(Info::invalid_object, "Scalar: this build has no CUDA backend");
    }
  }
  /// A scalar holding x.
  explicit Scalar(T x, Backend b = default_backend()) : Scalar(b) { set_element(x); }
  Scalar(const Scalar&) = delete;
  Scalar& operator=(const Scalar&) = delete;
  // A moved-from scalar is empty (its device word went with the value).
  Scalar(Scalar&& o) noexcept
      : backend_(o.backend_), present_(std::exchange(o.present_, false)), host_(o.host_), host_current_(o.host_current_),
        device_current_(o.device_current_), dev_(std::move(o.dev_)) {}
  Scalar& operator=(Scalar&& o) noexcept {
    if (this != &o) {
      backend_ = o.backend_;
      present_ = std::exchange(o.present_, false);
      host_ = o.host_;
      host_current_ = o.host_current_;
      device_current_ = o.device_current_;
      dev_ = std::move(o.dev_);
    }
    return *this;
  }
  /// GrB_Scalar_dup.
  Scalar dup() const {
    Scalar s(backend_);
    s.present_ = present_;
    s.host_ = host_;
    s.host_current_ = host_current_;
    s.device_current_ = device_current_;
    if (backend_ == Backend::cuda && present_ && device_current_) detail::copy_device_to_device(s.dev_.data(), dev_.data(), sizeof(T));
    return s;
  }

  Backend backend() const noexcept { return backend_; }
  /// GrB_Scalar_nvals: 1 or 0, known without a wait.
  Index nvals() const noexcept { return present_ ? 1 : 0; }
  /// GrB_Scalar_clear.
  void clear() noexcept { present_ = false; }
  /// GrB_Scalar_setElement.
  void set_element(T x) {
    host_ = x;
    present_ = true;
    host_current_ = true;
    device_current_ = false;  // copied to the device when a kernel first reads it there
  }
  /// GrB_Scalar_extractElement: the value, or nullopt when there is none (a wait where only the
  /// device knows it: a device loop counted into it).
  std::optional<T> extract_element() const {
    if (!present_) return std::nullopt;
    if (!host_current_) {
      detail::copy_device_to_host(&host_, dev_.data(), sizeof(T));
      host_current_ = true;
    }
    return host_;
  }

 private:
  friend struct detail::ScalarAccess;

  Backend backend_ = Backend::host;
  bool present_ = false;
  // The value on the host backend; on the CUDA backend a copy of it that holds while
  // host_current_ (calls then take it by value, as they take a plain number). The device word
  // holds it while device_current_; a device loop that counts into the scalar changes only that.
  mutable T host_{};
  mutable bool host_current_ = true;
  mutable bool device_current_ = true;
  detail::DeviceArray<T> dev_;  // one element, never moved while the scalar lives
};

namespace detail {
struct ScalarAccess {
  /// The value where the host knows it without a wait (the scalar must hold one): always on the
  /// host backend, on the GPU unless a device loop has counted into it since.
  template <class T>
  static std::optional<T> known(const Scalar<T>& s) {
    if (s.backend_ == Backend::host || s.host_current_) return s.host_;
    return std::nullopt;
  }
  /// Where kernels read the value on the GPU (it is copied there first if it changed on the host):
  /// a captured loop body's calls read it there, round after round.
  template <class T>
  static const T* device(const Scalar<T>& s) {
    if (!s.device_current_) {
      UncapturedScope now;  // ordered before any graph that reads it
      copy_host_to_device(const_cast<T*>(s.dev_.data()), &s.host_, sizeof(T));
      s.device_current_ = true;
    }
    return s.dev_.data();
  }
  /// Where a device loop adds one every round: from now on only the device knows the value.
  template <class T>
  static T* counted_on_device(Scalar<T>& s) {
    T* p = const_cast<T*>(device(s));
    s.host_current_ = false;
    return p;
  }
  /// Where a kernel writes the scalar's new value (a reduce into it): it holds a value from now on,
  /// and only the device knows which. The value it held is there first, for a kernel that
  /// accumulates into it.
  template <class T>
  static T* written_on_device(Scalar<T>& s) {
    T* p = const_cast<T*>(device(s));
    s.present_ = true;
    s.host_current_ = false;
    return p;
  }
  /// Adds one for a round run from the host: on the host's copy where it holds (no device call),
  /// else on the device (a one-thread kernel, no wait).
  template <class T>
  static void count_round(Scalar<T>& s) {
    if (s.backend_ == Backend::host || s.host_current_) {
      ++s.host_;
      s.device_current_ = s.backend_ == Backend::host;
      return;
    }
#if HPG_HAS_CUDA
    cuda::add_one_on_device(s.dev_.data(), static_cast<int>(sizeof(T)));
#endif
  }
};
template <class T>
struct is_scalar : std::false_type {};
template <class T>
struct is_scalar<Scalar<T>> : std::true_type {};
}  // namespace detail

}  // namespace hpg
