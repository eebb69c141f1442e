// The test knob a sanitizer run relies on (test_support.hpp): HPG_TEST_SHARD=k/N must split the
// cases into N disjoint parts that cover them all, and refuse anything but two plain numbers with
// k < N (a typo must not silently run a different part, or none).
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

/// Sets an environment variable for the scope of a test and puts the old value back.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    set(value);
  }
  ~EnvVar() { set(old_ ? old_->c_str() : nullptr); }
  EnvVar(const EnvVar&) = delete;
  EnvVar& operator=(const EnvVar&) = delete;
  void set(const char* value) {
    if (value) ::setenv(name_, value, 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(TestSupport, NoShardMeansEveryCase) {
  EnvVar v("HPG_TEST_SHARD", nullptr);
  const hpg::test::Shard s = hpg::test::shard();
  for (std::size_t i = 0; i < 10; ++i) EXPECT_TRUE(s.has(i)) << i;
  v.set("");
  EXPECT_EQ(hpg::test::shard().count, 1u);
}

TEST(TestSupport, ShardsArePartsThatCoverEveryCaseOnce) {
  EnvVar v("HPG_TEST_SHARD", nullptr);
  constexpr unsigned parts = 4;
  constexpr std::size_t cases = 23;
  std::vector<int> taken(cases, 0);
  for (unsigned k = 0; k < parts; ++k) {
    v.set((std::to_string(k) + "/" + std::to_string(parts)).c_str());
    const hpg::test::Shard s = hpg::test::shard();
    EXPECT_EQ(s.index, k);
    EXPECT_EQ(s.count, parts);
    for (std::size_t i = 0; i < cases; ++i) taken[i] += s.has(i);
  }
  for (std::size_t i = 0; i < cases; ++i) EXPECT_EQ(taken[i], 1) << "case " << i;
}

TEST(TestSupport, AMalformedShardIsRefused) {
  EnvVar v("HPG_TEST_SHARD", nullptr);
  for (const char* bad : {"1", "/2", "1/", "1/2/3", "2/2", "0/0", "0/-1", "-1/2", "+1/2", " 1/2", "1/ 2", "1/2 ", "a/b",
                          "0/99999999999999999999999"}) {
    v.set(bad);
    EXPECT_THROW(hpg::test::shard(), std::invalid_argument) << '"' << bad << '"';
  }
}

}  // namespace
