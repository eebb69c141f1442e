// What the library asks each built backend's runtime, declared over the backend list; each
// backend's src/<name>/runtime.cpp defines them, and only src/core/backend.cpp calls them (a
// private header: no public header declares them, so none of the backends' namespaces gains a
// `synchronize` that would hide hpg::synchronize):
//   usable()        whether containers may live on it in this process (the CUDA backend: a GPU
//                   is present and runs the build's code);
//   unusable_why()  what it lacks when it is not, for the errors;
//   synchronize()   wait for every call queued on it;
//   description()   the reports' one line;
// and the CUDA backend's gpu_info(), hpg::device_info's answer (a question only a GPU has).
#pragma once

#include <string>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/backend_list.hpp"

namespace hpg::detail {

#define HPG_DETAIL_DECLARE_RUNTIME(name, ...) \
  namespace name {                            \
  bool usable();                              \
  std::string unusable_why();                 \
  void synchronize();                         \
  std::string description();                  \
  }
HPG_BUILT_BACKENDS(HPG_DETAIL_DECLARE_RUNTIME)
#undef HPG_DETAIL_DECLARE_RUNTIME

#if HPG_HAS_CUDA
/// The CUDA backend's answer to hpg::device_info (src/cuda/runtime.cpp): the current GPU, every
/// CUDA call checked (Error(cuda_error) naming it).
namespace cuda {
DeviceInfo gpu_info();
}
#endif

}  // namespace hpg::detail
