// How the one-kernel push under any (push_list_kernel, push_atomic.cuh) claims its outputs: a
// stamp per output in memory kept clean between calls (clean_scratch.cuh), not a bitmap. A
// launch's stamp is one past the epoch word, which its last block then advances, so that no stamp
// is past the epoch between launches and what one launch claimed reads as unclaimed to the next:
// no fill before a push and no clear after it. A bitmap cost a fill of n / 32 words whenever the
// list was too long for the last block to clear its own bits (a 1-entry push on rmat-22, whose
// hub row bounds T past that: a fill and the push, 13.9 us on an H200), and the clear otherwise
// (a loop over the list on a BFS level's serial path). The price is 4 bytes an output instead of
// an eighth of one. Once in 2^32 - 1 launches the epoch wraps, and that launch's last block zeroes
// every stamp the memory holds.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hpgraph/cuda/clean_scratch.cuh"

namespace hpg::detail::cuda {

/// The counters and stamps a push claims with. A launch that runs every round of a device loop
/// (push_list_rounds_kernel) stamps each round one further, as launches do, and appends by turns
/// to `listed[0]` and `listed[1]`: the word a round counts in was last appended to two rounds
/// before, and every thread has read it since. A launch of one round appends to `listed[0]`, and
/// its blocks take their tickets there too (take_counted_ticket): its last block ends it.
struct ClaimStamps {
  unsigned long long* listed[2];  // the outputs appended so far
  std::uint32_t* epoch;           // the last launch's stamp
  std::uint32_t* stamp;           // one per output, none past *epoch
  std::size_t kept;               // the stamps in the memory
};

/// The memory's layout (ScratchUse::push_stamps, zero when new): the two counters, a word unused,
/// the epoch, then the stamps from this byte on.
inline constexpr std::size_t push_stamps_at = 32;
inline constexpr std::size_t push_epoch_at = 24;

/// The bytes to ask for a push into n outputs.
inline std::size_t push_stamps_bytes(std::size_t n) { return push_stamps_at + n * sizeof(std::uint32_t); }

inline ClaimStamps claim_stamps(const CleanScratch& kept) {
  unsigned char* const at = static_cast<unsigned char*>(kept.data());
  unsigned long long* const counters = reinterpret_cast<unsigned long long*>(at);
  return {{counters, counters + 1}, reinterpret_cast<std::uint32_t*>(at + push_epoch_at),
          reinterpret_cast<std::uint32_t*>(at + push_stamps_at), (kept.bytes() - push_stamps_at) / sizeof(std::uint32_t)};
}

}  // namespace hpg::detail::cuda
