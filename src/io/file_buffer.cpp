#include "io/file_buffer.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <vector>

#include "hpgraph/error.hpp"

namespace hpg::io::detail {

namespace {

constexpr std::size_t input_piece = std::size_t(1) << 20;   // compressed bytes per refill
constexpr std::size_t read_piece = std::size_t(64) << 20;   // content bytes between progress reports

[[noreturn]] void throw_parse(const std::string& path, const std::string& what) {
  hpg::detail::throw_error(Info::parse_error, path + ": " + what);
}

}  // namespace

void throw_os_error(const std::string& path, const std::string& what, int err) {
  hpg::detail::throw_error(Info::io_error, path + ": " + what + ": " + std::strerror(err));
}

void throw_errno(const std::string& path, const char* what, const std::string& object) {
  const int err = errno;
  throw_os_error(path, what + object, err);
}

bool has_gzip_magic(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

struct InputFile::Inflater {
  z_stream stream{};
  std::vector<unsigned char> input = std::vector<unsigned char>(input_piece);
  bool member_ended = false;  // the current gzip member is complete; another may follow
  bool input_eof = false;
  Inflater() {
    // 15 + 16: a gzip wrapper (not zlib or raw deflate), the largest window.
    if (inflateInit2(&stream, 15 + 16) != Z_OK) hpg::detail::throw_error(Info::out_of_memory, "zlib: inflateInit2 failed");
  }
  ~Inflater() { inflateEnd(&stream); }
};

InputFile::InputFile(const std::string& path) : path_(path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw_os_error(path, "cannot open", EISDIR);
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) throw_errno(path, "cannot open");
  // Large reads go straight to the OS; stdio's buffer would only add a copy.
  std::setvbuf(file_, nullptr, _IONBF, 0);
  const auto size = std::filesystem::file_size(path, ec);
  file_size_ = ec ? 0 : static_cast<std::uint64_t>(size);
  head_len_ = read_raw(head_, 2);
  gzipped_ = head_len_ == 2 && head_[0] == 0x1f && head_[1] == 0x8b;
  size_hint_ = file_size_;
  if (gzipped_) {
    z_ = std::make_unique<Inflater>();
    size_hint_ = gzip_trailer_size();
  }
}

InputFile::~InputFile() {
  if (file_) std::fclose(file_);
}

// The gzip trailer's ISIZE is the last member's length mod 2^32: exact for the usual single
// member under 4 GiB. Raised by 4 GiB steps while it is implausibly small for the compressed
// size. Only a hint for the first allocation: the buffer grows if the content is longer.
std::uint64_t InputFile::gzip_trailer_size() {
  if (file_size_ < 18) return 0;
  const long here = std::ftell(file_);
  unsigned char t[4];
  std::uint64_t isize = 0;
  if (here >= 0 && std::fseek(file_, -4, SEEK_END) == 0 && std::fread(t, 1, 4, file_) == 4)
    isize = std::uint64_t(t[0]) | std::uint64_t(t[1]) << 8 | std::uint64_t(t[2]) << 16 | std::uint64_t(t[3]) << 24;
  if (here < 0 || std::fseek(file_, here, SEEK_SET) != 0) throw_errno(path_, "cannot seek");
  while (isize < file_size_ / 2) isize += std::uint64_t(1) << 32;
  // Deflate expands at most 1032:1; a larger claim is a damaged trailer, not worth allocating for.
  return std::min(isize, file_size_ * 1032);
}

std::size_t InputFile::read_raw(unsigned char* dst, std::size_t n) {
  std::size_t got = 0;
  while (got < n && head_pos_ < head_len_) dst[got++] = head_[head_pos_++];
  while (got < n) {
    const std::size_t r = std::fread(dst + got, 1, n - got, file_);
    if (r == 0) {
      if (std::ferror(file_)) throw_errno(path_, "cannot read");
      break;
    }
    got += r;
  }
  position_ += got;
  return got;
}

bool InputFile::refill_input() {
  if (z_->input_eof) return false;
  const std::size_t got = read_raw(z_->input.data(), z_->input.size());
  if (got < z_->input.size()) z_->input_eof = true;
  z_->stream.next_in = z_->input.data();
  z_->stream.avail_in = static_cast<uInt>(got);
  return got > 0;
}

// gzip files may be several members back to back (e.g. from `cat a.gz b.gz`); anything else
// after a member is not gzip data and means a damaged file.
void InputFile::start_next_member() {
  if (z_->stream.avail_in < 2 && !z_->input_eof) {
    // Keep the unread byte (if any) in front of the refill.
    const std::size_t keep = z_->stream.avail_in;
    std::memmove(z_->input.data(), z_->stream.next_in, keep);
    const std::size_t got = read_raw(z_->input.data() + keep, z_->input.size() - keep);
    if (got < z_->input.size() - keep) z_->input_eof = true;
    z_->stream.next_in = z_->input.data();
    z_->stream.avail_in = static_cast<uInt>(keep + got);
  }
  const unsigned char* p = z_->stream.next_in;
  if (z_->stream.avail_in < 2 || p[0] != 0x1f || p[1] != 0x8b)
    throw_parse(path_, "unexpected data after the end of the gzip stream (the file is damaged)");
  inflateReset(&z_->stream);
  z_->member_ended = false;
}

std::size_t InputFile::read_inflated(unsigned char* dst, std::size_t n) {
  z_stream& s = z_->stream;
  std::size_t produced = 0;
  while (produced < n) {
    if (s.avail_in == 0 && !refill_input()) {
      if (z_->member_ended) break;
      throw_parse(path_, "the gzip stream is truncated (the file ends before the compressed data does)");
    }
    if (z_->member_ended) start_next_member();
    s.next_out = dst + produced;
    s.avail_out = static_cast<uInt>(std::min<std::size_t>(n - produced, UINT_MAX));
    const uInt before = s.avail_out;
    const int rc = inflate(&s, Z_NO_FLUSH);
    produced += before - s.avail_out;
    if (rc == Z_STREAM_END) {
      z_->member_ended = true;
    } else if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
      throw_parse(path_, std::string("corrupt gzip data (zlib: ") + (s.msg ? s.msg : "invalid data") + ")");
    } else if (rc == Z_MEM_ERROR) {
      hpg::detail::throw_error(Info::out_of_memory, path_ + ": out of memory while decompressing");
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
      throw_parse(path_, "gzip decompression failed (zlib error " + std::to_string(rc) + ")");
    }
  }
  return produced;
}

std::size_t InputFile::read(void* dst, std::size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  return gzipped_ ? read_inflated(d, n) : read_raw(d, n);
}

namespace {

void grow(FileBuffer& buf, std::size_t& capacity, std::size_t need) {
  std::size_t cap = std::max<std::size_t>(capacity + capacity / 2, need);
  auto bigger = std::make_unique_for_overwrite<char[]>(cap);
  std::memcpy(bigger.get(), buf.bytes.get(), buf.size);
  buf.bytes = std::move(bigger);
  capacity = cap;
}

}  // namespace

FileBuffer read_whole_file(const std::string& path, const ProgressCallback& progress) {
  InputFile in(path);
  FileBuffer buf;
  buf.gzipped = in.gzipped();
  const std::string_view stage = in.gzipped() ? "decompress" : "read";
  // One byte more than the hint: finding the end (a read that comes back short) then needs no
  // growth, which would copy the whole buffer.
  std::size_t capacity = static_cast<std::size_t>(in.content_size_hint()) + 1;
  buf.bytes = std::make_unique_for_overwrite<char[]>(capacity);
  if (progress) progress({stage, 0, in.file_size()});
  for (;;) {
    if (buf.size == capacity) grow(buf, capacity, capacity + (std::size_t(1) << 20));
    const std::size_t want = std::min(capacity - buf.size, read_piece);
    const std::size_t got = in.read(buf.bytes.get() + buf.size, want);
    buf.size += got;
    if (progress) progress({stage, in.position(), in.file_size()});
    if (got < want) break;
  }
  return buf;
}

std::string read_file_head(const std::string& path, std::size_t n) {
  InputFile in(path);
  std::string head(n, '\0');
  head.resize(in.read(head.data(), n));
  return head;
}

}  // namespace hpg::io::detail
