// Shared test fixtures: backend parameterization (a cuda case skips itself without a GPU),
// temporary files, where the shared data set is, and the knob that cuts a long test into parts
// for a slow tool (compute-sanitizer racecheck runs kernels orders of magnitude slower).
#pragma once

#include <gtest/gtest.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "hpgraph/backend.hpp"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/generate_edges.hpp"

namespace hpg::test {

/// Parameterize a suite over backends: INSTANTIATE_TEST_SUITE_P(All, Suite, hpg::test::all_backends(), hpg::test::backend_name);
inline auto all_backends() { return ::testing::ValuesIn(::hpg::detail::listed_backends); }
inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) { return std::string(to_string(info.param)); }

/// Puts the process-wide tuning and switches back however the test ends (a test changes
/// hpg::detail::tuning() or switches() while one lives).
struct RestoreTuning {
  detail::Tuning saved = detail::tuning();
  detail::Switches saved_switches = detail::switches();
  ~RestoreTuning() {
    detail::tuning() = saved;
    detail::switches() = saved_switches;
  }
};

/// A rows x cols grid whose edges weigh lo..hi (SSSP's tests).
inline gen::GraphSpec weighted_grid(const char* grid, std::int64_t lo, std::int64_t hi) {
  gen::GraphSpec spec = gen::parse_spec(grid);
  spec.weighted = true;
  spec.weight_lo = lo;
  spec.weight_hi = hi;
  return spec;
}

/// Skips the running test when its backend cannot be used here (cuda without a GPU).
#define HPG_SKIP_IF_NO_BACKEND(b)                                                             \
  do {                                                                                        \
    if (!::hpg::backend_usable(b))                                                            \
      GTEST_SKIP() << ::hpg::to_string(b) << " backend test skipped: " << ::hpg::backend_unusable_why(b); \
  } while (0)

/// HPG_TEST_SHARD=k/N (0 <= k < N): a test whose cases are independent (the graphs of the data
/// set, say) runs only case i with i % N == k, so N processes with k = 0..N-1 run them all between
/// them, side by side (scripts/gpu-run.sh, HPG_SANITIZE_SHARDS). Unset: every case.
struct Shard {
  unsigned long index = 0;
  unsigned long count = 1;
  bool has(std::size_t item) const { return item % count == index; }
};
inline Shard shard() {
  const char* v = std::getenv("HPG_TEST_SHARD");
  if (v == nullptr || *v == 0) return {};
  const std::string text = v;
  Shard s;
  const char* end = text.data() + text.size();
  const auto k = std::from_chars(text.data(), end, s.index);  // digits only: no sign, no blanks
  const bool slash = k.ec == std::errc() && k.ptr != end && *k.ptr == '/';
  const auto n = slash ? std::from_chars(k.ptr + 1, end, s.count) : k;
  if (!slash || n.ec != std::errc() || n.ptr != end || s.count == 0 || s.index >= s.count)
    throw std::invalid_argument("HPG_TEST_SHARD must be k/N with 0 <= k < N, not \"" + text + "\"");
  return s;
}

/// A fresh directory under the system temp dir, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() / ("hpgraph-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  /// Writes text to a file in this directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream out(file(name), std::ios::binary);
    out << text;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

extern const char* const compiled_data_dir;    // configured_paths.cpp
extern const char* const compiled_source_dir;
extern const char* const compiled_cli_path;

/// A path compiled in by CMake, unless the environment overrides it (the relocatable GPU bundle
/// runs on another machine, where the build tree's paths do not exist).
inline std::string configured_path(const char* env, const char* compiled) {
  const char* v = std::getenv(env);
  return v && *v ? std::string(v) : std::string(compiled);
}
/// ../shared/data (HPG_TEST_DATA_DIR); tests that need it skip when it is absent.
inline std::filesystem::path data_dir() { return configured_path("HPG_TEST_DATA_DIR", compiled_data_dir); }
/// The repository root (HPG_SOURCE_DIR): bundled graphs live in its data/ folder.
inline std::string source_dir() { return configured_path("HPG_SOURCE_DIR", compiled_source_dir); }
/// The hpgraph program under test (HPG_CLI).
inline std::string cli_path() { return configured_path("HPG_CLI", compiled_cli_path); }
inline bool have_data() { return std::filesystem::is_directory(data_dir()); }
#define HPG_REQUIRE_DATA()                                                              \
  do {                                                                                  \
    if (!::hpg::test::have_data()) GTEST_SKIP() << "shared data set not found at " << ::hpg::test::data_dir(); \
  } while (0)

}  // namespace hpg::test
