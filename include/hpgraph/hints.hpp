// Process-wide hints that change how fast the GPU backend runs an operation, never its result.
#pragma once

#include <cstdint>

#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/prepare.hpp"

namespace hpg {

/// mxv and vxm on the GPU push (sparse input x matrix) when nvals(u) / size(u) is below
/// `density`, and pull (SpMV over HYB) otherwise. Default 0.05.
inline void set_push_pull_threshold(double density) {
  if (!(density >= 0.0 && density <= 1.0)) detail::throw_error(Info::invalid_value, "set_push_pull_threshold: density must be in [0, 1]");
  detail::tuning().push_pull_density = density;
}

/// How the GPU's HYB numbers its columns; read when a matrix's HYB is built (on its first pull
/// SpMV), so it applies to matrices not yet multiplied.
/// - automatic (default): by descending degree when the matrix has at least 2^20 entries and its
///   busiest column holds at least 16 times the mean: a power-law graph's hubs then share cache
///   lines in the pull's gathers; a grid or a uniform random graph keeps its own order.
/// - user: always the matrix's own order.
/// - by_degree: always by degree (when the matrix has any entry).
/// Results do not depend on it: entries keep their order within a row, positions reach a multiply
/// as the user's indices, and only the speed of the pull changes.
enum class HybColumnOrder { automatic, user, by_degree };
inline void set_hyb_column_order(HybColumnOrder order) {
  auto& t = detail::tuning();
  const detail::Tuning defaults;
  t.degree_order_min_entries = order == HybColumnOrder::automatic ? defaults.degree_order_min_entries
                               : order == HybColumnOrder::user    ? ~std::uint64_t(0)
                                                                  : 0;
  t.degree_order_skew = order == HybColumnOrder::automatic ? defaults.degree_order_skew : 0;
}

/// Builds now the derived forms `what` names, so that the first call that needs one does not pay
/// for it (a benchmark times the build apart: the CLI's "preprocess"). They are dropped when A
/// changes and rebuilt on the next use, as without the hint. The host backend keeps one form, A'
/// (Prepare::transpose); the HYBs are the GPU's, so the others build nothing there. Results never
/// depend on it.
template <class T>
void prepare(const Matrix<T>& a, Prepare what) {
  constexpr auto every = static_cast<unsigned>(Prepare::hyb | Prepare::transpose | Prepare::hyb_of_transpose);
  if (static_cast<unsigned>(what) & ~every) detail::throw_error(Info::invalid_value, "prepare: not a set of Prepare values");
  detail::on_backend(a.backend(), [&](auto ops) { ops.prepare(a, what); });
}

}  // namespace hpg
