// hpg::loop_while: the same rounds and results on the host and on the GPU, where the rounds after
// the first run as one CUDA graph; a body that cannot be a graph loops on the host instead.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <utility>

#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

/// v(0) = 5, v(1) = 3, v(7) = 1; each round takes one from every entry and drops those at 0.
hpg::Vector<int> countdown(Backend b) {
  hpg::Vector<int> v(10, b);
  v.build(std::vector<Index>{0, 1, 7}, std::vector<int>{5, 3, 1});
  return v;
}
void count_down(hpg::Vector<int>& v) {
  hpg::apply(v, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::minus<int>{}, 1), v);
  hpg::select(v, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, v, 0);
}

/// A counter of device calls, or null where CUPTI cannot be had (a test then checks results only).
std::unique_ptr<hpg::DeviceCallCounter> try_counter() {
  try {
    return std::make_unique<hpg::DeviceCallCounter>();
  } catch (const hpg::Error&) {
    return nullptr;
  }
}

class Loop : public ::testing::TestWithParam<Backend> {};

TEST_P(Loop, RunsWhileTheConditionHoldsAndAtMostMaxRounds) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  hpg::Vector<int> v = countdown(GetParam());
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }), 5u);
  EXPECT_EQ(v.nvals(), 0u);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }), 0u);  // already empty: no round

  hpg::Vector<int> w = countdown(GetParam());
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(w), [&] { count_down(w); }, 3), 3u);
  EXPECT_EQ(w.extract_element(0), 2);
  EXPECT_EQ(w.nvals(), 1u);

  hpg::Vector<int> x = countdown(GetParam());  // 3 entries, then 2, 1 after rounds 1 and 3
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_below(x, 3), [&] { count_down(x); }), 0u);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_below(x, 2), [&] { count_down(x); }), 0u);
  count_down(x);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_below(x, 3), [&] { count_down(x); }), 4u);
  EXPECT_EQ(x.nvals(), 0u);
}

TEST_P(Loop, AnErrorInTheBodyNamesTheOperation) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  hpg::Vector<int> v = countdown(GetParam()), shorter(9, GetParam());
  try {
    hpg::loop_while(hpg::nonempty(v), [&] { hpg::ewise_add(v, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, v, shorter); });
    ADD_FAILURE() << "no error";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::dimension_mismatch);
    EXPECT_NE(std::string(e.what()).find("ewise_add"), std::string::npos) << e.what();
  }
  EXPECT_EQ(v.nvals(), 3u);  // the failed call changed nothing
}

INSTANTIATE_TEST_SUITE_P(All, Loop, hpg::test::all_backends(), hpg::test::backend_name);

/// The body below, run on both backends: vectors swapped, a temporary made and dropped, a sparse
/// vector turned full, a bitmap one read; the GPU's rounds after the first are one graph launch.
TEST(LoopGpu, CarriesSwappedVectorsAndTemporaries) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto run = [](Backend b) {
    hpg::Vector<int> v = countdown(b), a(10, b), c(10, b);
    hpg::assign(a, hpg::no_mask, hpg::no_accum, 1, hpg::all);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      hpg::Vector<int> tmp(10, b);
      hpg::apply(tmp, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::times<int>{}, 2), a);
      std::swap(a, c);
      hpg::ewise_add(a, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, tmp, v);
      count_down(v);
    });
    return std::make_tuple(rounds, std::move(v), std::move(a), std::move(c));
  };
  auto [hr, hv, ha, hc] = run(Backend::host);
  auto count = try_counter();
  auto [gr, gv, ga, gc] = run(Backend::cuda);
  if (count) {
    const hpg::DeviceCalls calls = count->counts();
    std::cout << "a 5-round loop with swaps and a temporary: " << hpg::to_string(calls) << "\n";
    EXPECT_EQ(calls.graph_launches, 1u) << hpg::to_string(calls);
  }
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(hv, gv, "counted down");
  hpg::test::expect_same(ha, ga, "a");
  hpg::test::expect_same(hc, gc, "c");
}

TEST(LoopGpu, ABodyThatReadsACountLoopsOnTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Vector<int> v = countdown(Backend::cuda);
  std::vector<Index> seen;
  auto count = try_counter();
  const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
    seen.push_back(v.nvals());  // a host wait: not a graph
    count_down(v);
  });
  if (count) EXPECT_EQ(count->counts().graph_launches, 0u);
  EXPECT_EQ(rounds, 5u);
  EXPECT_EQ(seen, (std::vector<Index>{3, 2, 2, 1, 1}));
  EXPECT_EQ(v.nvals(), 0u);
}

/// SSSP on a weighted 64 x 64 grid: the same distances as the host's, its rounds one graph launch,
/// and the host waits a fixed few whatever the number of rounds.
TEST(LoopGpu, SsspRoundsRunAsOneGraph) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto spec = hpg::gen::parse_spec("grid:64x64");
  spec.weighted = true;
  spec.weight_lo = 1;
  spec.weight_hi = 9;
  const hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  const hpg::Vector<float> want = hpg::sssp(ha, 0);
  (void)hpg::sssp(a, 0);  // A's transpose and longest row are found once, outside the count
  auto count = try_counter();
  const hpg::Vector<float> got = hpg::sssp(a, 0);
  if (count) {
    const hpg::DeviceCalls calls = count->counts();
    std::cout << "SSSP on a weighted grid 64x64: " << hpg::to_string(calls) << "\n";
    EXPECT_EQ(calls.graph_launches, 1u) << hpg::to_string(calls);
    EXPECT_LE(calls.host_waits, 12u) << hpg::to_string(calls);
  }
  hpg::test::expect_same(want, got, "distances");
}

}  // namespace
