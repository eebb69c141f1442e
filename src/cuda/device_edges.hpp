// The generators' edges made on the GPU, from which the cuda backend builds a generated matrix
// where the edges already are. The backend's own header, not the public API's: the edges live in
// the backend's arrays (DeviceArray), which no public signature shows.
#pragma once

#include <cstdint>

#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/generate_edges.hpp"

namespace hpg::gen {

/// The edges of generate_edges_host, in the same order: keys (src << 32 | dst), not sorted,
/// duplicates kept; weights empty unless the spec is weighted.
struct DeviceEdges {
  Index n = 0;
  hpg::detail::DeviceArray<std::uint64_t> keys;
  hpg::detail::DeviceArray<std::int64_t> weights;
};
/// Generated on the GPU (Error(invalid_value) in a build without CUDA).
DeviceEdges generate_edges_device(const GraphSpec& spec);

}  // namespace hpg::gen
