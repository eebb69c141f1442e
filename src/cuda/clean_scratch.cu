// Memory that every call leaves clean: see clean_scratch.cuh.
#include "hpgraph/cuda/clean_scratch.cuh"

#include <cuda_runtime.h>
#include <thrust/fill.h>

#include <cstring>
#include <memory>
#include <vector>

#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/detail/device_memory.hpp"

namespace hpg::detail::cuda {

namespace {

/// The pattern as 16 bytes (its length divides 16), and whether they are all zero.
struct Pattern {
  unsigned char bytes[16] = {};
  bool zero = true;
  Pattern(const void* p, std::size_t n) {
    if (n == 0 || n > 16 || 16 % n != 0) throw_error(Info::invalid_value, "CleanScratch: a pattern is 1, 2, 4, 8 or 16 bytes");
    for (std::size_t k = 0; k < 16; k += n) std::memcpy(bytes + k, p, n);
    for (unsigned char b : bytes) zero = zero && b == 0;
  }
  bool operator==(const Pattern& o) const { return std::memcmp(bytes, o.bytes, 16) == 0; }
};

std::size_t in_words(std::size_t bytes) { return (bytes + 15) / 16 * 16; }

/// `bytes` (a multiple of 16) at p in the pattern's state, on the current stream, no wait.
void fill(void* p, std::size_t bytes, const Pattern& pattern) {
  if (pattern.zero) {
    device_memset(p, 0, bytes);
    return;
  }
  uint4 v;
  std::memcpy(&v, pattern.bytes, 16);
  guarded("filling memory kept clean", [&] { thrust::fill_n(policy(), static_cast<uint4*>(p), bytes / 16, v); });
}

void free_on(void* p, void* s) noexcept {
  StreamSwitch on(s);  // after the kernels that used it on its stream
  device_free(p);
}

struct Entry {
  int device = 0;
  void* stream = nullptr;
  ScratchUse use{};
  Pattern pattern;
  void* data = nullptr;
  std::size_t bytes = 0;
  bool clean = false;  // in the pattern's state once the kernels launched so far have run
  bool held = false;   // a CleanScratch holds it now
};

struct Retired {
  void* data;
  void* stream;
};

/// This thread's kept memory. Memory a captured graph may still read is retired, not freed,
/// until no capture is open.
struct Registry {
  std::vector<std::unique_ptr<Entry>> entries;
  std::vector<Retired> retired;
  unsigned long long fills = 0;
  void release_retired() noexcept {
    if (retired.empty() || loop_capture_open() || stream_capturing(current_stream())) return;
    for (auto it = retired.begin(); it != retired.end();) {
      if (stream_capturing(it->stream)) {
        ++it;
        continue;
      }
      free_on(it->data, it->stream);
      it = retired.erase(it);
    }
  }
  /// Memory a call may still read is let go of: freed after the graph when a capture is open on
  /// this thread (it reads it), else after the kernels on its stream.
  void let_go(void* data, void* stream) noexcept {
    if (!data) return;
    if (loop_capture()) {
      device_free(data);  // the capture keeps it until its graph has run
    } else if (loop_capture_open() || stream_capturing(stream)) {
      try {
        retired.push_back({data, stream});
      } catch (...) {  // out of host memory: the memory is lost, not freed under a reader
      }
    } else {
      free_on(data, stream);
    }
  }
  ~Registry() {
    // A stream other than the library's may be gone by now: wait for the device, then free on
    // the library's stream.
    bool foreign = false;
    void* library = nullptr;
    try {
      library = library_stream_handle();  // not the thread's: a StreamScope's stream may be gone
    } catch (...) {
      return;  // no stream to free on: the memory goes with the process
    }
    for (const auto& e : entries) foreign = foreign || (e->data && e->stream != library);
    for (const Retired& r : retired) foreign = foreign || r.stream != library;
    if (foreign) cudaDeviceSynchronize();
    for (const auto& e : entries) free_on(e->data, library);
    for (const Retired& r : retired) free_on(r.data, library);
  }
};
thread_local Registry registry;

/// Runs f where this thread's kept memory is made and filled: in a loop capture outside it (on
/// the thread's stream outside the capture, the one the loop's graph runs on), else right here.
template <class F>
void where_kept(F&& f) {
  if (loop_capture()) {
    UncapturedScope now;
    f();
  } else {
    f();
  }
}

}  // namespace

CleanScratch::CleanScratch(ScratchUse use, std::size_t bytes, const void* pattern_at, std::size_t pattern_bytes, const char* what) {
  const Pattern pattern(pattern_at, pattern_bytes);
  bytes = in_words(bytes);
  void* s = nullptr;  // the stream the memory's users run on
  where_kept([&] { s = current_stream(); });
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  registry.release_retired();
  Entry* e = nullptr;
  if (loop_capture() || !stream_capturing(current_stream())) {  // else a capture not ours: memory of this call's own
    for (const auto& k : registry.entries)
      if (k->device == device && k->stream == s && k->use == use && k->pattern == pattern) e = k.get();
    if (!e) {
      auto made = std::make_unique<Entry>(Entry{device, s, use, pattern});
      registry.entries.push_back(std::move(made));
      e = registry.entries.back().get();
    }
    if (e->held) e = nullptr;  // a second use at once (none does so today): memory of its own
  }
  if (!e) {
    data_ = device_allocate(bytes, what);
    try {
      fill(data_, bytes, pattern);
    } catch (...) {
      device_free(data_);
      throw;
    }
    bytes_ = bytes;
    return;
  }
  if (e->bytes < bytes) {
    registry.let_go(e->data, e->stream);
    e->data = nullptr;
    e->bytes = 0;
    e->clean = false;
    where_kept([&] { e->data = device_allocate(bytes, what); });
    e->bytes = bytes;
  }
  if (!e->clean) {
    where_kept([&] { fill(e->data, e->bytes, pattern); });
    ++registry.fills;
  }
  e->clean = false;  // until the call says its kernels put it back
  e->held = true;
  data_ = e->data;
  bytes_ = e->bytes;
  entry_ = e;
}

CleanScratch::~CleanScratch() {
  if (Entry* e = static_cast<Entry*>(entry_)) {
    e->clean = restored_;
    e->held = false;
  } else {
    device_free(data_);
  }
}

void CleanScratch::restored() noexcept { restored_ = true; }

unsigned long long CleanScratch::fills() noexcept { return registry.fills; }

namespace {
template <class Which>
void release_idle(Which which) noexcept {
  if (loop_capture_open()) return;
  for (const auto& e : registry.entries) {
    if (e->held || !e->data || !which(*e)) continue;
    registry.let_go(e->data, e->stream);
    e->data = nullptr;
    e->bytes = 0;
    e->clean = false;
  }
  registry.release_retired();
}
}  // namespace

void release_idle_clean_scratch() noexcept {
  release_idle([](const Entry&) { return true; });
}
void release_clean_scratch_on(void* stream) noexcept {
  release_idle([stream](const Entry& e) { return e.stream == stream; });
  // The stream's records go too (the caller may destroy it: a handle may come back as another).
  if (loop_capture_open()) return;
  std::erase_if(registry.entries, [stream](const std::unique_ptr<Entry>& e) { return e->stream == stream && !e->held && !e->data; });
}

}  // namespace hpg::detail::cuda
