#include "hpgraph/backend.hpp"

#include <atomic>
#include <cstdlib>

#include "core/backend_runtime.hpp"
#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/error.hpp"

namespace hpg {

namespace {

std::atomic<int> g_backend{-1};  // -1: not chosen yet

Backend initial_backend() {
  if (const char* env = std::getenv("HPGRAPH_BACKEND"); env && *env) {
    const Backend b = parse_backend(env);
    if (!backend_usable(b))
      detail::throw_error(Info::invalid_value, "HPGRAPH_BACKEND=" + std::string(to_string(b)) + ": " + backend_unusable_why(b));
    return b;
  }
  return cuda_available() ? Backend::cuda : Backend::host;
}

}  // namespace

// Every runtime question is one switch over the backend list: `question` of a built backend's
// runtime (src/core/backend_runtime.hpp), `unbuilt` for the others. The switch has no default and
// this file is compiled with -Wall: a Backend value that neither HPG_BUILT_BACKENDS nor
// HPG_UNBUILT_BACKEND_CASES lists is a -Wswitch warning.
#define HPG_DETAIL_RUNTIME_CASE(name, question) \
  case Backend::name:                           \
    return detail::name::question();
#define HPG_DETAIL_ASK_RUNTIME(b, question, unbuilt)                \
  switch (b) {                                                      \
    HPG_BUILT_BACKENDS(HPG_DETAIL_RUNTIME_CASE, question)           \
    HPG_UNBUILT_BACKEND_CASES return unbuilt;                       \
  }

bool backend_usable(Backend b) {
  HPG_DETAIL_ASK_RUNTIME(b, usable, false)
  return false;
}

bool cuda_available() { return backend_usable(Backend::cuda); }

std::string backend_unusable_why(Backend b) {
  if (backend_usable(b)) return "";
  HPG_DETAIL_ASK_RUNTIME(b, unusable_why, "hpgraph was built without the " + std::string(to_string(b)) + " backend")
  return "not a backend";
}

Backend parse_backend(const std::string& name) {
  std::string names;
  for (const Backend b : detail::listed_backends) {
    if (name == to_string(b)) return b;
    names += (names.empty() ? "" : b == std::end(detail::listed_backends)[-1] ? " or " : ", ") + std::string(to_string(b));
  }
  detail::throw_error(Info::invalid_value, "unknown backend '" + name + "' (expected " + names + ")");
}

Backend default_backend() {
  int b = g_backend.load();
  if (b < 0) {
    int chosen = static_cast<int>(initial_backend());
    g_backend.compare_exchange_strong(b, chosen);
    return static_cast<Backend>(g_backend.load());
  }
  return static_cast<Backend>(b);
}

void set_backend(Backend b) {
  if (!backend_usable(b))
    detail::throw_error(Info::invalid_value, "set_backend(" + std::string(to_string(b)) + "): " + backend_unusable_why(b));
  g_backend.store(static_cast<int>(b));
}

DeviceInfo device_info() {
  if (!cuda_available()) detail::throw_error(Info::invalid_value, "device_info: no usable GPU is present");
#if HPG_HAS_CUDA  // a build without the CUDA backend never gets here
  return detail::cuda::gpu_info();
#else
  return {};
#endif
}

void synchronize(Backend b) { HPG_DETAIL_ASK_RUNTIME(b, synchronize, void()) }  // unbuilt: nothing was queued on it

std::string backend_description(Backend b) {
  HPG_DETAIL_ASK_RUNTIME(b, description, std::string(to_string(b)) + " (not built)")
  return "unknown";
}

#undef HPG_DETAIL_ASK_RUNTIME
#undef HPG_DETAIL_RUNTIME_CASE

}  // namespace hpg
