// Shared test fixtures: backend parameterization (a cuda case skips itself without a GPU),
// temporary files, and where the shared data set is.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "hpgraph/backend.hpp"

namespace hpg::test {

/// Parameterize a suite over backends: INSTANTIATE_TEST_SUITE_P(All, Suite, hpg::test::all_backends(), hpg::test::backend_name);
inline auto all_backends() { return ::testing::Values(Backend::host, Backend::cuda); }
inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) { return std::string(to_string(info.param)); }

/// Skips the running test when it is for the cuda backend and no GPU is present.
#define HPG_SKIP_IF_NO_BACKEND(b)                                            \
  do {                                                                       \
    if ((b) == ::hpg::Backend::cuda && !::hpg::cuda_available())             \
      GTEST_SKIP() << "no GPU: cuda backend test skipped";                   \
  } while (0)

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
