// The host backend's Storage: what a container's methods do with the host's storage types
// (storage.hpp). Every backend's Storage has these functions with these signatures
// (detail/backend_list.hpp); the host backend's Ops derive from it.
#pragma once

#include <optional>

#include "hpgraph/error.hpp"
#include "hpgraph/host/storage.hpp"

namespace hpg::detail::host {

struct Storage {
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
