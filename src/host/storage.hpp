// The host backend's storage types: plain data, in every build (a container has room for them).
// The functions over them are in storage_ops.hpp.
#pragma once

namespace hpg::detail::host {

/// A Scalar's value (whether it holds one is the Scalar's own: present_).
template <class T>
struct Sca {
  T value{};
};

}  // namespace hpg::detail::host
