// The CUDA backend's storage types: plain data that g++ can compile, in every build (a container
// has room for them, whether or not this build has CUDA). The functions over them, which launch
// kernels, are in storage_ops.cuh.
#pragma once

#include <memory>

#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::cuda {

/// A Matrix's storage: its CSR, and the forms derived from it (the transpose, the HYBs), made on
/// first use and dropped whenever the matrix changes. Shared, so that the threads reading one
/// const matrix at once share one cache (derived_of, access.hpp, creates it under a lock).
template <class T>
struct Csr : DeviceCsr<T> {
  mutable std::shared_ptr<DeviceDerived<T>> derived;
};

/// A Vector's storage.
template <class T>
using Vec = DeviceVec<T>;

/// A Scalar's value: a device word that kernels read when they run (so a captured loop body reads
/// the value of its round), and a copy on the host that holds while host_current (calls then take
/// it by value, as they take a plain number). The word holds the value while device_current; a
/// device loop that counts into the scalar, or a reduce into it, changes only the word.
template <class T>
struct Sca {
  mutable T host{};
  mutable bool host_current = true;
  mutable bool device_current = true;
  DeviceArray<T> word;  // one element, made with the scalar (and again after a move took it)
};

}  // namespace hpg::detail::cuda
