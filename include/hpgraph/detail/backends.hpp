// The backends, and the one place an operation is sent to one. Each backend is a folder of src/
// whose backend header defines `Ops`: the same static functions, with the same signatures, over
// the containers (src/host/backend.hpp, src/cuda/backend.cuh). on_backend(b, f) calls f with
// backend b's Ops. Adding a backend is a folder with its Ops, a value of hpg::Backend, and a line
// in each of the two places below (docs/design.md, "Adding a backend").
#pragma once

#include <utility>

#include "hpgraph/backend.hpp"
#include "hpgraph/host/backend.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/backend.cuh"
#endif

namespace hpg::detail {

template <class F>
decltype(auto) on_backend(Backend b, F&& f) {
  switch (b) {
#if HPG_HAS_CUDA
    case Backend::cuda:
      return std::forward<F>(f)(cuda::Ops{});
#endif
    default:  // host; a container of a backend this build lacks cannot be made (check_backend_usable)
      return std::forward<F>(f)(host::Ops{});
  }
}

}  // namespace hpg::detail
