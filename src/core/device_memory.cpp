// Checked device allocation and copies. In a build without CUDA every call is an error that says so.
#include "hpgraph/detail/device_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "hpgraph/detail/failure_countdown.hpp"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/backend.hpp"
#include "hpgraph/stream.hpp"

#if HPG_HAS_CUDA
#include <cuda_runtime.h>

#include "hpgraph/cuda/clean_scratch.cuh"
#endif

namespace hpg::detail {

namespace {
FailureCountdown allocations_before_failure;
}  // namespace

long long inject_device_allocation_failure(long long countdown) noexcept { return allocations_before_failure.arm(countdown); }

#if HPG_HAS_CUDA

namespace {
[[noreturn]] void fail(cudaError_t err, const std::string& call) {
  cudaGetLastError();  // clear a sticky-free error so the next call starts clean
  throw_error(Info::cuda_error, call + " failed: " + cudaGetErrorName(err) + ": " + cudaGetErrorString(err));
}
std::string mib(std::size_t bytes) { return std::to_string(bytes) + " bytes (" + std::to_string(bytes >> 20) + " MiB)"; }
}  // namespace

namespace {
/// The pool cudaMallocAsync draws from on the current device: its default pool, unless the
/// program chose another with cudaDeviceSetMemPool.
cudaError_t find_pool(cudaMemPool_t* pool) {
  int dev = 0;
  if (cudaError_t e = cudaGetDevice(&dev); e != cudaSuccess) return e;
  return cudaDeviceGetMemPool(pool, dev);
}

/// Allocations come from the device's stream-ordered memory pool, which keeps freed memory for
/// reuse: an operation's temporaries then cost no cudaMalloc/cudaFree round trips (each of which
/// synchronizes the device). Only the pool current at the first allocation is configured: a pool
/// the program sets later (cudaDeviceSetMemPool) keeps its own release threshold and reuse rules.
/// The pool may not reuse a block freed on one stream for another stream by making the second
/// wait for the first (cudaMemPoolReuseAllowInternalDependencies, on by default): with it, a
/// thread on its own stream (hpg::StreamScope) could wait for whatever another thread's stream
/// held before a free of a temporary, making independent streams dependent. Blocks whose free has
/// completed, or is ordered before the allocation by events, are still reused across streams.
void configure_pool() {
  static const bool done = [] {
    cudaMemPool_t pool;
    if (find_pool(&pool) == cudaSuccess) {
      std::uint64_t keep = UINT64_MAX;
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
      int no = 0;
      cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowInternalDependencies, &no);
    }
    cudaGetLastError();  // only a speed-up: a device that fails here fails the allocation itself
    return true;
  }();
  (void)done;
}

cudaMemPool_t current_pool() {
  configure_pool();
  cudaMemPool_t pool;
  if (cudaError_t e = find_pool(&pool); e != cudaSuccess) fail(e, "cudaDeviceGetMemPool");
  return pool;
}

/// Small blocks freed on the library's stream, kept for its next allocation of the same size class
/// on that stream. A stream-ordered allocation and its free cost the host about 1.1 us in the
/// driver (bench/results/latency-h200-2026-11-25/alloc-cost-h200.txt), and a 1-entry push made 14
/// of them; here a reuse costs a lock and a vector pop. Reusing a block on the stream that freed
/// it is safe for the reason the pool's own reuse is: whatever its new owner queues runs after
/// everything queued before the free. Only the library's own long-lived stream is served (a
/// block freed on another stream goes back to the pool, as does one past the bounds below), and
/// nothing is served to a stream being captured. So every kept block is of one device, the
/// library stream's (cudaMallocAsync allocates on its stream's device): the blocks are kept by
/// size class alone, and the driver is not asked which device is current.
class SmallBlockCache {
 public:
  static constexpr std::size_t smallest = 256;
  static constexpr int classes = 13;  // 256 B .. 1 MiB, powers of two
  static constexpr std::size_t most_kept = std::size_t(16) << 20;

  /// The size class of a request (blocks are allocated at their class's size), or -1: not cached.
  static int class_of(std::size_t bytes) {
    int c = 0;
    while (c < classes && (smallest << c) < bytes) ++c;
    return c < classes ? c : -1;
  }
  static std::size_t class_bytes(int c) { return smallest << c; }

  /// A kept block of class c, or nullptr.
  void* take(int c) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<void*>& list = kept_[c];
    if (list.empty()) return nullptr;
    void* p = list.back();
    try {
      live_[p] = c;
    } catch (...) {
      return nullptr;  // it stays kept; the caller allocates from the pool
    }
    list.pop_back();
    kept_bytes_ -= class_bytes(c);
    return p;
  }
  /// Records a block allocated at class c's size; false (nothing recorded) if the record itself
  /// cannot be allocated: the caller then frees the block.
  bool allocated(void* p, int c) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    try {
      live_[p] = c;
      return true;
    } catch (...) {
      return false;
    }
  }
  /// Keeps p if it is one of ours, reusable() says the stream may reuse it, and there is room;
  /// false: the caller frees it. reusable() is asked only of our blocks.
  template <class Reusable>
  bool keep(void* p, const Reusable& reusable) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = live_.find(p);
    if (it == live_.end()) return false;
    const int c = it->second;
    live_.erase(it);
    if (kept_bytes_ + class_bytes(c) > most_kept || !reusable()) return false;
    try {  // device_free is noexcept: a block that cannot be listed goes back to the pool
      kept_[c].push_back(p);
    } catch (...) {
      return false;
    }
    kept_bytes_ += class_bytes(c);
    return true;
  }
  /// Every kept block back to the pool, ordered on stream s (after the work that used them).
  void release(cudaStream_t s) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::vector<void*>& list : kept_) {
      for (void* p : list) cudaFreeAsync(p, s);
      list.clear();
    }
    kept_bytes_ = 0;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<void*, int> live_;  // our blocks in use, and their classes
  std::vector<void*> kept_[classes];     // freed, by class
  std::size_t kept_bytes_ = 0;
};

SmallBlockCache& small_blocks() {
  static SmallBlockCache* cache = new SmallBlockCache;  // never destroyed: frees may come during exit
  return *cache;
}

cudaStream_t library_stream();
cudaStream_t stream();
cudaStream_t uncaptured_stream();

/// Whether blocks freed on s may serve s's later allocations: s is the library's own stream, which
/// is never captured (a capture would leave the block's free to the graph): a device loop captures
/// a stream of its own (StreamSwitch), and the library's is handed to nobody. So the driver is not
/// asked: that question, once per allocation and free, was 7 calls of a pushed BFS level's host
/// time (bench/results/host-loop-h200-2026-11-29/before/host_calls_api.txt).
bool serves_small_blocks(cudaStream_t s) noexcept { return s == library_stream(); }
}  // namespace

bool stream_capturing(void* s) noexcept {
  try {
    if (s == library_stream()) return false;  // handed to nobody: never captured (serves_small_blocks)
  } catch (...) {  // the library's stream could not be made: s is another, asked below
  }
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(static_cast<cudaStream_t>(s), &status) == cudaSuccess) return status != cudaStreamCaptureStatusNone;
  cudaGetLastError();
  return true;
}

namespace {

/// Gives the freed blocks the pool keeps back to the device (after the work that may still use
/// them), so that an allocation or a free-memory count sees them. `context` says why, for the
/// message when that wait finds an earlier operation's fault.
void trim_pool(cudaMemPool_t pool, const std::string& context) {
  small_blocks().release(library_stream());
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) fail(e, "the device's earlier work (seen " + context + ")");
  if (cudaError_t e = cudaMemPoolTrimTo(pool, 0); e != cudaSuccess) fail(e, "cudaMemPoolTrimTo");
}

std::uint64_t pool_attribute(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  std::uint64_t v = 0;
  if (cudaError_t e = cudaMemPoolGetAttribute(pool, attr, &v); e != cudaSuccess) fail(e, "cudaMemPoolGetAttribute");
  return v;
}
}  // namespace

DevicePoolUsage device_pool_usage() {
  refuse_in_capture("a pool query");
  const cudaMemPool_t pool = current_pool();
  small_blocks().release(library_stream());  // kept blocks are not in use
  for (const cudaStream_t s : {library_stream(), stream()})  // a StreamScope's frees too
    if (cudaError_t e = cudaStreamSynchronize(s); e != cudaSuccess) fail(e, "the device's earlier work (seen in a pool query)");
  const std::uint64_t current = pool_attribute(pool, cudaMemPoolAttrUsedMemCurrent);
  // A reset mark may read 0 until the next allocation: the bytes in use are a peak too.
  return {current, std::max(current, pool_attribute(pool, cudaMemPoolAttrUsedMemHigh))};
}

void reset_device_pool_peak() {
  refuse_in_capture("a pool reset");
  const cudaMemPool_t pool = current_pool();
  trim_pool(pool, "while resetting the memory pool's high-water mark");
  std::uint64_t zero = 0;  // the only value the driver accepts for it
  if (cudaError_t e = cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero); e != cudaSuccess)
    fail(e, "cudaMemPoolSetAttribute(high-water mark)");
}

namespace {
cudaStream_t library_stream();

/// Small copies to the host land in page-locked memory: the driver stages a copy into pageable
/// memory, which made reading back a count 2 us slower on an H200 (a kernel, an 8-byte copy and
/// the wait: 13.0 us into pageable memory, 11.0 into page-locked; `readback.cu` in
/// bench/results/host-staging-h200-2026-11-29/). One block of slots, made with the library stream
/// (a first use pays for both, and no later call counts an allocation among its host waits), a
/// slot a thread while the thread lives; a thread past the slots, or a process where the block
/// could not be had, copies into the caller's memory as before.
class HostStaging {
 public:
  static constexpr std::size_t slot_bytes = 64;
  static constexpr int slots = 256;
  /// Makes the block (once, with the library stream).
  static void make() noexcept {
    void* p = nullptr;
    // Page-locked for every device, and mapped: a kernel may write a slot (else slots for copies only).
    const bool mapped = cudaHostAlloc(&p, slot_bytes * slots, cudaHostAllocPortable | cudaHostAllocMapped) == cudaSuccess;
    if (!mapped && (cudaGetLastError(), cudaHostAlloc(&p, slot_bytes * slots, cudaHostAllocPortable) != cudaSuccess)) {
      cudaGetLastError();
      return;
    }
    block() = static_cast<unsigned char*>(p);
    void* on_device = nullptr;  // with unified addressing, the host's address
    device_writes_slots = mapped && cudaHostGetDevicePointer(&on_device, p, 0) == cudaSuccess && on_device == p;
    cudaGetLastError();
    std::lock_guard<std::mutex> lock(free_mutex());
    for (int k = slots - 1; k >= 0; --k) free_slots().push_back(k);
  }
  /// Whether a kernel may write a slot at its host address (a host round's held push writes its
  /// count there: DeferredWork::launch_reporting_count). Set by make(), before any slot is had.
  static inline bool device_writes_slots = false;
  /// This thread's slot, or null (the block is made with the library stream: call that first).
  static void* mine() {
    thread_local Lease lease;
    return lease.slot >= 0 ? block() + std::size_t(lease.slot) * slot_bytes : nullptr;
  }

 private:
  struct Lease {
    int slot = -1;
    Lease() {
      std::lock_guard<std::mutex> lock(free_mutex());
      if (block() && !free_slots().empty()) {
        slot = free_slots().back();
        free_slots().pop_back();
      }
    }
    ~Lease() {
      if (slot < 0) return;
      std::lock_guard<std::mutex> lock(free_mutex());
      free_slots().push_back(slot);  // reserved for every slot: cannot throw
    }
  };
  // Never destroyed: a thread may give its slot back while the process exits.
  static unsigned char*& block() noexcept {
    static unsigned char* b = nullptr;
    return b;
  }
  static std::mutex& free_mutex() noexcept {
    static auto* m = new std::mutex;
    return *m;
  }
  static std::vector<int>& free_slots() noexcept {
    static auto* v = [] {
      auto* made = new std::vector<int>;
      made->reserve(slots);
      return made;
    }();
    return *v;
  }
};

/// The stream the library's work is ordered on (see current_stream()). It is an ordinary blocking
/// stream, not the legacy default one: it still orders itself with work a program puts on the
/// default stream, but unlike that stream it can be captured into a CUDA graph.
cudaStream_t library_stream() {
  static const cudaStream_t s = [] {
    cudaStream_t made = nullptr;
    if (cudaError_t e = cudaStreamCreateWithFlags(&made, cudaStreamDefault); e != cudaSuccess) fail(e, "cudaStreamCreate(library stream)");
    HostStaging::make();
    return made;
  }();
  return s;
}
thread_local cudaStream_t t_stream = nullptr;  // set by StreamSwitch: this thread's work goes there
thread_local cudaStream_t t_user_stream = nullptr;  // else there, set by hpg::StreamScope; else the library's
thread_local LoopCapture* t_capture = nullptr;  // set by LoopCaptureScope
thread_local int t_set_aside = 0;               // captures an UncapturedScope set aside
thread_local DeferredWork* t_deferral = nullptr;  // set by DeferralScope (none while a capture lasts)
/// The thread's stream outside any capture or switch: its StreamScope's, or the library's (what
/// UncapturedScope goes back to), without launching what a host round holds.
cudaStream_t uncaptured_stream() { return t_user_stream ? t_user_stream : library_stream(); }
// Memory freed while a host round holds work: the held kernel may read it (a push's input, which
// the push's own result replaces), so it is freed once that kernel is launched. A capture keeps
// such memory until its graph has run (LoopCapture::freed).
thread_local std::vector<void*> t_held_frees;
DeferredWork* held_work() noexcept { return t_capture ? static_cast<DeferredWork*>(t_capture) : t_deferral; }
void release_held_frees() noexcept;
// Whatever goes on the stream goes after the kernel and the upserts held back (loop_capture.hpp:
// DeferredWork), so they are launched first.
cudaStream_t stream() {
  if (DeferredWork* w = held_work(); w && w->pending() && w->launch_deferred) w->launch_deferred(*w);
  return t_stream ? t_stream : uncaptured_stream();
}
/// Launches what this thread's host round holds, on the stream it was held for (before a scope
/// changes the stream). Nothing while a capture lasts: t_deferral is null then.
void launch_held() noexcept {
  if (t_deferral && t_deferral->pending()) t_deferral->launch_deferred(*t_deferral);
}
/// A host round's work that CUDA refused to launch: Error(cuda_error), once.
void report_spoiled(DeferredWork& w) {
  if (w.spoiled.empty()) return;
  std::string why = std::move(w.spoiled);
  w.spoiled.clear();
  throw_error(Info::cuda_error, "loop_while: " + why);
}
/// The stream, for a call that may throw: a held launch CUDA refused is reported here, before
/// this call's work reads what it did not write.
cudaStream_t checked_stream() {
  const cudaStream_t s = stream();
  if (t_deferral) report_spoiled(*t_deferral);
  return s;
}
}  // namespace

void count_host_wait() noexcept;  // device_calls.cpp

namespace cuda {
void launch_deferred_upserts(DeferredWork& w) noexcept;  // device_loop.cu
bool launch_deferred_reporting_count(DeferredWork& w, unsigned long long* host) noexcept;
}  // namespace cuda

namespace {
// A host round's launches (DeferredWork::launch_deferred, launch_reporting_count): what it holds,
// then the memory freed while it was held. Only after the launches: a launch asks for the stream
// too (its configuration is evaluated before the kernel is queued), and a block given back before
// the held kernel is queued could go to another thread's allocation and be written by its kernel
// first (seen: ThreadSafety's BFS levels taken from another thread's).
void launch_round_work(DeferredWork& w) noexcept {
  cuda::launch_deferred_upserts(w);
  release_held_frees();
}
bool launch_round_work_reporting_count(DeferredWork& w, unsigned long long* host) noexcept {
  const bool launched = cuda::launch_deferred_reporting_count(w, host);
  release_held_frees();
  return launched;
}
}  // namespace

void* current_stream() { return stream(); }
void* library_stream_handle() { return library_stream(); }
StreamSwitch::StreamSwitch(void* s) : previous_(t_stream) {
  launch_held();
  t_stream = static_cast<cudaStream_t>(s);
}
StreamSwitch::~StreamSwitch() {
  launch_held();
  t_stream = static_cast<cudaStream_t>(previous_);
}

namespace {
/// This thread's event for ordering one stream after another (destroyed with the thread).
struct ThreadMarker {
  cudaEvent_t event = nullptr;
  ~ThreadMarker() {
    if (event) cudaEventDestroy(event);
  }
};
thread_local ThreadMarker t_marker;
/// Orders what goes to `later` from now on after what went to `earlier` so far, on the device (an
/// event, no host wait).
cudaError_t order_after(cudaStream_t later, cudaStream_t earlier) noexcept {
  if (!t_marker.event)
    if (cudaError_t e = cudaEventCreateWithFlags(&t_marker.event, cudaEventDisableTiming); e != cudaSuccess) return e;
  if (cudaError_t e = cudaEventRecord(t_marker.event, earlier); e != cudaSuccess) return e;
  return cudaStreamWaitEvent(later, t_marker.event, 0);
}
}  // namespace

StreamMark::~StreamMark() {
  if (event_) cudaEventDestroy(static_cast<cudaEvent_t>(event_));
}
void StreamMark::record() {
  const cudaStream_t s = uncaptured_stream();
  if (!event_) {
    cudaEvent_t e = nullptr;
    if (cudaError_t err = cudaEventCreateWithFlags(&e, cudaEventDisableTiming); err != cudaSuccess) fail(err, "cudaEventCreate(a shared result's mark)");
    event_ = e;
  }
  if (cudaError_t e = cudaEventRecord(static_cast<cudaEvent_t>(event_), s); e != cudaSuccess) fail(e, "cudaEventRecord(a shared result's mark)");
  stream_ = s;
}
void StreamMark::order_after() const {
  if (!event_) return;  // never marked
  const cudaStream_t s = uncaptured_stream();
  if (s == static_cast<cudaStream_t>(stream_)) return;
  if (cudaError_t e = cudaStreamWaitEvent(s, static_cast<cudaEvent_t>(event_), 0); e != cudaSuccess)
    fail(e, "cudaStreamWaitEvent(a shared result's mark)");
}
}  // namespace hpg::detail

namespace hpg {
StreamScope::StreamScope(void* cuda_stream)
    : stream_(cuda_stream ? cuda_stream : static_cast<void*>(cudaStreamLegacy)), previous_(detail::t_user_stream) {
  if (!cuda_available()) return;  // no GPU: nothing runs on a stream
  detail::refuse_in_capture("a StreamScope");
  const cudaStream_t s = static_cast<cudaStream_t>(stream_);
  if (s != detail::library_stream() && detail::stream_capturing(s))
    detail::throw_error(Info::invalid_value,
                        "StreamScope: the stream is being captured into a CUDA graph (hpg calls cannot be captured by the caller; "
                        "loop_while runs a loop's rounds as a graph)");
  const cudaStream_t before = detail::checked_stream();  // what a host round holds goes out first, where it was held
  if (s != before)
    if (cudaError_t e = detail::order_after(s, before); e != cudaSuccess) detail::fail(e, "StreamScope: ordering the stream after this thread's earlier work");
  detail::t_user_stream = s;
  engaged_ = true;
}
StreamScope::~StreamScope() {
  if (!engaged_) return;
  const cudaStream_t s = static_cast<cudaStream_t>(stream_);
  detail::stream();  // launches what a host round holds, on this scope's stream
  detail::t_user_stream = static_cast<cudaStream_t>(previous_);
  if (previous_ == stream_) return;  // nested in a scope of the same stream: that one goes on
  detail::cuda::release_clean_scratch_on(s);  // before the caller may destroy the stream
  const cudaStream_t after = detail::uncaptured_stream();  // the library's exists: the constructor made it
  if (s != after && detail::order_after(after, s) != cudaSuccess) {
    cudaGetLastError();
    cudaStreamSynchronize(s);  // ordered by a wait instead; a fault in it is the next call's error
  }
}
}  // namespace hpg

namespace hpg::detail {

LoopCapture* loop_capture() noexcept { return t_capture; }
DeferredWork* deferred_work() noexcept { return held_work(); }
bool loop_capture_open() noexcept { return t_capture || t_set_aside > 0; }
void refuse_in_capture(const char* what) {
  if (t_capture) throw CaptureUnsupported(std::string(what) + " inside a captured loop body");
}
LoopCaptureScope::LoopCaptureScope(LoopCapture* c) : previous_(t_capture), deferral_(t_deferral) {
  launch_held();  // before the capture, not in it
  t_deferral = nullptr;
  if (c) c->first_tag = next_array_tag();
  t_capture = c;
}
LoopCaptureScope::~LoopCaptureScope() {
  t_capture = previous_;
  t_deferral = deferral_;
}
DeferralScope::DeferralScope(bool on) {
  if (!on || t_capture || t_deferral || !switches().defer_in_host_rounds) return;
  thread_local DeferredWork round_work;  // one a thread: scopes do not nest (an inner one is inert)
  round_work.launch_deferred = &launch_round_work;
  round_work.launch_reporting_count = &launch_round_work_reporting_count;
  work_ = &round_work;
  t_deferral = work_;
}
int DeferralScope::finish() {
  if (!work_) return 0;
  launch_held();
  const int fused = work_->fused;
  work_->fused = 0;
  report_spoiled(*work_);
  return fused;
}
DeferralScope::~DeferralScope() {
  if (!work_) return;
  launch_held();
  work_->fused = 0;
  work_->spoiled.clear();  // the error the body throws is the one to report
  t_deferral = nullptr;
}
UncapturedScope::UncapturedScope() : capture_(t_capture), stream_(t_stream) {
  launch_held();  // a host round's (a capture's held work has none: it stays in the capture)
  if (capture_) ++t_set_aside;
  t_capture = nullptr;
  t_stream = nullptr;
}
UncapturedScope::~UncapturedScope() {
  launch_held();
  if (capture_) --t_set_aside;
  t_capture = capture_;
  t_stream = static_cast<cudaStream_t>(stream_);
}

void* device_allocate(std::size_t bytes, const char* what) {
  if (bytes == 0) return nullptr;
  if (allocations_before_failure.fires())
    throw_error(Info::out_of_memory, std::string("out of GPU memory allocating ") + what + ": asked for " + mib(bytes) +
                                         " (an injected failure, for testing)");
  if (LoopCapture* c = t_capture) {  // the same addresses every round: a bump in the loop's arena
    const std::size_t at = (c->used + 255) & ~std::size_t(255);
    if (at + bytes > c->capacity) {
      c->wanted = std::max(c->wanted, at + bytes);
      throw CaptureUnsupported(std::string("the loop's arena is too small for ") + what);
    }
    c->used = at + bytes;
    return c->arena + at;
  }
  configure_pool();
  const cudaStream_t s = checked_stream();
  const int cls = SmallBlockCache::class_of(bytes);
  const bool cached = cls >= 0 && serves_small_blocks(s);
  if (cached)
    if (void* kept = small_blocks().take(cls)) return kept;
  const std::size_t asked = cached ? SmallBlockCache::class_bytes(cls) : bytes;  // a cached block serves its whole class later
  void* p = nullptr;
  cudaError_t err = cudaMallocAsync(&p, asked, s);
  if (err == cudaErrorMemoryAllocation) {
    // The pool may hold freed blocks another size could not reuse, and this thread memory it keeps
    // clean between calls: give them back and retry once.
    cudaGetLastError();
    cuda::release_idle_clean_scratch();
    trim_pool(current_pool(), std::string("while retrying the allocation of ") + what);
    err = cudaMallocAsync(&p, asked, s);
  }
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    std::size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    throw_error(Info::out_of_memory, std::string("out of GPU memory allocating ") + what + ": asked for " + mib(bytes) +
                                         ", " + mib(free) + " free of " + mib(total));
  }
  if (err != cudaSuccess) fail(err, "cudaMallocAsync");
  if (cached && !small_blocks().allocated(p, cls)) {
    cudaFreeAsync(p, s);
    throw_error(Info::out_of_memory, std::string("out of host memory recording the device allocation of ") + what);
  }
  return p;
}

namespace {
void free_now(void* p) noexcept {
  const cudaStream_t s = stream();
  if (small_blocks().keep(p, [s] { return serves_small_blocks(s); })) return;
  cudaFreeAsync(p, s);
}
void release_held_frees() noexcept {
  if (t_held_frees.empty()) return;
  std::vector<void*> frees;
  frees.swap(t_held_frees);  // freeing asks for the stream, which must find none left
  for (void* p : frees) free_now(p);
  frees.clear();
  if (t_held_frees.empty()) t_held_frees.swap(frees);  // its room, for the next round
}
}  // namespace

void device_free(void* p) noexcept {
  if (!p) return;
  if (LoopCapture* c = t_capture) {
    if (!c->in_arena(p)) c->freed.push_back(p);  // the graph may still read it: freed after the loop
    return;
  }
  if (t_deferral && t_deferral->pending()) {
    try {
      t_held_frees.push_back(p);
      return;
    } catch (...) {  // out of host memory: what is held is launched now, and p freed after it
    }
  }
  free_now(p);
}

// Copies and fills are ordered on the library's stream like its kernels. A copy to the host waits
// for that stream (its result is needed now); the others do not wait. A copy from pageable host
// memory is staged by the driver before the call returns, so the caller may reuse its buffer.
void copy_host_to_device(void* dst, const void* src, std::size_t bytes) {
  refuse_in_capture("a copy from the host");
  if (cudaError_t e = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, checked_stream()); e != cudaSuccess)
    fail(e, "cudaMemcpyAsync(host to device)");
}
namespace {
/// The count of the list a host round's held push makes (a BFS level's frontier, read for the
/// loop's condition), `word`: the push's last block writes it into this thread's slot, so the read
/// is a wait for that value alone, not a copy after the kernel nor a wait for the kernel's end
/// (whatever follows is ordered after the kernel on the stream anyway; a fault after the write is
/// reported by the next wait, as any kernel's is). The host reads the slot until the value is
/// there, asking the stream between reads: an error ends the wait. False, with the push launched,
/// when the stream finished without writing the slot (no count is ~0): the caller copies it.
bool read_reported_count(DeferredWork& w, unsigned long long* slot, unsigned long long& count) {
  *slot = ~0ull;
  const bool launched = w.launch_reporting_count(w, slot);
  const cudaStream_t s = stream();
  if (!launched) {
    cudaStreamSynchronize(s);  // the launches that went out may still write the slot
    report_spoiled(w);
  }
  count_host_wait();
  // The slot is read in a tight loop, and the stream asked only every few microseconds (for an
  // error, or a kernel that ended without writing): a query costs the host about a microsecond,
  // and asking between every two reads saw the count up to a query late. The first question waits
  // past a short round's kernel (a BFS level's is about 7 us), which then asks none: asking from
  // 4 us on, every 2, a level looped from the host asked 2-3 times (H200).
  const volatile unsigned long long* const seen = slot;
  auto ask_at = std::chrono::steady_clock::now() + std::chrono::microseconds(16);
  while (*seen == ~0ull) {
    const auto now = std::chrono::steady_clock::now();
    if (now < ask_at) continue;
    ask_at = now + std::chrono::microseconds(8);
    const cudaError_t q = cudaStreamQuery(s);
    if (q == cudaSuccess) break;  // done: the slot holds the count, or the kernel did not write it
    if (q != cudaErrorNotReady) fail(q, "waiting for a count the device writes to the host");
  }
  count = *seen;
  return count != ~0ull;
}
}  // namespace

void copy_device_to_host(void* dst, const void* src, std::size_t bytes) {
  refuse_in_capture("a copy to the host");
  library_stream();  // and with it the staging block
  void* const staged = bytes <= HostStaging::slot_bytes ? HostStaging::mine() : nullptr;
  if (DeferredWork* w = t_deferral; w && staged && bytes == sizeof(unsigned long long) && w->producer && w->producer->word == src &&
                                    w->launch_reporting_count && HostStaging::device_writes_slots) {
    unsigned long long count = 0;
    if (read_reported_count(*w, static_cast<unsigned long long*>(staged), count)) {
      std::memcpy(dst, &count, bytes);
      return;
    }
  }
  const cudaStream_t s = checked_stream();
  if (cudaError_t e = cudaMemcpyAsync(staged ? staged : dst, src, bytes, cudaMemcpyDeviceToHost, s); e != cudaSuccess)
    fail(e, "cudaMemcpyAsync(device to host)");
  if (cudaError_t e = cudaStreamSynchronize(s); e != cudaSuccess) fail(e, "waiting for a copy to the host");
  if (staged) std::memcpy(dst, staged, bytes);
}
void copy_device_to_device(void* dst, const void* src, std::size_t bytes) {
  if (cudaError_t e = cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, checked_stream()); e != cudaSuccess)
    fail(e, "cudaMemcpyAsync(device to device)");
}
void device_memset(void* dst, int value, std::size_t bytes) {
  if (cudaError_t e = cudaMemsetAsync(dst, value, bytes, checked_stream()); e != cudaSuccess) fail(e, "cudaMemsetAsync");
}
void device_synchronize(const char* what) {
  refuse_in_capture("a wait for the device");
  if (cudaError_t e = cudaStreamSynchronize(stream()); e != cudaSuccess) fail(e, what);  // what a host round holds goes first
}
std::pair<std::size_t, std::size_t> device_memory_info() {
  std::size_t free = 0, total = 0;
  if (cudaError_t e = cudaMemGetInfo(&free, &total); e != cudaSuccess) fail(e, "cudaMemGetInfo");
  return {free, total};
}
void require_device_memory(std::size_t bytes, const std::string& what) {
  auto [free, total] = device_memory_info();
  if (bytes <= free) return;
  refuse_in_capture("counting free device memory");
  // Freed blocks our pool keeps, and memory kept clean between calls, look used to the driver:
  // give them back and ask again.
  cuda::release_idle_clean_scratch();
  trim_pool(current_pool(), "while counting the free memory for " + what);
  std::tie(free, total) = device_memory_info();
  if (bytes <= free) return;
  throw_error(Info::out_of_memory, what + " does not fit in GPU memory: it needs " + mib(bytes) + ", " + mib(free) + " free of " +
                                       mib(total) + " (refused before allocating anything)");
}

#else  // no CUDA in this build

namespace {
[[noreturn]] void no_cuda() { throw_error(Info::invalid_value, "hpgraph was built without CUDA (HPG_CUDA=OFF): no device memory"); }
}  // namespace
void* device_allocate(std::size_t bytes, const char*) {
  if (bytes == 0) return nullptr;
  no_cuda();
}
void device_free(void*) noexcept {}
bool stream_capturing(void*) noexcept { return false; }
void copy_host_to_device(void*, const void*, std::size_t bytes) { if (bytes) no_cuda(); }
void copy_device_to_host(void*, const void*, std::size_t bytes) { if (bytes) no_cuda(); }
void copy_device_to_device(void*, const void*, std::size_t bytes) { if (bytes) no_cuda(); }
void device_memset(void*, int, std::size_t bytes) { if (bytes) no_cuda(); }
void device_synchronize(const char*) {}
void* current_stream() { return nullptr; }
void* library_stream_handle() { return nullptr; }
StreamSwitch::StreamSwitch(void*) : previous_(nullptr) {}
StreamSwitch::~StreamSwitch() = default;
StreamMark::~StreamMark() = default;
void StreamMark::record() {}
void StreamMark::order_after() const {}
}  // namespace hpg::detail
namespace hpg {
StreamScope::StreamScope(void* cuda_stream) : stream_(cuda_stream) {}
StreamScope::~StreamScope() = default;
}  // namespace hpg
namespace hpg::detail {
DevicePoolUsage device_pool_usage() { return {}; }
void reset_device_pool_peak() {}
LoopCapture* loop_capture() noexcept { return nullptr; }
DeferredWork* deferred_work() noexcept { return nullptr; }
bool loop_capture_open() noexcept { return false; }
void refuse_in_capture(const char*) {}
DeferralScope::DeferralScope(bool) {}
DeferralScope::~DeferralScope() = default;
int DeferralScope::finish() { return 0; }
LoopCaptureScope::LoopCaptureScope(LoopCapture*) : previous_(nullptr), deferral_(nullptr) {}
LoopCaptureScope::~LoopCaptureScope() = default;
UncapturedScope::UncapturedScope() : capture_(nullptr), stream_(nullptr) {}
UncapturedScope::~UncapturedScope() = default;
std::pair<std::size_t, std::size_t> device_memory_info() { no_cuda(); }
void require_device_memory(std::size_t bytes, const std::string&) { if (bytes) no_cuda(); }

#endif

}  // namespace hpg::detail
