#include "io/output_file.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include "hpgraph/error.hpp"
#include "io/file_buffer.hpp"

namespace hpg::io::detail {

namespace {
constexpr std::size_t deflate_out_piece = std::size_t(1) << 20;
// Level 1: graph files are large and written once to be read many times; the fastest level
// compresses edge lists nearly as well as the default at three times the speed.
constexpr int gzip_level = 1;

std::string temp_name(const std::string& path) {
  static thread_local std::mt19937_64 rng(std::random_device{}());
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "%08x", static_cast<unsigned>(rng()));
  return path + ".tmp-" + suffix;
}
}  // namespace

bool ends_with_gz(std::string_view path) {
  if (path.size() < 3) return false;
  const std::string_view ext = path.substr(path.size() - 3);
  return ext[0] == '.' && (ext[1] == 'g' || ext[1] == 'G') && (ext[2] == 'z' || ext[2] == 'Z');
}

struct OutputFile::Deflater {
  z_stream stream{};
  std::vector<unsigned char> out = std::vector<unsigned char>(deflate_out_piece);
  Deflater() {
    // 15 + 16: a gzip wrapper, so that the file is readable by gunzip and zcat.
    if (deflateInit2(&stream, gzip_level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      hpg::detail::throw_error(Info::out_of_memory, "zlib: deflateInit2 failed");
  }
  ~Deflater() { deflateEnd(&stream); }
};

OutputFile::OutputFile(const std::string& path) : path_(path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw_os_error(path, "cannot write", EISDIR);
  // Before the file exists: a constructor that throws after creating it would leave it behind.
  if (ends_with_gz(path)) z_ = std::make_unique<Deflater>();
  // "x": never open (and later remove) a file that someone else created under the same name.
  for (int attempt = 0; attempt < 8 && !file_; ++attempt) {
    temp_path_ = temp_name(path);
    file_ = std::fopen(temp_path_.c_str(), "wbx");
    if (!file_ && errno != EEXIST) break;
  }
  if (!file_) throw_errno(path, "cannot create ", temp_path_);
}

OutputFile::~OutputFile() {
  if (committed_) return;
  if (file_) std::fclose(file_);
  std::remove(temp_path_.c_str());
}

void OutputFile::write_raw(const void* data, std::size_t n) {
  if (n && std::fwrite(data, 1, n, file_) != n) throw_errno(path_, "cannot write ", temp_path_);
}

void OutputFile::deflate_some(int flush) {
  z_stream& s = z_->stream;
  for (;;) {
    s.next_out = z_->out.data();
    s.avail_out = static_cast<uInt>(z_->out.size());
    const int rc = deflate(&s, flush);
    if (rc == Z_STREAM_ERROR) hpg::detail::throw_error(Info::io_error, path_ + ": gzip compression failed");
    write_raw(z_->out.data(), z_->out.size() - s.avail_out);
    if (flush == Z_FINISH ? rc == Z_STREAM_END : (s.avail_in == 0 && s.avail_out != 0)) return;
  }
}

void OutputFile::write(const void* data, std::size_t n) {
  written_ += n;
  if (!z_) {
    write_raw(data, n);
    return;
  }
  auto* p = static_cast<const unsigned char*>(data);
  while (n > 0) {
    const std::size_t piece = std::min<std::size_t>(n, UINT_MAX);
    z_->stream.next_in = const_cast<unsigned char*>(p);  // zlib's API is not const-correct
    z_->stream.avail_in = static_cast<uInt>(piece);
    deflate_some(Z_NO_FLUSH);
    p += piece;
    n -= piece;
  }
}

void OutputFile::commit() {
  if (z_) {
    z_->stream.next_in = nullptr;
    z_->stream.avail_in = 0;
    deflate_some(Z_FINISH);
  }
  std::FILE* f = file_;
  file_ = nullptr;
  if (std::fclose(f) != 0) throw_errno(path_, "cannot write ", temp_path_);
  std::error_code ec;
  std::filesystem::rename(temp_path_, path_, ec);
  if (ec) hpg::detail::throw_error(Info::io_error, path_ + ": cannot replace it with " + temp_path_ + ": " + ec.message());
  committed_ = true;
}

}  // namespace hpg::io::detail
