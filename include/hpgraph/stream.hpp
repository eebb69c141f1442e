// Which CUDA stream a thread's calls run on: the CUDA backend's execution context, chosen per
// thread (SuiteSparse's GxB_Context_engage, for a stream).
#pragma once

namespace hpg {

/// While it lives, every kernel, copy, fill, allocation and free that the calling thread's hpg
/// calls on the CUDA backend make is ordered on `cuda_stream` (a cudaStream_t; null is CUDA's
/// legacy default stream) instead of the library's own stream. Two threads, each in a scope of its
/// own stream, compute independently: neither waits for the other's kernels, and they overlap on
/// the GPU. Calls on the host backend are not affected.
///
/// The scope orders itself with the thread's work around it, without a host wait: what the thread
/// queued before the scope runs before the scope's work, and what it queues after the scope runs
/// after it. Work queued by other threads is not ordered by it: an object one thread's stream is
/// still writing must not be read from another stream until that work is done (synchronize(), or
/// the caller's own CUDA events), as with any CUDA stream.
///
/// A matrix that threads on several streams read at once is safe to share: the forms the library
/// derives from it on first use (its transpose, its HYB) are built once, and a call on another
/// stream is ordered after that build on the device.
///
/// Waits inside a scope (nvals, extract_element, synchronize(), a reduce to a host value) wait for
/// this stream only. Three things may still wait for the whole device, whatever the stream: a
/// loop_while that runs on the device and finds no kept loop graph of its shape to update (it
/// instantiates its graph, and its end, when eight are kept, destroys the least recently used: CUDA
/// 13.0's cudaGraphExecDestroy was seen to wait), a device allocation that finds the GPU full (the
/// pool gives back what it keeps, after the work in flight) and, where CUDA loads kernels lazily
/// (its default), the first launch of a kernel in the process. Scopes nest; a loop_while body may
/// not open one (the loop then runs its rounds from the host). Error(invalid_value) for a stream
/// the caller is capturing into a CUDA graph; Error(cuda_error) when CUDA refuses the stream. Keep
/// the stream alive until the scope has ended: memory the library keeps for reuse on it is handed
/// back when the scope ends. In a build without CUDA, or where no GPU is usable, it does nothing.
class StreamScope {
 public:
  explicit StreamScope(void* cuda_stream);
  ~StreamScope();
  StreamScope(const StreamScope&) = delete;
  StreamScope& operator=(const StreamScope&) = delete;

 private:
  void* stream_ = nullptr;    // the scope's stream (CUDA's legacy default stream for null)
  void* previous_ = nullptr;  // the stream an enclosing scope chose, or null
  bool engaged_ = false;      // false where there is no GPU: the scope does nothing
};

}  // namespace hpg
