// The CUDA backend's Storage: what a container's methods do with the CUDA backend's storage types
// (storage.hpp). Every backend's Storage has the same functions with the same signatures
// (detail/backend_list.hpp); the CUDA backend's Ops derive from it, and have a few of their own
// below (the device word of a Scalar, which only this backend has).
#pragma once

#include <optional>

#include "hpgraph/cuda/device_loop.cuh"
#include "hpgraph/cuda/storage.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/loop_capture.hpp"

namespace hpg::detail::cuda {

struct Storage {
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
