// The backends, and the one place an operation is sent to one. Each backend is a folder of src/
// whose backend header defines `Ops` (deriving from its `Storage`): the same static functions,
// with the same signatures, over the containers (src/host/backend.hpp, src/cuda/backend.cuh).
// on_backend(b, f) calls f with backend b's Ops; its switch is written over the backend list
// (detail/backend_list.hpp). Adding a backend: docs/design.md, "Adding a backend".
#pragma once

#include <string>
#include <utility>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/error.hpp"
// Each built backend's Ops, one line each.
#include "hpgraph/host/backend.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/backend.cuh"
#endif

namespace hpg::detail {

/// Every backend of the list has its case (HPG_BUILT_BACKENDS); a value of another is one no
/// container can have in this build (check_backend_usable).
template <class F>
decltype(auto) on_backend(Backend b, F&& f) {
#define HPG_DETAIL_OPS_CASE(name, ...) \
  case Backend::name:                  \
    return std::forward<F>(f)(name::Ops{});
  switch (b) {
    HPG_BUILT_BACKENDS(HPG_DETAIL_OPS_CASE)
    HPG_UNBUILT_BACKEND_CASES break;
  }
#undef HPG_DETAIL_OPS_CASE
  unbuilt_backend(b);
}

}  // namespace hpg::detail
