// The one list of backends. Everything that does one thing per backend is written once over
// this list: the storage a container holds (one_storage.hpp), the switch that sends a container's
// method to its backend's Storage functions, and on_backend's switch (backends.hpp). A backend
// is a folder of src/ (docs/design.md, "Adding a backend") plus its name here and in hpg::Backend.
//
// A backend's folder has, each under the same names so that the lists below can name them:
//   storage.hpp       plain data (g++-safe, in every build): `Sca<T>`, `Vec<T>` and `Csr<T>`,
//                     the storage of a Scalar, a Vector and a Matrix;
//   storage_ops.hpp   (.cuh where it needs nvcc) `struct Storage`: static functions over those
//                     types, the same signatures on every backend (below, and docs/design.md);
//   backend.hpp/.cuh  `struct Ops : Storage`: the operations.
#pragma once

#include <string>

#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

// X(name, ...) once for each backend whose storage types exist in every build (a container's
// storage has room for each, so its layout does not depend on the build).
#define HPG_ALL_BACKENDS(X, ...) X(host, __VA_ARGS__) X(cuda, __VA_ARGS__)

// X(name, ...) once for each backend compiled into this build, and the `case` labels of the
// others (a switch over Backend lists every value, so -Wswitch names a backend left out).
#if HPG_HAS_CUDA
#define HPG_BUILT_BACKENDS(X, ...) X(host, __VA_ARGS__) X(cuda, __VA_ARGS__)
#define HPG_UNBUILT_BACKEND_CASES
#else
#define HPG_BUILT_BACKENDS(X, ...) X(host, __VA_ARGS__)
#define HPG_UNBUILT_BACKEND_CASES case ::hpg::Backend::cuda:
#endif

// The storage types of every backend, and the functions of those built.
#include "hpgraph/cuda/storage.hpp"
#include "hpgraph/host/storage.hpp"
#include "hpgraph/host/storage_ops.hpp"
#if HPG_HAS_CUDA && defined(__CUDACC__)  // kernels: nvcc only (the library's g++ sources use the list alone)
#include "hpgraph/cuda/storage_ops.cuh"
#endif

namespace hpg::detail {

/// Whether b is a backend of the list. A switch with no default, compiled with -Wall in the
/// library (src/core/backend.cpp uses it): a Backend value missing from HPG_ALL_BACKENDS is a
/// -Wswitch warning there, not a container that reaches unbuilt_backend at run time.
constexpr bool listed_backend(Backend b) {
#define HPG_DETAIL_LISTED_CASE(name, ...) \
  case Backend::name:                     \
    return true;
  switch (b) { HPG_ALL_BACKENDS(HPG_DETAIL_LISTED_CASE) }
#undef HPG_DETAIL_LISTED_CASE
  return false;
}

/// What a switch over the built backends does with any other value: no container of it can be
/// made in this build, so only a value that is not a Backend at all gets here.
[[noreturn]] inline void unbuilt_backend(Backend b) {
  throw_error(Info::invalid_value, "backend " + std::string(to_string(b)) + " (" + std::to_string(static_cast<int>(b)) +
                                       ") is not built into this hpgraph");
}

}  // namespace hpg::detail
