// Entry-by-entry comparison of a vector computed on two backends (the GPU tests' check): same
// indices, same values exactly, and the GPU vector's nvals() equal to the entries it stores.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hpgraph/hpgraph.hpp"

namespace hpg::test {

template <class T>
void expect_same(const Vector<T>& host, const Vector<T>& gpu, const std::string& what) {
  std::vector<Index> hi, gi;
  std::vector<T> hv, gv;
  host.extract_tuples(hi, hv);
  gpu.extract_tuples(gi, gv);
  ASSERT_EQ(gpu.nvals(), gi.size()) << what << ": nvals() disagrees with the stored entries";
  ASSERT_EQ(hi.size(), gi.size()) << what << ": nvals differ";
  for (std::size_t k = 0; k < hi.size(); ++k) {
    ASSERT_EQ(hi[k], gi[k]) << what << ": entry " << k;
    ASSERT_EQ(hv[k], gv[k]) << what << ": value at index " << hi[k];
  }
}

}  // namespace hpg::test
