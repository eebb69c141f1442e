// The host backend's storage types: plain data, in every build (a container has room for them).
// The functions over them are in storage_ops.hpp.
#pragma once

#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::host {

/// A Matrix's storage.
template <class T>
using Csr = HostCsr<T>;

/// A Vector's storage.
template <class T>
using Vec = HostVec<T>;

/// A Scalar's value (whether it holds one is the Scalar's own: present_).
template <class T>
struct Sca {
  T value{};
};

}  // namespace hpg::detail::host
