// The binary format's checksum: XXH64 (seed 0), computed as the bytes stream by. Four independent
// multiply-rotate lanes over 8-byte words keep it at memory speed, so that verifying a file costs
// little more than reading it; being the standard XXH64, it can be checked with `xxhsum -H64`.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hpg::io::detail {

class Checksum64 {
 public:
  void update(const void* data, std::size_t n);
  std::uint64_t digest() const;

 private:
  void stripe(const unsigned char* p);

  std::uint64_t lanes_[4] = {0x9E3779B185EBCA87ull + 0xC2B2AE3D27D4EB4Full, 0xC2B2AE3D27D4EB4Full, 0,
                             0 - 0x9E3779B185EBCA87ull};
  unsigned char pending_[32] = {};
  std::size_t pending_n_ = 0;
  std::uint64_t total_ = 0;
};

/// XXH64 of one buffer.
std::uint64_t checksum64(const void* data, std::size_t n);

}  // namespace hpg::io::detail
