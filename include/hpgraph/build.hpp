// GxB_Vector_build_Vector: a vector built from tuples that other vectors hold, so that tuples made
// on the device (a parent vector, its grandparents, the values to combine) are not copied to the
// host to build from (FastSV's hooking step builds one every round).
#pragma once

#include <string>
#include <type_traits>

#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/detail/loop_capture.hpp"

namespace hpg {

/// w, which must be empty, gets the tuples (indices' k-th value, values' k-th value), the k-th
/// entries taken in index order: indices' values are the indices (each below w.size(); a negative
/// one is an error), values' values the values. Both vectors hold the same number of entries.
/// Duplicates are combined with dup in that order, in X (as SuiteSparse combines them before the
/// cast), and the results cast to W; with no_dup they are an error (Error(invalid_value)), as
/// GrB_Vector_build's are. It reads the vectors' counts, so it cannot
/// run inside a device loop's body.
template <class W, class I, class X, class Dup = no_dup_t>
void build(Vector<W>& w, const Vector<I>& indices, const Vector<X>& values, const Dup& dup = {}) {
  static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "hpg::build: the index vector's values must be of an integer type");
  const Backend b = detail::common_backend("build", w, indices, values);
  detail::refuse_in_capture("build from vectors");
  const Index n = indices.nvals(), m = values.nvals();
  if (n != m)
    detail::throw_error(Info::invalid_value, "build: the index vector holds " + std::to_string(n) + " entries and the value vector " +
                                                 std::to_string(m));
  if (w.nvals() != 0) detail::throw_error(Info::output_not_empty, "build: the vector already holds entries");
  detail::on_backend(b, [&](auto ops) { ops.build(w, indices, values, dup); });
}

}  // namespace hpg
