// Shared test fixtures: backend parameterization (a cuda case skips itself without a GPU),
// temporary files, and where the shared data set is.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
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

/// ../shared/data (set by CMake); tests that need it skip when it is absent.
inline std::filesystem::path data_dir() { return std::filesystem::path(HPG_TEST_DATA_DIR); }
inline bool have_data() { return std::filesystem::is_directory(data_dir()); }
#define HPG_REQUIRE_DATA()                                                              \
  do {                                                                                  \
    if (!::hpg::test::have_data()) GTEST_SKIP() << "shared data set not found at " HPG_TEST_DATA_DIR; \
  } while (0)

}  // namespace hpg::test
