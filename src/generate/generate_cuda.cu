// The CUDA implementation of the edge generators: one thread per edge, the same arithmetic as the
// host (edge_rng.hpp), so the same seed gives the same edges in the same order.
#include <thrust/remove.h>

#include <string>
#include <type_traits>

#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "generate/edge_rng.hpp"
#include "hpgraph/cuda/device_edges.hpp"

namespace hpg::gen {

namespace {

constexpr unsigned block = hpg::detail::cuda::LaunchPolicy::map_threads;  // a thread an edge

__global__ void __launch_bounds__(block) make_edges_kernel(detail::EdgeRecipe r, std::uint64_t m, std::uint64_t* keys) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < m; e += std::uint64_t(gridDim.x) * blockDim.x)
    keys[e] = detail::make_edge(r, e);
}

__global__ void __launch_bounds__(block) mirror_kernel(std::uint64_t m, std::uint64_t* keys) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < m; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t k = keys[e];
    keys[m + e] = (k << 32) | (k >> 32);
  }
}

__global__ void __launch_bounds__(block) weights_kernel(detail::EdgeRecipe r, std::uint64_t m, const std::uint64_t* keys, std::int64_t* w) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < m; e += std::uint64_t(gridDim.x) * blockDim.x)
    w[e] = detail::edge_weight(r, keys[e]);
}

struct is_self_loop {
  __device__ bool operator()(std::uint64_t k) const { return (k >> 32) == (k & 0xffffffffull); }
};

unsigned grid_size(std::uint64_t m) {
  // Grid-stride loops: enough blocks to fill any GPU, not one per edge.
  return static_cast<unsigned>(std::min<std::uint64_t>((m + block - 1) / block, 65536 * 4));
}

}  // namespace

DeviceEdges generate_edges_device(const GraphSpec& spec) {
  validate(spec);
  const detail::EdgeRecipe r = detail::make_recipe(spec);
  const std::uint64_t m = num_generated_edges(spec);
  const bool mirror = spec.symmetrize && spec.family != Family::grid;
  DeviceEdges out;
  out.n = num_vertices(spec);
  // The edge keys (and weights) and the sorted copies the matrix build makes of them are on the
  // device at once, beside the matrix's row offsets: a graph that cannot hold them is refused
  // before anything is allocated.
  using Weight = std::remove_pointer_t<decltype(out.weights.data())>;
  const std::uint64_t count = mirror ? 2 * m : m;
  hpg::detail::require_device_memory(2 * count * (sizeof(std::uint64_t) + (spec.weighted ? sizeof(Weight) : 0)) +
                                         (out.n + 1) * sizeof(std::uint32_t),
                                     "the generated graph " + describe(spec) + " (" + std::to_string(count) + " edges)");
  out.keys.allocate(count, "generated edges");
  if (m) {
    make_edges_kernel<<<grid_size(m), block, 0, hpg::detail::cuda::stream()>>>(r, m, out.keys.data());
    hpg::detail::cuda::check_launch("make_edges_kernel");
    if (mirror) {
      mirror_kernel<<<grid_size(m), block, 0, hpg::detail::cuda::stream()>>>(m, out.keys.data());
      hpg::detail::cuda::check_launch("mirror_kernel");
    }
  }
  if (spec.remove_self_loops && !out.keys.empty()) {
    const std::size_t kept = hpg::detail::cuda::guarded("remove self-loops", [&] {
      auto end = thrust::remove_if(hpg::detail::cuda::policy(), out.keys.data(), out.keys.data() + out.keys.size(), is_self_loop{});
      return static_cast<std::size_t>(end - out.keys.data());
    });
    out.keys.shrink(kept, "generated edges");  // in place unless most were self-loops
  }
  if (spec.weighted && !out.keys.empty()) {
    out.weights.allocate(out.keys.size(), "generated weights");
    weights_kernel<<<grid_size(out.keys.size()), block, 0, hpg::detail::cuda::stream()>>>(r, out.keys.size(), out.keys.data(), out.weights.data());
    hpg::detail::cuda::check_launch("weights_kernel");
  }
  hpg::detail::device_synchronize("generate_edges_device");
  return out;
}

}  // namespace hpg::gen
