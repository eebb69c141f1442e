// Owning device arrays and checked copies. No kernels here: any translation unit may use these.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/detail/host_array.hpp"
#include "hpgraph/detail/loop_capture.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

namespace hpg::detail {

/// cudaMallocAsync from the device's memory pool, or Error(out_of_memory) saying how many bytes
/// were asked for and how many were free. `what` names the object being allocated, for the
/// message. Error(cuda_error) when the device failed, which may be an earlier kernel's fault seen
/// here.
void* device_allocate(std::size_t bytes, const char* what);
void device_free(void* p) noexcept;
void copy_host_to_device(void* dst, const void* src, std::size_t bytes);
void copy_device_to_host(void* dst, const void* src, std::size_t bytes);
void copy_device_to_device(void* dst, const void* src, std::size_t bytes);
void device_memset(void* dst, int value, std::size_t bytes);
/// The CUDA stream (a cudaStream_t) that the calling thread's library work is ordered on: every
/// kernel, Thrust/CUB call, copy, fill, allocation and free of the library goes there. A library-wide
/// blocking stream unless the thread's user chose another (hpg::StreamScope, hpgraph/stream.hpp) or
/// the library switched it for a while (StreamSwitch). Null in a build without CUDA.
void* current_stream();
/// The library's own stream (a cudaStream_t), whatever this thread's current one is. Null in a
/// build without CUDA.
void* library_stream_handle();
/// Whether stream `s` (a cudaStream_t) is being captured into a CUDA graph; an error reads as yes.
/// The library's own stream is never captured (it is handed to nobody: a device loop captures a
/// stream of its own), so the driver is asked only of another.
bool stream_capturing(void* s) noexcept;
/// While it lives, the calling thread's library work goes to stream `s` (a cudaStream_t), e.g. a
/// stream being captured into a CUDA graph, with no ordering against the stream before it (the
/// library's own switch: a device loop's capture, a free on the stream that used the memory). A
/// user's choice of stream is hpg::StreamScope, which orders. Switches nest.
class StreamSwitch {
 public:
  explicit StreamSwitch(void* s);
  ~StreamSwitch();
  StreamSwitch(const StreamSwitch&) = delete;
  StreamSwitch& operator=(const StreamSwitch&) = delete;

 private:
  void* previous_;
};
/// Work done once on one stream that later calls on any stream read (a matrix's derived forms,
/// shared by every thread that reads the matrix, whichever stream each runs on): an event recorded
/// on the stream it was done on. The thread's own stream outside any capture is where both sides
/// stand (a device loop's graph is launched there), so a wait is legal in a capture too. Nothing
/// is asked of CUDA while every caller is on one stream (the library's, without a StreamScope).
class StreamMark {
 public:
  StreamMark() = default;
  ~StreamMark();
  StreamMark(const StreamMark&) = delete;
  StreamMark& operator=(const StreamMark&) = delete;
  /// What the thread's stream holds so far is done once the mark is passed.
  void record();
  /// The thread's stream goes on after the last record(), if that was on another stream.
  void order_after() const;

 private:
  void* event_ = nullptr;
  void* stream_ = nullptr;  // where the last record() was
};
/// Waits for the calling thread's stream (current_stream(): the work this thread queued, and
/// whatever else went to that stream) and turns an asynchronous kernel fault into
/// Error(cuda_error). Other streams' work goes on.
void device_synchronize(const char* what);
/// Free and total device memory, in bytes.
std::pair<std::size_t, std::size_t> device_memory_info();
/// Refuses, before anything is allocated, a step that needs `bytes` of device memory at once when
/// the device cannot hold them (memory our pool keeps for reuse counts as free):
/// Error(out_of_memory) naming `what`, the bytes needed and the bytes free.
void require_device_memory(std::size_t bytes, const std::string& what);
/// The device memory pool's bytes in use and their high-water mark since the last
/// reset_device_pool_peak() (never below the bytes in use), for tests and benchmarks that measure
/// what an operation holds. Zeros in a build without CUDA.
struct DevicePoolUsage {
  std::uint64_t current = 0;
  std::uint64_t peak = 0;
};
DevicePoolUsage device_pool_usage();
/// Gives the freed blocks the pool keeps back to the device (after the work in flight) and starts
/// the high-water mark afresh. Does nothing in a build without CUDA.
void reset_device_pool_peak();
/// Failure injection, for tests of the strong guarantee: the device allocation `countdown`
/// allocations from now (0: the next one) fails with Error(out_of_memory) as if the device were
/// full, once; a negative countdown disarms it. Process-wide. Returns how many allocations were
/// still to go before the failure (negative: it had fired or was disarmed).
long long inject_device_allocation_failure(long long countdown) noexcept;

/// A fresh identity for a device array's contents (DeviceArray::tag): process-wide, never 0, never
/// repeated, increasing, so that one taken at a device loop capture's start is below every tag
/// given in the capture.
inline std::uint64_t next_array_tag() noexcept {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

/// A typed, owning, move-only device array.
///
/// It can also say that its first elements are an element-wise copy of another array's (a kernel
/// copied them: `mark_copy_of`, `same_elements_as`), so that an operation may read two such lists
/// by position instead of searching one (a mask whose index list is a copy of the operand's). The
/// relation is kept by identities (tags) that anything able to change the elements drops: a
/// mutable data(), allocate, shrink, release; a move carries them along.
template <class T>
class DeviceArray {
  static_assert(std::is_trivially_copyable_v<T>, "device arrays hold trivially copyable types");

 public:
  DeviceArray() = default;
  explicit DeviceArray(std::size_t n, const char* what = "device array") { allocate(n, what); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  DeviceArray(DeviceArray&& o) noexcept
      : ptr_(std::exchange(o.ptr_, nullptr)),
        size_(std::exchange(o.size_, 0)),
        capacity_(std::exchange(o.capacity_, 0)),
        tag_(o.tag_.exchange(0, std::memory_order_relaxed)),
        copy_of_(std::exchange(o.copy_of_, 0)) {}
  DeviceArray& operator=(DeviceArray&& o) noexcept {
    if (this != &o) {
      release();
      ptr_ = std::exchange(o.ptr_, nullptr);
      size_ = std::exchange(o.size_, 0);
      capacity_ = std::exchange(o.capacity_, 0);
      tag_.store(o.tag_.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
      copy_of_ = std::exchange(o.copy_of_, 0);
    }
    return *this;
  }
  ~DeviceArray() { release(); }

  /// Takes ownership of n elements at p (allocated by device_allocate): a device loop gives a
  /// carried vector its storage back.
  static DeviceArray adopt(T* p, std::size_t n) noexcept {
    DeviceArray a;
    a.ptr_ = p;
    a.size_ = a.capacity_ = p ? n : 0;
    return a;
  }
  /// n elements copied from device memory at p (none when p is null).
  static DeviceArray copy_of(const T* p, std::size_t n, const char* what) {
    DeviceArray a(p ? n : 0, what);
    if (p && n) copy_device_to_device(a.ptr_, p, n * sizeof(T));
    return a;
  }
  /// Discards the contents and holds n uninitialized elements.
  void allocate(std::size_t n, const char* what = "device array") {
    untag();
    if (n == size_ && ptr_) return;
    T* fresh = n ? static_cast<T*>(device_allocate(n * sizeof(T), what)) : nullptr;
    release();
    ptr_ = fresh;
    size_ = capacity_ = n;
  }
  /// Keeps the first n elements (a no-op when n is not smaller): a compaction's output becomes a
  /// vector's arrays, which hold exactly nvals entries. Where at least half the allocation stays
  /// in use the array just ends earlier (no allocation, no copy: a BFS level's small results keep
  /// theirs); below that the kept elements move to an array of exactly n, so a big scratch
  /// allocation is never held by a small result.
  void shrink(std::size_t n, const char* what = "device array") {
    if (n >= size_) return;
    untag();
    if (n && 2 * n >= capacity_) {
      size_ = n;
      return;
    }
    DeviceArray kept(n, what);
    if (n) copy_device_to_device(kept.ptr_, ptr_, n * sizeof(T));
    *this = std::move(kept);
  }
  void release() noexcept {
    device_free(ptr_);
    ptr_ = nullptr;
    size_ = capacity_ = 0;
    untag();
  }

  /// Whoever may write the elements takes them here: the array's identity goes with it.
  T* data() noexcept {
    untag();
    return ptr_;
  }
  const T* data() const noexcept { return ptr_; }

  /// This contents' identity (given on first asking; kept until something may change them).
  std::uint64_t tag() const noexcept {
    std::uint64_t t = tag_.load(std::memory_order_relaxed);
    if (t) return t;
    const std::uint64_t fresh = next_array_tag();
    return tag_.compare_exchange_strong(t, fresh, std::memory_order_relaxed) ? fresh : t;
  }
  /// Says that a kernel just wrote into this array an element-wise copy of `source`'s first elements
  /// (call it after taking the mutable data() that the kernel writes through).
  void mark_copy_of(const DeviceArray& source) noexcept { copy_of_ = source.tag(); }
  /// Whether this array's first elements are a copy of `source`'s present ones (mark_copy_of, and
  /// neither changed since), the relation made no earlier than tag `since`.
  bool same_elements_as(const DeviceArray& source, std::uint64_t since = 0) const noexcept {
    return copy_of_ && copy_of_ >= since && copy_of_ == source.tag_.load(std::memory_order_relaxed);
  }
  /// Drops the identity and the copy relation: the elements are about to change in a way the
  /// array cannot see (a kernel sorting them through a pointer taken before).
  void untag() const noexcept {
    tag_.store(0, std::memory_order_relaxed);
    copy_of_ = 0;
  }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }

  void upload(const T* src, std::size_t n, const char* what = "device array") {
    allocate(n, what);
    if (n) copy_host_to_device(ptr_, src, n * sizeof(T));
  }
  void upload(const std::vector<T>& src, const char* what = "device array") requires(!std::is_same_v<T, bool>) {
    upload(src.data(), src.size(), what);
  }
  void upload(const HostArray<T>& src, const char* what = "device array") { upload(src.data(), src.size(), what); }
  void download(T* dst, std::size_t n) const {
    if (n > size_) throw_error(Info::invalid_value, "DeviceArray::download: more elements asked for than held");
    if (n) copy_device_to_host(dst, ptr_, n * sizeof(T));
  }
  /// The first n elements (all of them by default) on the host.
  std::vector<T> to_host(std::size_t n) const requires(!std::is_same_v<T, bool>) {
    std::vector<T> out(n);
    download(out.data(), n);
    return out;
  }
  std::vector<T> to_host() const requires(!std::is_same_v<T, bool>) { return to_host(size_); }
  HostArray<T> to_host_array(std::size_t n) const {
    HostArray<T> out(n);
    download(out.data(), n);
    return out;
  }
  HostArray<T> to_host_array() const { return to_host_array(size_); }
  DeviceArray clone(const char* what = "device array") const { return clone(size_, what); }
  /// The first n elements, in an array of exactly n.
  DeviceArray clone(std::size_t n, const char* what) const {
    if (n > size_) throw_error(Info::invalid_value, "DeviceArray::clone: more elements asked for than held");
    return copy_of(ptr_, n, what);
  }

 private:
  T* ptr_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;  // elements allocated (size_ is less only after a shrink)
  mutable std::atomic<std::uint64_t> tag_{0};  // 0: none given yet
  mutable std::uint64_t copy_of_ = 0;          // the tag of the array these elements copy; 0: none
};

}  // namespace hpg::detail
