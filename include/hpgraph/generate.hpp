// Synthetic graphs as matrices: A(u, v) present for each generated edge u -> v. Duplicate edges
// are combined with min (a matrix holds one entry per (u, v); the lightest weight wins), so the
// matrix's nvals can be below the number of edges generated.
#pragma once

#include <type_traits>

#include "hpgraph/generate_edges.hpp"
#include "hpgraph/matrix.hpp"

namespace hpg {

/// Generates spec's graph on backend b; values are the edge weights (spec.weighted) or ones.
/// The same spec gives the same matrix on both backends.
template <class T = float>
Matrix<T> generate(const gen::GraphSpec& spec, Backend b = default_backend()) {
  static_assert(std::is_arithmetic_v<T>, "generated graphs have numeric values");
  gen::validate(spec);
  detail::check_backend_usable(b, "generate");
  // The backend makes the whole matrix from the edges it generates (Storage::csr_generate), so
  // that a graph that cannot fit is refused before the matrix allocates anything.
  auto stored = [&]() -> detail::CsrStorage<T> {
    HPG_DETAIL_MAKE_STORAGE(b, detail::CsrStorage<T>::template hold<B>(S::template csr_generate<T>(spec)));
    detail::unbuilt_backend(b);
  }();
  Matrix<T> m(0, 0, b);
  const Index n = gen::num_vertices(spec);
  detail::MatrixAccess::adopt_storage(m, n, n, std::move(stored));
  return m;
}

}  // namespace hpg
