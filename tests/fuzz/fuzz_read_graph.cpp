// libFuzzer target: the graph file readers on arbitrary bytes. Built once per format
// (HPG_FUZZ_FORMAT = matrix_market, edge_list, dimacs, binary; tests/fuzz/CMakeLists.txt). Each
// input is written to a file, as a user's graph would be, and read with that format forced: the
// reader must either return tuples or throw hpg::Error; anything else (a crash, a sanitizer report,
// a hang, an allocation the file's size does not justify) is a bug. Inputs that parse are also
// built into a matrix when the declared dimensions are modest, so the build path sees them too.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "io/checksum.hpp"

namespace {

const std::string& scratch_path() {
  static const std::string path = [] {
    const char* dir = std::getenv("TMPDIR");
    std::string p = std::string(dir && *dir ? dir : "/tmp") + "/hpg-fuzz-XXXXXX";
    const int fd = mkstemp(p.data());
    if (fd < 0) std::abort();
    close(fd);
    return p;
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& path = scratch_path();
  std::vector<std::uint8_t> bytes(data, data + size);
  // A binary file ends with the XXH64 of everything before it: sealing the input here lets the
  // mutations reach the header and CSR checks behind the checksum, not only the checksum test.
  constexpr hpg::io::Format format = hpg::io::Format::HPG_FUZZ_FORMAT;
  constexpr bool binary = format == hpg::io::Format::binary;
  if (binary && size >= 64 && std::memcmp(data, "HPGRAPH", 8) == 0) {
    const std::uint64_t h = hpg::io::detail::checksum64(bytes.data(), size - 8);
    std::memcpy(bytes.data() + size - 8, &h, 8);
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (size > 0 && std::fwrite(bytes.data(), 1, size, f) != size) std::abort();
  std::fclose(f);

  hpg::io::ReadOptions options;
  options.format = format;
  options.threads = 1;
  try {
    if (binary) {
      hpg::io::BinaryImage img = hpg::io::read_binary(path, options);
      if (img.nrows <= (1u << 16) && img.ncols <= (1u << 16))
        (void)hpg::io::from_image<double>(std::move(img), hpg::min<double>{}, false, hpg::Backend::host).nvals();
    } else {
      hpg::io::Tuples t = hpg::io::read_tuples(path, options);
      if (t.nrows <= (1u << 16) && t.ncols <= (1u << 16))
        (void)hpg::io::to_matrix<double>(std::move(t), hpg::min<double>{}, false, hpg::Backend::host).nvals();
    }
  } catch (const hpg::Error&) {
    // A malformed file: the documented outcome.
  }
  return 0;
}
