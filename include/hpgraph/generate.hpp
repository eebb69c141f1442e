// Synthetic graphs as matrices: A(u, v) present for each generated edge u -> v. Duplicate edges
// are combined with min (a matrix holds one entry per (u, v); the lightest weight wins), so the
// matrix's nvals can be below the number of edges generated.
#pragma once

#include <type_traits>
#include <vector>

#include "hpgraph/generate_edges.hpp"
#include "hpgraph/matrix.hpp"
#if HPG_HAS_CUDA
#include <thrust/fill.h>
#include <thrust/transform.h>
#endif

namespace hpg {

/// Generates spec's graph on backend b; values are the edge weights (spec.weighted) or ones.
/// The same spec gives the same matrix on both backends.
template <class T = float>
Matrix<T> generate(const gen::GraphSpec& spec, Backend b = default_backend()) {
  static_assert(std::is_arithmetic_v<T>, "generated graphs have numeric values");
  gen::validate(spec);
  detail::check_backend_usable(b, "generate");
  const Index n = gen::num_vertices(spec);
  if (b == Backend::host) {
    Matrix<T> m(n, n, b);
    gen::HostEdges e = gen::generate_edges_host(spec);
    std::vector<std::uint32_t> rows(e.keys.size()), cols(e.keys.size());
    for (std::size_t k = 0; k < e.keys.size(); ++k) {
      rows[k] = static_cast<std::uint32_t>(e.keys[k] >> 32);
      cols[k] = static_cast<std::uint32_t>(e.keys[k]);
    }
    e.keys = {};
    detail::HostArray<T> vals(rows.size(), T(1));
    if (spec.weighted)
      for (std::size_t k = 0; k < vals.size(); ++k) vals[k] = static_cast<T>(e.weights[k]);
    m.build(std::span<const std::uint32_t>(rows), std::span<const std::uint32_t>(cols), std::span<const T>(vals.data(), vals.size()),
            hpg::min<T>{});
    return m;
  }
#if HPG_HAS_CUDA
  // The edges first: generate_edges_device refuses a graph that cannot fit before anything (the
  // matrix's row offsets included) is allocated.
  gen::DeviceEdges e = gen::generate_edges_device(spec);
  Matrix<T> m(n, n, b);
  detail::DeviceArray<T> vals(e.keys.size(), "generated values");
  if (!e.keys.empty()) detail::cuda::guarded("generate", [&] {
    if (spec.weighted)
      thrust::transform(detail::cuda::policy(), e.weights.data(), e.weights.data() + e.weights.size(), vals.data(),
                        detail::cuda::cast_to<T>{});
    else
      thrust::fill(detail::cuda::policy(), vals.data(), vals.data() + vals.size(), T(1));
  });
  e.weights.release();
  detail::MatrixAccess::adopt_storage<Backend::cuda>(
      m, detail::cuda::Storage::csr_from_device_keys(n, n, std::move(e.keys), std::move(vals), hpg::min<T>{}));
  return m;
#else
  detail::throw_error(Info::invalid_value, "generate: hpgraph was built without CUDA");
#endif
}

}  // namespace hpg
