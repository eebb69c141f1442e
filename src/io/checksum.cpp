#include "io/checksum.hpp"

#include <bit>
#include <cstring>

namespace hpg::io::detail {

namespace {

constexpr std::uint64_t P1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t P2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t P3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t P4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t P5 = 0x27D4EB2F165667C5ull;

static_assert(std::endian::native == std::endian::little, "the binary format and its checksum are little-endian");

inline std::uint64_t load64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline std::uint32_t load32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline std::uint64_t round(std::uint64_t acc, std::uint64_t input) { return std::rotl(acc + input * P2, 31) * P1; }
inline std::uint64_t merge(std::uint64_t acc, std::uint64_t lane) { return (acc ^ round(0, lane)) * P1 + P4; }

}  // namespace

void Checksum64::stripe(const unsigned char* p) {
  lanes_[0] = round(lanes_[0], load64(p));
  lanes_[1] = round(lanes_[1], load64(p + 8));
  lanes_[2] = round(lanes_[2], load64(p + 16));
  lanes_[3] = round(lanes_[3], load64(p + 24));
}

void Checksum64::update(const void* data, std::size_t n) {
  auto* p = static_cast<const unsigned char*>(data);
  total_ += n;
  if (pending_n_ > 0) {
    const std::size_t take = n < 32 - pending_n_ ? n : 32 - pending_n_;
    std::memcpy(pending_ + pending_n_, p, take);
    pending_n_ += take;
    p += take;
    n -= take;
    if (pending_n_ < 32) return;
    stripe(pending_);
    pending_n_ = 0;
  }
  for (; n >= 32; p += 32, n -= 32) stripe(p);
  std::memcpy(pending_, p, n);
  pending_n_ = n;
}

std::uint64_t Checksum64::digest() const {
  std::uint64_t h;
  if (total_ >= 32) {
    h = std::rotl(lanes_[0], 1) + std::rotl(lanes_[1], 7) + std::rotl(lanes_[2], 12) + std::rotl(lanes_[3], 18);
    for (std::uint64_t lane : lanes_) h = merge(h, lane);
  } else {
    h = P5;
  }
  h += total_;
  const unsigned char* p = pending_;
  std::size_t n = pending_n_;
  for (; n >= 8; p += 8, n -= 8) h = std::rotl(h ^ round(0, load64(p)), 27) * P1 + P4;
  if (n >= 4) {
    h = std::rotl(h ^ (std::uint64_t(load32(p)) * P1), 23) * P2 + P3;
    p += 4;
    n -= 4;
  }
  for (; n > 0; ++p, --n) h = std::rotl(h ^ (*p * P5), 11) * P1;
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  return h;
}

std::uint64_t checksum64(const void* data, std::size_t n) {
  Checksum64 c;
  c.update(data, n);
  return c.digest();
}

}  // namespace hpg::io::detail
