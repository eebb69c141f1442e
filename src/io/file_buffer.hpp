// Reading a graph file's bytes: plain or gzipped (recognized by its magic bytes, whatever the
// extension), streamed piece by piece (the binary reader) or whole into memory (the text parsers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "hpgraph/io_files.hpp"

namespace hpg::io::detail {

/// An open input file whose content is read through gunzip when it starts with 0x1f 0x8b.
/// Errors: cannot open or read: Error(io_error, "<path>: ... <OS reason>"); corrupt or cut-off
/// gzip data: Error(parse_error, "<path>: ...").
class InputFile {
 public:
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  bool gzipped() const { return gzipped_; }
  /// Bytes on disk (0 when unknown, e.g. a pipe).
  std::uint64_t file_size() const { return file_size_; }
  /// Bytes of the file consumed so far (compressed bytes when gzipped): for progress.
  std::uint64_t position() const { return position_; }
  /// A guess at the content's size: the file size, or the gzip trailer's length field.
  std::uint64_t content_size_hint() const { return size_hint_; }

  /// Reads up to n bytes of content; fewer only at the end of the content.
  std::size_t read(void* dst, std::size_t n);

 private:
  std::size_t read_raw(unsigned char* dst, std::size_t n);
  std::size_t read_inflated(unsigned char* dst, std::size_t n);
  bool refill_input();
  void start_next_member();
  std::uint64_t gzip_trailer_size();

  std::string path_;
  std::FILE* file_ = nullptr;
  std::uint64_t file_size_ = 0;
  std::uint64_t position_ = 0;
  std::uint64_t size_hint_ = 0;
  bool gzipped_ = false;
  // The magic bytes peeked at open, handed out again before the rest of the file.
  unsigned char head_[2] = {0, 0};
  std::size_t head_len_ = 0, head_pos_ = 0;
  struct Inflater;
  std::unique_ptr<Inflater> z_;
};

/// A whole file's content in memory.
struct FileBuffer {
  std::unique_ptr<char[]> bytes;
  std::size_t size = 0;
  bool gzipped = false;
  const char* begin() const { return bytes.get(); }
  const char* end() const { return bytes.get() + size; }
  std::string_view view() const { return {bytes.get(), size}; }
};

/// Reads a whole file (gunzipping it), reporting progress as stage "read" or "decompress".
FileBuffer read_whole_file(const std::string& path, const ProgressCallback& progress);

/// Up to n bytes of a file's content (gunzipped): for recognizing its format.
std::string read_file_head(const std::string& path, std::size_t n);

/// True when bytes start with the gzip magic 0x1f 0x8b.
bool has_gzip_magic(std::string_view bytes);

/// "<path>: <what>: <strerror(err)>" as Error(io_error).
[[noreturn]] void throw_os_error(const std::string& path, const std::string& what, int err);
/// The same for the errno of the call that just failed: "<path>: <what><object>: <reason>". errno
/// is read before anything (such as building a message) can change it.
[[noreturn]] void throw_errno(const std::string& path, const char* what, const std::string& object = {});

}  // namespace hpg::io::detail
