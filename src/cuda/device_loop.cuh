// The CUDA graph behind loop_while (hpgraph/loop.hpp): a kernel that sets the loop's condition,
// then a conditional WHILE node whose body is the captured loop body followed by one kernel that
// writes the carried vectors back and sets the condition again. Compiled once (device_loop.cu);
// the template part is in loop_rounds.cuh.
#pragma once

#include <cstddef>
#include <vector>

#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::cuda {

class DeviceLoop {
 public:
  /// Takes `arena_bytes` of device memory for the body's allocations (from the pool, outside any
  /// capture) and a stream to capture on.
  explicit DeviceLoop(std::size_t arena_bytes);
  ~DeviceLoop();
  DeviceLoop(const DeviceLoop&) = delete;
  DeviceLoop& operator=(const DeviceLoop&) = delete;

  LoopCapture& capture() noexcept { return capture_; }
  /// The stream the body is captured on (a cudaStream_t).
  void* stream() const noexcept { return stream_; }
  /// Starts capturing the body.
  void begin();
  /// Ends the body with one kernel that does the carried vectors' `copies` and sets the condition
  /// (rounds < max_rounds, no carried list outgrew its storage, and the count read from `count`
  /// in [max(1, at_least), fewer_than)), ends the capture and makes the loop's executable graph:
  /// an idle one of an earlier loop of the same shape, updated, or else a new instantiation.
  /// Every round run adds one to the integer of `counter_bytes` bytes at `counter` (unless null).
  /// CaptureUnsupported when CUDA refuses the graph. Returns how many deferred upserts
  /// (LoopCapture::deferred) the round's last kernel does.
  int end(const std::vector<CarryCopy>& copies, DeviceCount::View count, Index at_least, Index fewer_than, Index max_rounds,
           void* counter, int counter_bytes);
  /// Whether the last end() left the round's end to a held-back producer (DeferredProducer).
  bool ended_by_producer() const noexcept { return ended_by_producer_; }
  /// Whether that producer is the whole round and runs every round in one launch
  /// (RoundEnd::rounds).
  bool rounds_in_one_kernel() const noexcept { return rounds_in_one_kernel_; }
  /// Ends a capture that failed and drops what was captured. True when CUDA had invalidated it (the
  /// body made a call a graph cannot hold), false when the body failed on its own.
  bool abort() noexcept;
  /// Frees the memory from before the loop that the body let go of, except carried storage
  /// (stream-ordered: after the loop's graph).
  void release_freed() noexcept;
  /// Runs the loop, `done` rounds having run already; the rounds run in all (one host wait, which
  /// also reads whether it stopped on an overflow). Error(cuda_error) naming loop_while when the
  /// device fails inside the loop.
  Index run(Index done);
  /// Whether the last run stopped because a carried list outgrew its storage (the round it did
  /// stops the loop after it).
  bool overflowed() const noexcept { return overflowed_; }
  /// What the graph keeps on the device: the rounds run, and whether a carried list outgrew its
  /// storage (one copy each way per run).
  struct Words {
    unsigned long long rounds;
    unsigned overflow;
  };

 private:
  LoopCapture capture_;
  void* stream_ = nullptr;  // cudaStream_t
  void* graph_ = nullptr;   // cudaGraph_t: the condition kernel and the WHILE node
  void* exec_ = nullptr;    // cudaGraphExec_t: instantiated, or an idle one of an earlier loop updated
  bool exec_idle_ = false;  // no launch of exec_ may still run: the end keeps it for the next loop
  bool updated_ = false;    // exec_ is an earlier loop's, updated (not yet seen to run a round)
  int device_ = 0;
  std::size_t captured_nodes_ = 0;  // in the captured body: a quick test of the graph's shape
  unsigned long long handle_ = 0;  // cudaGraphConditionalHandle
  Words* words_ = nullptr;  // on the device
  bool overflowed_ = false;
  bool capturing_ = false;
  bool ended_by_producer_ = false;
  bool rounds_in_one_kernel_ = false;
};

/// Adds one to the integer of `bytes` bytes (1, 2, 4 or 8) at device address p, in stream order
/// (a one-thread kernel: no wait). A round that loop_while runs from the host counts itself so.
void add_one_on_device(void* p, int bytes);

/// Launches the held-back producer, if any, and then the upserts deferred (DeferredWork::deferred)
/// as one kernel, on the stream (a capture's or a host round's), in the order of their calls'
/// effects (they write different vectors); a launch CUDA refuses spoils the work
/// (DeferredWork::launch_deferred).
void launch_deferred_upserts(DeferredWork& w) noexcept;

/// A host round's (DeferredWork::launch_reporting_count): the held producer with a round end whose
/// only part is its list's count written to `host` by its last block, then the rest; false when
/// CUDA refused a launch.
bool launch_deferred_reporting_count(DeferredWork& w, unsigned long long* host) noexcept;

/// Launches the held-back producer (DeferredWork::producer, which it empties) with the upserts it
/// took and, unless null, the round's end; a launch CUDA refuses spoils the work.
void launch_producer(DeferredWork& w, const RoundEnd* end) noexcept;

/// One carried list's copy and count write, as a round's last kernel does them (c.capacity must
/// hold the list), on the library's stream, no wait: a vector's carried form, made before the loop.
void copy_carried(const CarryCopy& c);

}  // namespace hpg::detail::cuda
