// hpg::DeviceCallCounter: CUPTI callbacks on the CUDA runtime and driver APIs, loaded with dlopen
// so that libhpgraph does not depend on CUPTI unless calls are counted.
#include "hpgraph/device_calls.hpp"

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>

#include "hpgraph/error.hpp"

#if HPG_HAS_CUDA
#include <cupti.h>
#include <dlfcn.h>
#endif

namespace hpg {

namespace {

struct Totals {
  std::atomic<std::uint64_t> launches{0}, graph_launches{0}, host_waits{0}, transfers{0}, allocations{0};
  DeviceCalls read() const { return {launches.load(), graph_launches.load(), host_waits.load(), transfers.load(), allocations.load()}; }
};
Totals g_totals;

#if HPG_HAS_CUDA

enum class Kind { other, launch, graph_launch, host_wait, transfer, allocation };

/// An API name without its version or per-thread-stream suffix, or the leading underscores of the
/// runtime's internal entry points: cudaMemcpy_v3020 -> cudaMemcpy, cudaLaunchKernel_ptsz ->
/// cudaLaunchKernel, cuMemcpyDtoH_v2 -> cuMemcpyDtoH, __cudaLaunchKernel_v13000 (what CUDA 13
/// compiles <<<...>>> to) -> cudaLaunchKernel.
std::string_view base_name(const char* name) {
  std::string_view s(name ? name : "");
  while (s.starts_with('_')) s.remove_prefix(1);
  for (std::size_t p = s.find('_'); p != std::string_view::npos; p = s.find('_', p + 1)) {
    const std::string_view rest = s.substr(p + 1);
    if ((rest.size() > 1 && rest[0] == 'v' && rest[1] >= '0' && rest[1] <= '9') || rest.starts_with("pt")) return s.substr(0, p);
  }
  return s;
}

bool ends_with(std::string_view s, std::string_view tail) { return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail; }

Kind classify_runtime(std::string_view f, const CUpti_CallbackData* cb) {
  if (f.starts_with("cudaGraphLaunch")) return Kind::graph_launch;
  if ((f.starts_with("cudaLaunchKernel") || f.starts_with("cudaLaunchCooperativeKernel"))) return Kind::launch;
  if (f == "cudaDeviceSynchronize" || f == "cudaStreamSynchronize" || f == "cudaEventSynchronize" || f == "cudaMalloc" ||
      f == "cudaFree" || f == "cudaMallocHost" || f == "cudaFreeHost" || f == "cudaHostAlloc" || f == "cudaMallocManaged")
    return Kind::host_wait;
  if (f == "cudaMallocAsync" || f == "cudaFreeAsync" || f == "cudaMallocFromPoolAsync") return Kind::allocation;
  if (f.starts_with("cudaMemcpy") || f.starts_with("cudaMemset")) {
    if (ends_with(f, "Async") || f.starts_with("cudaMemset")) return Kind::transfer;
    if (f == "cudaMemcpy" && cb->functionParams) {  // a synchronous copy between device buffers does not wait
      const auto* p = static_cast<const cudaMemcpy_v3020_params*>(cb->functionParams);
      if (p->kind == cudaMemcpyDeviceToDevice) return Kind::transfer;
    }
    return Kind::host_wait;
  }
  return Kind::other;
}

Kind classify_driver(std::string_view f) {
  if (f.starts_with("cuGraphLaunch")) return Kind::graph_launch;
  if (f.starts_with("cuLaunch") && !f.starts_with("cuLaunchHostFunc")) return Kind::launch;
  if (f == "cuCtxSynchronize" || f == "cuStreamSynchronize" || f == "cuEventSynchronize" || f == "cuMemAlloc" || f == "cuMemFree" ||
      f == "cuMemAllocHost" || f == "cuMemFreeHost" || f == "cuMemHostAlloc" || f == "cuMemAllocManaged")
    return Kind::host_wait;
  if (f == "cuMemAllocAsync" || f == "cuMemFreeAsync" || f == "cuMemAllocFromPoolAsync") return Kind::allocation;
  if (f.starts_with("cuMemcpy") || f.starts_with("cuMemset")) {
    if (ends_with(f, "Async") || f.starts_with("cuMemset") || f.starts_with("cuMemcpyDtoD")) return Kind::transfer;
    return Kind::host_wait;
  }
  return Kind::other;
}

void add(Kind k) {
  switch (k) {
    case Kind::launch: g_totals.launches.fetch_add(1, std::memory_order_relaxed); break;
    case Kind::graph_launch: g_totals.graph_launches.fetch_add(1, std::memory_order_relaxed); break;
    case Kind::host_wait: g_totals.host_waits.fetch_add(1, std::memory_order_relaxed); break;
    case Kind::transfer: g_totals.transfers.fetch_add(1, std::memory_order_relaxed); break;
    case Kind::allocation: g_totals.allocations.fetch_add(1, std::memory_order_relaxed); break;
    case Kind::other: break;
  }
}

// A call is counted once, at the outermost API call the program made: a runtime call by its
// runtime callback, and neither the runtime calls nor the driver calls it makes inside are counted
// again (CUDA 13's <<<...>>> is __cudaLaunchKernel, which may call further entry points). A driver
// call made directly counts on its own. The depth is per thread and per subscription: a thread that
// was inside a call when counting started sees an exit without an entry, and one inside a call when
// counting stopped never sees its exit, so a new subscription starts every thread's depth afresh
// and the depth never goes below zero.
std::atomic<std::uint64_t> g_subscription{0};
thread_local std::uint64_t t_subscription = 0;
thread_local int t_runtime_depth = 0;

void CUPTIAPI on_api_call(void*, CUpti_CallbackDomain domain, CUpti_CallbackId, const void* data) {
  const auto* cb = static_cast<const CUpti_CallbackData*>(data);
  const bool enter = cb->callbackSite == CUPTI_API_ENTER;
  if (const std::uint64_t now = g_subscription.load(std::memory_order_relaxed); t_subscription != now) {
    t_subscription = now;
    t_runtime_depth = 0;
  }
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
    if (!enter) {
      if (t_runtime_depth > 0) --t_runtime_depth;
      return;
    }
    if (t_runtime_depth++ == 0) add(classify_runtime(base_name(cb->functionName), cb));
  } else if (domain == CUPTI_CB_DOMAIN_DRIVER_API && enter && t_runtime_depth == 0) {
    add(classify_driver(base_name(cb->functionName)));
  }
}

struct Cupti {
  void* lib = nullptr;
  CUptiResult (*subscribe)(CUpti_SubscriberHandle*, CUpti_CallbackFunc, void*) = nullptr;
  CUptiResult (*unsubscribe)(CUpti_SubscriberHandle) = nullptr;
  CUptiResult (*enable_domain)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain) = nullptr;
  CUptiResult (*result_string)(CUptiResult, const char**) = nullptr;
  CUpti_SubscriberHandle subscriber = nullptr;
  int users = 0;
};
std::mutex g_mutex;
Cupti g_cupti;

[[noreturn]] void cannot_count(const std::string& why) {
  detail::throw_error(Info::invalid_value, "DeviceCallCounter: cannot count device calls: " + why);
}

std::string cupti_message(CUptiResult r) {
  const char* s = nullptr;
  if (g_cupti.result_string && g_cupti.result_string(r, &s) == CUPTI_SUCCESS && s) return s;
  return "CUPTI error " + std::to_string(static_cast<int>(r));
}

template <class F>
void load_symbol(F& f, const char* name) {
  f = reinterpret_cast<F>(dlsym(g_cupti.lib, name));
  if (!f) cannot_count(std::string("libcupti has no ") + name);
}

void start_counting() {
  std::lock_guard lock(g_mutex);
  if (g_cupti.users++ > 0) return;
  try {
    if (!g_cupti.lib) {
      void* lib = nullptr;
      for (const char* name : {"libcupti.so.13", "libcupti.so"})
        if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL)) != nullptr) break;
      if (!lib) cannot_count(std::string("libcupti.so.13 could not be loaded (") + dlerror() + "); it is in the CUDA toolkit's lib64");
      g_cupti.lib = lib;
      try {
        load_symbol(g_cupti.subscribe, "cuptiSubscribe");
        load_symbol(g_cupti.unsubscribe, "cuptiUnsubscribe");
        load_symbol(g_cupti.enable_domain, "cuptiEnableDomain");
        load_symbol(g_cupti.result_string, "cuptiGetResultString");
      } catch (...) {  // a library without them is not used again
        g_cupti = Cupti{};
        dlclose(lib);
        throw;
      }
    }
    g_subscription.fetch_add(1, std::memory_order_relaxed);
    if (CUptiResult r = g_cupti.subscribe(&g_cupti.subscriber, on_api_call, nullptr); r != CUPTI_SUCCESS) {
      g_cupti.subscriber = nullptr;
      cannot_count(cupti_message(r) + (r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
                                           ? " (another tool, such as a profiler or compute-sanitizer, already holds CUPTI)"
                                           : ""));
    }
    for (CUpti_CallbackDomain d : {CUPTI_CB_DOMAIN_RUNTIME_API, CUPTI_CB_DOMAIN_DRIVER_API})
      if (CUptiResult r = g_cupti.enable_domain(1, g_cupti.subscriber, d); r != CUPTI_SUCCESS) {
        g_cupti.unsubscribe(g_cupti.subscriber);
        g_cupti.subscriber = nullptr;
        cannot_count(cupti_message(r));
      }
  } catch (...) {
    --g_cupti.users;
    throw;
  }
}

void stop_counting() noexcept {
  std::lock_guard lock(g_mutex);
  if (--g_cupti.users > 0 || !g_cupti.subscriber) return;
  g_cupti.unsubscribe(g_cupti.subscriber);
  g_cupti.subscriber = nullptr;
  // The library stays loaded: CUPTI does not support being unloaded and loaded again.
}

#else  // no CUDA: nothing to count

void start_counting() {}
void stop_counting() noexcept {}

#endif

}  // namespace

DeviceCallCounter::DeviceCallCounter() {
  start_counting();
  start_ = g_totals.read();
}
DeviceCallCounter::~DeviceCallCounter() { stop_counting(); }
DeviceCalls DeviceCallCounter::counts() const { return g_totals.read() - start_; }

namespace detail {
/// A host wait that makes no CUDA call CUPTI would see (the host reading memory the device writes
/// until the value is there: device_memory.cpp), counted so that the counters do not under-count.
void count_host_wait() noexcept { g_totals.host_waits.fetch_add(1, std::memory_order_relaxed); }
}  // namespace detail

std::string to_string(const DeviceCalls& c) {
  auto part = [](std::uint64_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  return part(c.launches, "launch", "launches") + ", " + part(c.host_waits, "host wait", "host waits") + ", " +
         part(c.graph_launches, "graph launch", "graph launches") + ", " + part(c.transfers, "transfer", "transfers") + ", " +
         part(c.allocations, "allocation", "allocations");
}

}  // namespace hpg
