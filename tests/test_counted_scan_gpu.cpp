// The counted scan (hpgraph/cuda/counted_scan.cuh) against a scan on the host: every item's
// prefix, each item emitted once, and the total, for counts around the tile and the grid's edges,
// with the count known on the host and left on the device, a bound past the count (what a
// device loop's carried room gives it), and the status the scan keeps clean zero after each scan
// (every scan here starts from the one before it left).
// Also the selection built on it (select_by_stencil), whose items past the count must be neither
// read nor written. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"

#if HPG_HAS_CUDA
#include "clean_scratch_check.hpp"
#include "hpgraph/cuda/counted_scan.cuh"
#include "hpgraph/cuda/primitives.cuh"

namespace {

using hpg::Index;
namespace dc = hpg::detail::cuda;

/// Item i's value is a hash of i in [0, 6) (some zeros, as a selection has); emit records the
/// prefix and counts the calls; total records the count and the sum.
struct Recorder {
  using value_type = std::uint64_t;
  std::uint64_t* prefix;
  unsigned* calls;
  unsigned long long* total_out;
  __host__ __device__ static std::uint64_t of(Index i) { return (i * 2654435761u >> 7) % 6; }
  __device__ std::uint64_t value(Index i) const { return of(i); }
  __device__ void emit(Index i, std::uint64_t at, std::uint64_t v) const {
    prefix[i] = at;
    atomicAdd(&calls[i], v == of(i) ? 1u : 100u);  // a wrong value counts as a hundred calls
  }
  __device__ void total(Index count, std::uint64_t sum) const {
    total_out[0] = count;
    total_out[1] = sum;
  }
};

template <class T>
std::vector<T> to_host(const hpg::detail::DeviceArray<T>& a, std::size_t n) {
  std::vector<T> h(n);
  if (n) hpg::detail::copy_device_to_host(h.data(), a.data(), n * sizeof(T));
  return h;
}

/// The same items cut by another policy: a tile of 256, four blocks an SM (the bitmap list's).
struct NarrowRecorder : Recorder {
  using policy = dc::CountedScanPolicy<1, 4>;
};

template <class R>
void prefixes_and_total_as_on_the_host() {
  using Policy = typename dc::counted_scan_policy<R>::type;
  const Index tile = Policy::tile;
  const Index grid_items = Index(dc::counted_scan_grid<Policy>(Index(1) << 30)) * tile;  // a full grid's one tile each
  for (const Index m : {Index(0), Index(1), tile - 1, tile, tile + 1, 5 * tile + 3, grid_items - 1, grid_items + 1, 3 * grid_items + 77}) {
    for (const bool on_device : {false, true}) {
      const Index bound = on_device ? 2 * m + 5 : m;
      hpg::detail::DeviceArray<std::uint64_t> prefix(bound + 1);
      hpg::detail::DeviceArray<unsigned> calls(bound + 1);
      hpg::detail::DeviceArray<unsigned long long> total(2), word(1);
      hpg::detail::device_memset(calls.data(), 0, (bound + 1) * sizeof(unsigned));
      const unsigned long long mm = m;
      hpg::detail::copy_host_to_device(word.data(), &mm, sizeof mm);
      const hpg::detail::DeviceCount::View count = on_device ? hpg::detail::DeviceCount::View{0, word.data()} : hpg::detail::DeviceCount::View{m};
      R r;
      r.prefix = prefix.data();
      r.calls = calls.data();
      r.total_out = total.data();
      dc::counted_scan(count, bound, r, "test scan");
      const auto p = to_host(prefix, bound + 1);
      const auto c = to_host(calls, bound + 1);
      const auto t = to_host(total, 2);
      const std::string how = "tile " + std::to_string(tile) + ", count " + std::to_string(m) +
                              (on_device ? " on the device, bound " + std::to_string(bound) : " on the host");
      // the status this thread's scans share, as the scan left it
      hpg::test::expect_left_clean(dc::ScratchUse::scan_status, dc::counted_scan_grid<Policy>(bound) + dc::counted_scan_sums_at, 0ull,
                                   how + ", status");
      std::uint64_t sum = 0;
      for (Index i = 0; i < m; ++i) {
        ASSERT_EQ(c[i], 1u) << how << ": item " << i << " emitted " << c[i] << " times (or with a wrong value)";
        ASSERT_EQ(p[i], sum) << how << ": prefix of item " << i;
        sum += Recorder::of(i);
      }
      for (Index i = m; i <= bound; ++i) ASSERT_EQ(c[i], 0u) << how << ": item " << i << " past the count was emitted";
      EXPECT_EQ(t[0], m) << how;
      EXPECT_EQ(t[1], sum) << how;
    }
  }
}

TEST(CountedScanGpu, PrefixesAndTotalAsOnTheHost) {
  HPG_SKIP_IF_NO_BACKEND(hpg::Backend::cuda);
  prefixes_and_total_as_on_the_host<Recorder>();
  prefixes_and_total_as_on_the_host<NarrowRecorder>();
}

TEST(CountedScanGpu, SelectByStencilKeepsOrderAndStopsAtTheCount) {
  HPG_SKIP_IF_NO_BACKEND(hpg::Backend::cuda);
  for (const Index m : {Index(0), Index(3), Index(1024), Index(70001)}) {
    const Index bound = m + 1000;  // the slots past the count hold entries that must not be kept
    std::vector<std::uint32_t> idx(bound);
    std::vector<std::int64_t> val(bound);
    std::vector<std::uint8_t> stencil(bound);
    for (Index k = 0; k < bound; ++k) {
      idx[k] = static_cast<std::uint32_t>(3 * k + 1);
      val[k] = -static_cast<std::int64_t>(k);
      stencil[k] = k >= m || k % 3 != 1;
    }
    hpg::detail::DeviceArray<std::uint32_t> di(bound), oi(bound);
    hpg::detail::DeviceArray<std::int64_t> dv(bound), ov(bound);
    hpg::detail::DeviceArray<std::uint8_t> ds(bound);
    hpg::detail::DeviceArray<unsigned long long> selected(1), word(1);
    hpg::detail::copy_host_to_device(di.data(), idx.data(), bound * sizeof(std::uint32_t));
    hpg::detail::copy_host_to_device(dv.data(), val.data(), bound * sizeof(std::int64_t));
    hpg::detail::copy_host_to_device(ds.data(), stencil.data(), bound);
    const unsigned long long mm = m;
    hpg::detail::copy_host_to_device(word.data(), &mm, sizeof mm);
    dc::select_by_stencil(di.data(), dv.data(), hpg::detail::DeviceCount::View{0, word.data()}, bound, ds.data(), oi.data(), ov.data(),
                            selected.data());
    std::vector<std::uint32_t> want_i;
    std::vector<std::int64_t> want_v;
    for (Index k = 0; k < m; ++k)
      if (stencil[k]) {
        want_i.push_back(idx[k]);
        want_v.push_back(val[k]);
      }
    ASSERT_EQ(to_host(selected, 1)[0], want_i.size()) << "count " << m;
    EXPECT_EQ(to_host(oi, want_i.size()), want_i) << "count " << m;
    EXPECT_EQ(to_host(ov, want_v.size()), want_v) << "count " << m;
  }
}

}  // namespace
#endif
