// The host backend's storage types: plain data, in every build (a container has room for them).
// The functions over them are in storage_ops.hpp.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::host {

/// What the host keeps beside a matrix once a call has needed it: its transpose (an operand under
/// a transpose descriptor), made on first use (backend.hpp: transposed_of). The GPU's counterpart
/// is cuda::DeviceDerived.
template <class T>
struct HostDerived {
  std::mutex building;
  std::optional<HostCsr<T>> transpose;
};

/// A Matrix's storage: its CSR, and what is derived from it, dropped whenever the matrix changes
/// (an operation's write through csr_of, a resize, merged pending writes; build and clear make a
/// new Csr after csr_changed).
/// Shared, so that the threads reading one const matrix at once share one cache, and so that a
/// call reading the transpose keeps it alive while it writes its output (which may be the same
/// matrix). A copy copies the CSR alone.
template <class T>
struct Csr : HostCsr<T> {
  Csr() = default;
  Csr(HostCsr<T>&& h) noexcept : HostCsr<T>(std::move(h)) {}
  Csr(const HostCsr<T>& h) : HostCsr<T>(h) {}
  Csr(const Csr& o) : HostCsr<T>(o) {}
  Csr(Csr&&) noexcept = default;
  Csr& operator=(const Csr& o) {
    if (this != &o) {
      HostCsr<T>::operator=(o);
      derived.reset();
    }
    return *this;
  }
  Csr& operator=(Csr&&) noexcept = default;
  mutable std::shared_ptr<HostDerived<T>> derived;
};

/// A Vector's storage.
template <class T>
using Vec = HostVec<T>;

/// A Scalar's value (whether it holds one is the Scalar's own: present_).
template <class T>
struct Sca {
  T value{};
};

}  // namespace hpg::detail::host
