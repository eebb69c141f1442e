// Counting what a piece of code asks of the GPU: kernel launches, graph launches, host waits and
// stream-ordered copies. A GPU GraphBLAS call should cost what the hardware costs; these counts say
// where the fixed cost of a call comes from, and tests assert them so that a regression fails.
#pragma once

#include <cstdint>
#include <string>

namespace hpg {

/// Device calls made by the program, as the CUDA runtime and driver saw them (CUPTI callbacks, so
/// nothing is missed: Thrust's, CUB's and cuSPARSE's launches count as our own do).
struct DeviceCalls {
  std::uint64_t launches = 0;        // kernel launches (cudaLaunchKernel and the driver's cuLaunch*)
  std::uint64_t graph_launches = 0;  // CUDA graph launches (a graph runs its kernels without the host)
  std::uint64_t host_waits = 0;      // calls that block the host until the device catches up:
                                     // synchronizations, synchronous copies, cudaMalloc/cudaFree
  std::uint64_t transfers = 0;       // stream-ordered copies and fills (no host wait)
  std::uint64_t allocations = 0;     // stream-ordered allocations and frees (cudaMallocAsync, cudaFreeAsync)
  DeviceCalls operator-(const DeviceCalls& o) const {
    return {launches - o.launches, graph_launches - o.graph_launches, host_waits - o.host_waits, transfers - o.transfers,
            allocations - o.allocations};
  }
};

/// Counts the device calls of every thread of the program from its construction on:
///   hpg::DeviceCallCounter count;
///   hpg::vxm(...);
///   hpg::DeviceCalls c = count.counts();  // c.launches, c.host_waits
/// Counters may nest and overlap. The first counter loads NVIDIA's CUPTI library (libcupti.so.13,
/// part of the CUDA toolkit; it stays loaded) and subscribes to its callbacks, the last one to end
/// unsubscribes; while any counter lives every CUDA call costs a little more, so time code without
/// one. A call is counted at the outermost CUDA API call the program makes. Error(invalid_value) when
/// CUPTI cannot be loaded or another tool (a profiler, a sanitizer) already holds it. In a build
/// without CUDA every count stays 0.
class DeviceCallCounter {
 public:
  DeviceCallCounter();
  ~DeviceCallCounter();
  DeviceCallCounter(const DeviceCallCounter&) = delete;
  DeviceCallCounter& operator=(const DeviceCallCounter&) = delete;
  /// The calls made since this counter was made.
  DeviceCalls counts() const;

 private:
  DeviceCalls start_;
};

/// "12 launches, 3 host waits, 1 graph launch, 2 transfers, 4 allocations": for messages and reports.
std::string to_string(const DeviceCalls& c);

}  // namespace hpg
