// Writing a graph file safely: the bytes go to "<path>.tmp-XXXXXXXX" next to the target and are
// renamed over it only once everything was written, so that a failure (a full disk, an exception
// from a progress callback) never leaves a half-written file where the user's file was.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace hpg::io::detail {

/// True when path ends in ".gz" (any case): such files are written gzipped.
bool ends_with_gz(std::string_view path);

class OutputFile {
 public:
  /// Creates the temporary file; gzips when path ends in ".gz". Error(io_error) naming path.
  explicit OutputFile(const std::string& path);
  /// Removes the temporary file unless commit() succeeded.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* data, std::size_t n);
  /// Finishes the gzip stream, closes the file and renames it to the target path.
  void commit();
  /// Content bytes written so far (before compression).
  std::uint64_t written() const { return written_; }
  const std::string& path() const { return path_; }

 private:
  void write_raw(const void* data, std::size_t n);
  void deflate_some(int flush);

  std::string path_, temp_path_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  std::uint64_t written_ = 0;
  struct Deflater;
  std::unique_ptr<Deflater> z_;
};

}  // namespace hpg::io::detail
