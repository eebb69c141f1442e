// The backends, and the one place an operation is sent to one. Each backend is a folder of src/
// whose backend header defines `Ops`: the same static functions, with the same signatures, over
// the containers (src/host/backend.hpp, src/cuda/backend.cuh). on_backend(b, f) calls f with
// backend b's Ops. Adding a backend is a folder with its Ops, a value of hpg::Backend, and a line
// in each of the two places below (docs/design.md, "Adding a backend").
#pragma once

#include <string>
#include <utility>

#include "hpgraph/backend.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/host/backend.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/backend.cuh"
#endif

namespace hpg::detail {

/// No `default`: a Backend value without its case here is a -Wswitch warning, not host code run
/// on another backend's containers.
template <class F>
decltype(auto) on_backend(Backend b, F&& f) {
  switch (b) {
    case Backend::host:
      return std::forward<F>(f)(host::Ops{});
    case Backend::cuda:
#if HPG_HAS_CUDA
      return std::forward<F>(f)(cuda::Ops{});
#else
      break;  // no container of it can be made in this build (check_backend_usable)
#endif
  }
  throw_error(Info::invalid_value, "backend " + std::string(to_string(b)) + " (" + std::to_string(static_cast<int>(b)) +
                                      ") is not built into this hpgraph");
}

}  // namespace hpg::detail
