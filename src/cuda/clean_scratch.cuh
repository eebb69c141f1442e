// Device memory kept from call to call that every call leaves as it found it, so that no call
// pays a fill: the bitmap in which a push claims its outputs (its list step clears the bits it
// lists), the stamps by which the one-kernel push under any claims them (its last block advances
// their epoch, claim_stamps.cuh), the values a push folds into (its list step puts the monoid's
// identity back), and a counted scan's status (its last block zeroes it). Filling them afresh cost a fill node of n / 32
// words, or a pass over n values, in every round of a device loop; kept clean they cost nothing a
// round. Compiled once (clean_scratch.cu).
//
// Who shares it: one host thread's work on one stream. Kernels on a stream run one after another,
// and every user restores the memory before the next one starts, so the uses of one thread on one
// stream never overlap; another thread, or the same thread on another stream, has memory of its
// own. In a device loop's capture the memory is the one of the stream the loop will run on (the
// thread's stream outside the capture), made and filled outside the capture, and kept until the capture is over (the graph
// reads it every round). A stream being captured by someone else (a user's graph) cannot be
// relied on to run what the host saw: there each call has fresh memory, filled, as before.
// The memory is kept until the thread ends, or until an allocation would fail without it
// (release_idle_clean_scratch), or, on a stream a user chose (hpg::StreamScope), until the scope
// ends (release_clean_scratch_on), before the user may destroy the stream. A stream destroyed while
// this thread's kept memory is keyed to it anyway leaves that memory to the thread's end, which
// waits for the device before it frees it.
#pragma once

#include <cstddef>
#include <memory>

namespace hpg::detail::cuda {

/// What the memory is for; each has its own.
enum class ScratchUse : unsigned {
  bitmap,        // zero words: a push's output bits and its list length, a sort's index bits
  push_values,   // a monoid's identity: the slots a push folds into, one per output
  scan_status,   // zero words: a counted scan's tickets and published sums
  push_stamps,   // a push list's counters and epoch, then a stamp per output (none past the epoch)
};

/// `bytes` of device memory in the state `pattern` describes (its `pattern_bytes`, 1, 2, 4, 8 or
/// 16 of them, repeated), for `use`, on this thread's current stream. Held by the call from before
/// its first kernel that touches the memory until its last is launched; `restored()` says that the
/// kernels that put the memory back are launched. Destroyed before that (the call threw), the
/// memory is filled again at its next use. Error(out_of_memory) or Error(cuda_error) from the
/// allocation or the fill; nothing else throws.
class CleanScratch {
 public:
  CleanScratch(ScratchUse use, std::size_t bytes, const void* pattern, std::size_t pattern_bytes, const char* what);
  ~CleanScratch();
  CleanScratch(const CleanScratch&) = delete;
  CleanScratch& operator=(const CleanScratch&) = delete;

  void* data() const noexcept { return data_; }
  /// The bytes at data(): at least those asked for (kept memory grows to the largest use).
  std::size_t bytes() const noexcept { return bytes_; }
  void restored() noexcept;
  /// How many times this thread has filled kept memory (a test's proof that a call left it clean:
  /// taking it again fills nothing).
  static unsigned long long fills() noexcept;

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  void* entry_ = nullptr;  // the kept memory's record, or null for memory of this call's own
  bool restored_ = false;
};

/// Frees this thread's kept memory that no call holds (when no loop capture is open): the memory
/// layer does so before it gives up on an allocation. It is made again, and filled, at its next use.
void release_idle_clean_scratch() noexcept;
/// The same for this thread's kept memory of one stream (a cudaStream_t), freed on that stream.
void release_clean_scratch_on(void* stream) noexcept;

/// The same, for zero words.
inline CleanScratch zeroed_scratch(ScratchUse use, std::size_t bytes, const char* what) {
  const unsigned char zero = 0;
  return CleanScratch(use, bytes, &zero, 1, what);
}

/// zeroed_scratch, shared: memory that a kernel held back keeps while its launch is held (and that
/// its launch counts clean again).
inline std::shared_ptr<CleanScratch> shared_zeroed_scratch(ScratchUse use, std::size_t bytes, const char* what) {
  const unsigned char zero = 0;
  return std::make_shared<CleanScratch>(use, bytes, &zero, 1, what);
}

}  // namespace hpg::detail::cuda
