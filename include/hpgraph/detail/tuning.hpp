// Tuning parameters of the CUDA backend (policy kept apart from the algorithms, as in CUB).
#pragma once

namespace hpg::detail {

struct Tuning {
  /// mxv / vxm push (sparse input times matrix) when nvals(u) / size(u) is below this; else pull.
  double push_pull_density = 0.05;
};

inline Tuning& tuning() {
  static Tuning t;
  return t;
}

}  // namespace hpg::detail
