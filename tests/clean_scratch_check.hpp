// Whether a call left the memory it keeps clean between calls (hpgraph/cuda/clean_scratch.cuh) as
// it found it: taking the memory again fills nothing (so a test cannot pass by a refill), and its
// first `count` values all read `expected`. GPU builds only.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/detail/device_memory.hpp"

namespace hpg::test {

template <class T>
void expect_left_clean(detail::cuda::ScratchUse use, std::size_t count, T expected, const std::string& how) {
  namespace dc = detail::cuda;
  const unsigned long long fills = dc::CleanScratch::fills();
  dc::CleanScratch kept(use, count * sizeof(T), &expected, sizeof(T), "test");
  ASSERT_EQ(dc::CleanScratch::fills(), fills) << how << ": the call did not leave its memory clean for the next one";
  std::vector<T> left(count);
  detail::copy_device_to_host(left.data(), kept.data(), count * sizeof(T));
  kept.restored();
  for (std::size_t k = 0; k < count; ++k) ASSERT_EQ(left[k], expected) << how << ": word " << k << " left dirty";
}

}  // namespace hpg::test
