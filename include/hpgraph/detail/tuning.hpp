// Tuning parameters of the CUDA backend (policy kept apart from the algorithms, as in CUB).
#pragma once

namespace hpg::detail {

struct Tuning {
  /// mxv / vxm push (sparse input times matrix) when nvals(u) / size(u) is below this; else pull.
  double push_pull_density = 0.05;
  /// mxm under a mask that is present and not complemented computes only the mask's entries, as
  /// dot products (false: Gustavson's method with the mask applied to the products; for tests).
  bool mxm_masked_dot = true;
  /// The pull SpMV's stages, switchable for the ablation benchmark (bench/bench_ablation.cpp):
  /// pull_over_hyb = false reads the CSR, a thread per row, instead of HYB; fuse_mask = false
  /// computes every row and leaves the mask to the finish instead of skipping masked-out rows.
  bool pull_over_hyb = true;
  bool fuse_mask = true;
};

inline Tuning& tuning() {
  static Tuning t;
  return t;
}

}  // namespace hpg::detail
