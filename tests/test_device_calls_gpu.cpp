// hpg::DeviceCallCounter counts what the GPU is asked to do, and the GPU suite holds the library to
// its per-call costs with it: a BFS level's kernel launches and host waits (push and pull) may not
// grow past what they are today, so a regression fails here and not only in a benchmark chart.
// Skipped without a GPU, and where another tool (compute-sanitizer, a profiler) holds CUPTI.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

/// A counter, or null when CUPTI cannot be had here (the caller skips the test).
std::unique_ptr<hpg::DeviceCallCounter> counter_or_skip() {
  try {
    return std::make_unique<hpg::DeviceCallCounter>();
  } catch (const hpg::Error& e) {
    std::cout << "[ SKIP REASON ] " << e.what() << "\n";
    return nullptr;
  }
}

#define HPG_COUNTER_OR_SKIP(name)                  \
  auto name = counter_or_skip();                   \
  if (!name) GTEST_SKIP() << "CUPTI is not available here"

#if HPG_HAS_CUDA
__global__ void touch_kernel(int* p) { *p = 1; }
#endif

TEST(DeviceCalls, CountsLaunchesWaitsAndTransfersOneByOne) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
#if HPG_HAS_CUDA
  hpg::detail::DeviceArray<int> word(1, "test word");
  hpg::detail::device_synchronize("test setup");
  HPG_COUNTER_OR_SKIP(count);
  touch_kernel<<<1, 1, 0, hpg::detail::cuda::stream()>>>(word.data());
  hpg::detail::cuda::check_launch("touch_kernel");
  hpg::DeviceCalls c = count->counts();
  EXPECT_EQ(c.launches, 1u) << hpg::to_string(c);
  EXPECT_EQ(c.host_waits, 0u) << hpg::to_string(c);
  hpg::detail::device_memset(word.data(), 0, sizeof(int));
  c = count->counts();
  EXPECT_EQ(c.transfers, 1u) << hpg::to_string(c);
  EXPECT_EQ(c.host_waits, 0u) << hpg::to_string(c);
  int x = 7;
  hpg::detail::copy_device_to_host(&x, word.data(), sizeof(int));
  EXPECT_EQ(x, 0);
  c = count->counts();
  EXPECT_EQ(c.launches, 1u) << hpg::to_string(c);
  EXPECT_EQ(c.host_waits, 1u) << hpg::to_string(c);
  // Thrust's launches count as our own do: a sort of a few keys launches at least one kernel.
  const auto before = count->counts();
  hpg::Vector<std::int64_t> v(1000, Backend::cuda);
  v.build(std::vector<Index>{5, 3, 9}, std::vector<std::int64_t>{1, 2, 3});
  const std::uint64_t build_launches = (count->counts() - before).launches;
  EXPECT_GT(build_launches, 0u);
  // A second counter sees only what comes after it; the first goes on counting.
  {
    HPG_COUNTER_OR_SKIP(inner);
    touch_kernel<<<1, 1, 0, hpg::detail::cuda::stream()>>>(word.data());
    hpg::detail::cuda::check_launch("touch_kernel");
    EXPECT_EQ(inner->counts().launches, 1u);
  }
  EXPECT_EQ((count->counts() - before).launches, build_launches + 1);
#endif
}

// A push under a monoid that folds by atomics (a BFS step: any.secondi under the complement of the
// parents found so far; an SSSP step: min.plus) waits for nothing, and its result's count stays on
// the device until it is asked for.
TEST(DeviceCalls, AtomicPushWaitsForNothing) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("grid:64x64"), Backend::cuda);
  const Index n = a.nrows();
  hpg::Vector<std::int64_t> q(n, Backend::cuda), parent(n, Backend::cuda);
  q.build(std::vector<Index>{0, 70, 2000}, std::vector<std::int64_t>{0, 70, 2000});
  parent.build(std::vector<Index>{0, 70, 2000}, std::vector<std::int64_t>{0, 70, 2000});
  hpg::Vector<float> d(n, Backend::cuda), dist(n, Backend::cuda);
  d.build(std::vector<Index>{5, 6}, std::vector<float>{1.5f, 2.5f});
  const auto step = [&] {
    hpg::vxm(q, parent, hpg::no_accum, hpg::any_secondi<std::int64_t>, q, a,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
    hpg::vxm(dist, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, d, a, hpg::desc::push);
  };
  step();  // A's longest row is found once, outside the count
  q = hpg::Vector<std::int64_t>(n, Backend::cuda);
  q.build(std::vector<Index>{0, 70, 2000}, std::vector<std::int64_t>{0, 70, 2000});
  hpg::detail::device_synchronize("warm-up");
  HPG_COUNTER_OR_SKIP(count);
  step();
  const hpg::DeviceCalls c = count->counts();
  std::cout << "two atomic pushes: " << hpg::to_string(c) << "\n";
  EXPECT_EQ(c.host_waits, 0u) << hpg::to_string(c);
  EXPECT_GT(c.launches, 0u);
  // The counts, read now: the grid's (row-major, 4-neighbour) neighbours of 0, 70 and 2000
  // (2 + 4 + 4, none of them a parent), and of 5 and 6 ({4, 6, 69} and {5, 7, 70}).
  EXPECT_EQ(q.nvals(), 10u);
  EXPECT_EQ(dist.nvals(), 6u);
}

// The two masked assigns of a BFS level (level<struct(q)> = depth, parent<struct(q)> = q) at a
// frontier whose count is still on the device wait for nothing either, into sparse outputs (which
// take bitmap form) as into bitmap ones; and they set what the host backend sets. The step uses
// min.secondi, not BFS's any.secondi: any's choice among several parents is the backend's, and
// the results are compared value for value.
TEST(DeviceCalls, MaskedAssignsAtAPushResultWaitForNothing) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto spec = hpg::gen::parse_spec("grid:64x64");
  const std::vector<Index> start{0, 70, 2000};
  struct Level {
    hpg::Vector<std::int64_t> q, parent;
    hpg::Vector<std::int32_t> level;
  };
  const auto make = [&](Backend b) {
    Level l{hpg::Vector<std::int64_t>(4096, b), hpg::Vector<std::int64_t>(4096, b), hpg::Vector<std::int32_t>(4096, b)};
    l.q.build(start, std::vector<std::int64_t>{0, 70, 2000});
    l.parent.build(start, std::vector<std::int64_t>{0, 70, 2000});
    l.level.build(start, std::vector<std::int32_t>{0, 0, 0});
    return l;
  };
  const auto step = [](const hpg::Matrix<float>& a, Level& l, std::int32_t depth) {
    hpg::vxm(l.q, l.parent, hpg::no_accum, hpg::min_secondi<std::int64_t>, l.q, a,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
    hpg::assign(l.level, l.q, hpg::no_accum, depth, hpg::all, hpg::desc::structure);
    hpg::assign(l.parent, l.q, hpg::no_accum, l.q, hpg::all, hpg::desc::structure);
  };
  hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  Level warm = make(Backend::cuda);
  step(a, warm, 1);  // A's longest row is found once, outside the count
  Level g = make(Backend::cuda), h = make(Backend::host);
  hpg::detail::device_synchronize("warm-up");
  HPG_COUNTER_OR_SKIP(count);
  step(a, g, 1);  // level and parent are sparse here
  step(a, g, 2);  // and bitmap here
  const hpg::DeviceCalls c = count->counts();
  std::cout << "two BFS levels' push and assigns: " << hpg::to_string(c) << "\n";
  EXPECT_EQ(c.host_waits, 0u) << hpg::to_string(c);
  step(ha, h, 1);
  step(ha, h, 2);
  hpg::test::expect_same(h.q, g.q, "frontier");
  hpg::test::expect_same(h.level, g.level, "level");
  hpg::test::expect_same(h.parent, g.parent, "parent");
  EXPECT_GT(g.level.nvals(), 13u);  // the start, its 10 neighbours and the next level's
  // The mask is the output, its count still on the device: w's own entries take the value.
  step(a, g, 3);
  step(ha, h, 3);
  for (Level* l : {&g, &h}) {
    hpg::assign(l->q, l->q, hpg::no_accum, std::int64_t{-1}, hpg::all, hpg::desc::structure);
    hpg::assign(l->parent, l->q, hpg::no_accum, l->q, hpg::all, hpg::desc::structure);
  }
  hpg::test::expect_same(h.q, g.q, "frontier<struct(frontier)> = -1");
  hpg::test::expect_same(h.parent, g.parent, "parent after the frontier's own assign");
}

// An SSSP round (candidates by a min.plus push, those that improve by ewise_mult, the frontier
// where they do by a masked apply, the distances by a masked assign) and the compactions of
// select and of an ewise_mult of two sparse operands, all on inputs whose counts are still on the
// device, wait for nothing; and they give what the host backend gives.
TEST(DeviceCalls, SsspRoundAndCompactionsWaitForNothing) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto spec = hpg::test::weighted_grid("grid:64x64", 1, 9);
  const Index n = 4096;
  struct Round {
    hpg::Vector<float> dist, frontier, t, picked;
    hpg::Vector<bool> better;
  };
  const auto make = [&](Backend b) {
    Round r{hpg::Vector<float>(n, b), hpg::Vector<float>(n, b), hpg::Vector<float>(n, b), hpg::Vector<float>(n, b), hpg::Vector<bool>(n, b)};
    hpg::assign(r.dist, hpg::no_mask, hpg::no_accum, 1e9f, hpg::all);
    r.dist.set_element(0.0f, 0);
    r.frontier.set_element(0.0f, 0);
    return r;
  };
  const auto round = [](const hpg::Matrix<float>& a, Round& r) {
    hpg::vxm(r.t, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, r.frontier, a, hpg::desc::push);
    hpg::ewise_mult(r.better, hpg::no_mask, hpg::no_accum, hpg::lt<float>{}, r.t, r.dist);
    hpg::apply(r.frontier, r.better, hpg::no_accum, hpg::identity<float>{}, r.t, hpg::desc::replace);
    hpg::assign(r.dist, r.frontier, hpg::no_accum, r.frontier, hpg::all, hpg::desc::structure);
    hpg::select(r.picked, hpg::no_mask, hpg::no_accum, hpg::valuegt<float>{}, r.t, 4.0f);  // a compaction of t
    hpg::ewise_mult(r.picked, hpg::no_mask, hpg::no_accum, hpg::plus<float>{}, r.picked, r.frontier);  // two sparse operands
  };
  hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  Round warm = make(Backend::cuda);
  round(a, warm);  // A's transpose and longest row are found once, outside the count
  Round g = make(Backend::cuda), h = make(Backend::host);
  EXPECT_EQ(g.dist.nvals(), n);
  round(a, g);
  round(ha, h);
  hpg::detail::device_synchronize("warm-up");
  HPG_COUNTER_OR_SKIP(count);
  for (int k = 0; k < 3; ++k) round(a, g);  // every input's count now comes from the round before
  const hpg::DeviceCalls c = count->counts();
  std::cout << "three SSSP rounds with a select and an ewise_mult: " << hpg::to_string(c) << "\n";
  EXPECT_EQ(c.host_waits, 0u) << hpg::to_string(c);
  for (int k = 0; k < 3; ++k) round(ha, h);
  hpg::test::expect_same(h.t, g.t, "candidates");
  hpg::test::expect_same(h.better, g.better, "better");
  hpg::test::expect_same(h.frontier, g.frontier, "frontier");
  hpg::test::expect_same(h.dist, g.dist, "distances");
  hpg::test::expect_same(h.picked, g.picked, "select, then ewise_mult of two sparse vectors");
  EXPECT_GT(g.frontier.nvals(), 0u);
}

// What an SSSP round's calls after the push launch, one by one: setting the source's distance
// keeps the filled distances known full (no wait to ask, and an ewise_mult driven by a list then
// keeps every entry: one kernel, no compaction); a masked apply of a list maps, probes its mask
// and compacts in one kernel (a map with the probe, then a counted scan, made 2; a separate probe
// 3), and no fill (the append counter is kept clean from call to call; a thread's first
// compaction fills it once, here before the counting), as a select's map decides what it keeps.
// What that kernel keeps is jumbled when several blocks append it (a later call that searches it
// as a mask sorts it first); these lists are a block's.
TEST(DeviceCalls, SsspRoundCallsLaunchWhatTheyMust) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto spec = hpg::test::weighted_grid("grid:64x64", 1, 9);
  const Index n = 4096;
  struct Round {
    hpg::Vector<float> dist, frontier, t, picked, negated;
    hpg::Vector<bool> better;
  };
  const auto make = [&](Backend b) {
    Round r{hpg::Vector<float>(n, b), hpg::Vector<float>(n, b), hpg::Vector<float>(n, b), hpg::Vector<float>(n, b),
            hpg::Vector<float>(n, b), hpg::Vector<bool>(n, b)};
    hpg::assign(r.dist, hpg::no_mask, hpg::no_accum, 1e9f, hpg::all);
    for (Index i : {0, 1, 2001}) r.dist.set_element(0.0f, i);  // 1 and 2001 are reached, and do not improve
    r.frontier.build(std::vector<Index>{0, 70, 2000}, std::vector<float>{0.0f, 3.0f, 5.0f});
    return r;
  };
  hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  Round g = make(Backend::cuda), h = make(Backend::host);
  for (Round* r : {&g, &h}) hpg::vxm(r->t, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, r->frontier, (r == &g ? a : ha), hpg::desc::push);
  hpg::select(g.picked, hpg::no_mask, hpg::no_accum, hpg::valuegt<float>{}, g.t, 0.0f);  // this thread's first compaction
  hpg::detail::device_synchronize("setup");
  HPG_COUNTER_OR_SKIP(count);
  EXPECT_EQ(g.dist.nvals(), n);
  hpg::DeviceCalls c = count->counts();
  EXPECT_EQ(c.host_waits, 0u) << "nvals of a full vector after set_element: " << hpg::to_string(c);
  // Kernel launches, and fills (counted as transfers, with copies).
  const auto calls = [&](const char* what, std::uint64_t launches, std::uint64_t fills, const auto& call) {
    const hpg::DeviceCalls before = count->counts();
    call(g);
    const hpg::DeviceCalls d = count->counts() - before;
    EXPECT_EQ(d.launches, launches) << what << ": " << hpg::to_string(d);
    EXPECT_EQ(d.transfers, fills) << what << ": " << hpg::to_string(d);
    EXPECT_EQ(d.host_waits, 0u) << what << ": " << hpg::to_string(d);
    call(h);
  };
  calls("better = t < dist", 1, 0, [](Round& r) { hpg::ewise_mult(r.better, hpg::no_mask, hpg::no_accum, hpg::lt<float>{}, r.t, r.dist); });
  calls("frontier<better, replace> = t", 1, 0,
        [](Round& r) { hpg::apply(r.frontier, r.better, hpg::no_accum, hpg::identity<float>{}, r.t, hpg::desc::replace); });
  const float cut = *h.t.extract_element(1);  // t(1) and whatever is no larger are dropped
  calls("picked = select(t > t(1))", 1, 0,
        [cut](Round& r) { hpg::select(r.picked, hpg::no_mask, hpg::no_accum, hpg::valuegt<float>{}, r.t, cut); });
  calls("negated<!struct(frontier), replace> = -t", 1, 0, [](Round& r) {
    hpg::apply(r.negated, r.frontier, hpg::no_accum, hpg::ainv<float>{}, r.t, hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace);
  });
  hpg::test::expect_same(h.better, g.better, "better");
  hpg::test::expect_same(h.frontier, g.frontier, "frontier");
  hpg::test::expect_same(h.picked, g.picked, "select");
  hpg::test::expect_same(h.negated, g.negated, "apply under a complemented structural mask");
  EXPECT_GT(g.frontier.nvals(), 0u);
  EXPECT_EQ(g.frontier.nvals() + 2, g.t.nvals());  // the mask dropped t(1) and t(2001)
  EXPECT_EQ(g.negated.nvals(), 2u);
  EXPECT_GT(g.picked.nvals(), 0u);
  EXPECT_LT(g.picked.nvals(), g.t.nvals());
}

/// Kernel launches, host waits, transfers and stream-ordered allocations per BFS level on a 64 x 64
/// grid (127 levels), one direction forced, the levels looping from the host. Each round runs in a
/// DeferralScope (hpgraph/loop.hpp): the push holds its kernel back, does the two assigns after it
/// itself and writes its frontier's count where the condition's read finds it, so a pushed level
/// is one launch and one wait, no copy (2026-11-29, H200). Without that (switches().
/// defer_in_host_rounds off) the ceilings are the counts measured on 2026-11-27 (H100, CUDA 13.0):
/// push 3.02 and pull 3.04 launches a level, 1.01 host waits each (the pull was 9.13 launches
/// before it read the mask and the frontier where they stand and handed its result over, and
/// before the assigns at a bitmap frontier wrote in place). On 2026-11-25 (H200): push 3.12
/// launches and 1.03 host waits a level (4.12 before the push under any listed its outputs
/// jumbled instead of sorting them; 5.12 before a push over short rows took a row per thread and
/// scanned nothing; 12.17 and 5.72 before the push folded by atomics, 6.20 and 1.74 before the
/// masked assigns stopped waiting), pull 9.13 and 1.03; no allocation reaches the driver in either
/// (the small blocks freed by one level serve the next). The one wait a level is BFS's own
/// nvals(frontier). Lower is better, and a change that lowers a count should lower its ceiling
/// here too.
struct LevelCost {
  double launches, host_waits, transfers, allocations, fused;
  std::int32_t depth;
};

LevelCost bfs_level_cost(hpg::AxbMethod method, bool defer = true) {
  // A level's own calls, so the levels run from the host (on the device they are one graph launch:
  // test_loop.cpp counts that).
  const hpg::test::RestoreTuning restore;
  hpg::detail::switches().device_loops = false;
  hpg::detail::switches().defer_in_host_rounds = defer;
  hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("grid:64x64"), Backend::cuda);
  hpg::BfsOptions opt;
  opt.method = method;
  (void)hpg::bfs(a, 0, opt);  // the transpose and HYB are built once, outside the count
  hpg::detail::device_synchronize("bfs warm-up");
  auto count = counter_or_skip();
  if (!count) return {0, 0, 0, 0, 0, 0};
  const std::uint64_t fused_before = hpg::detail::host_round_fused_upserts;
  const hpg::BfsResult r = hpg::bfs(a, 0, opt);
  const hpg::DeviceCalls c = count->counts();
  const double fused = static_cast<double>(hpg::detail::host_round_fused_upserts - fused_before);
  EXPECT_EQ(r.depth, 127);
  const double d = r.depth;
  std::cout << (method == hpg::AxbMethod::push ? "push" : "pull") << (defer ? "" : " (nothing held back)") << " BFS on grid 64x64, per level: "
            << c.launches / d << " launches, " << c.host_waits / d << " host waits, " << c.allocations / d << " allocations, "
            << c.transfers / d << " transfers, " << fused / d << " assigns done by the push (" << hpg::to_string(c) << " over "
            << r.depth << " levels)\n";
  return {c.launches / d, c.host_waits / d, c.transfers / d, c.allocations / d, fused / d, r.depth};
}

TEST(DeviceCalls, BfsLevelPushIsOneKernelAndOneWait) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const LevelCost c = bfs_level_cost(hpg::AxbMethod::push);
  if (c.depth == 0) GTEST_SKIP() << "CUPTI is not available here";
  EXPECT_GE(c.launches, 0.99);  // a level launches its kernel: a counter that saw nothing fails here
  EXPECT_LE(c.launches, 1.1);
  EXPECT_LE(c.host_waits, 1.05);
  EXPECT_LE(c.transfers, 0.1);  // the count comes with the kernel, not in a copy after it
  EXPECT_LE(c.allocations, 0.05);
  EXPECT_GE(c.fused, 1.95);     // parent and level, every level but the last (its frontier is empty)
}

TEST(DeviceCalls, BfsLevelPushWithNothingHeldBackCostsNoMoreThanBefore) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const LevelCost c = bfs_level_cost(hpg::AxbMethod::push, false);
  if (c.depth == 0) GTEST_SKIP() << "CUPTI is not available here";
  EXPECT_GT(c.launches, 1.0);
  EXPECT_LE(c.launches, 3.1);
  EXPECT_LE(c.host_waits, 1.05);
  EXPECT_LE(c.allocations, 0.05);
  EXPECT_EQ(c.fused, 0.0);
}

TEST(DeviceCalls, BfsLevelPullCostsNoMoreThanToday) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const LevelCost c = bfs_level_cost(hpg::AxbMethod::pull);
  if (c.depth == 0) GTEST_SKIP() << "CUPTI is not available here";
  EXPECT_GT(c.launches, 1.0);
  EXPECT_LE(c.launches, 3.1);
  EXPECT_LE(c.host_waits, 1.05);
  EXPECT_LE(c.allocations, 0.05);
}

// A few set_element/remove_element calls on a sparse vector are merged into its list by one kernel
// when it is next used (no sort of everything, no host wait; its count stays on the device):
// inserts at the front, in the middle and at the end, an overwrite, a removal of an entry and of
// an absent index, the same index written twice (the last write wins), on a list whose count is
// still on the device (a select's result, sorted here: the select appends it jumbled, and a merge
// into a jumbled list sorts it first, two launches more). The result equals the host backend's.
TEST(DeviceCalls, SetElementOnASparseListIsOneKernel) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = 100000;
  std::vector<Index> idx;
  std::vector<std::int64_t> val;
  for (Index i = 10; i < n - 10; i += 97) {
    idx.push_back(i);
    val.push_back(static_cast<std::int64_t>(i % 13) - 6);
  }
  hpg::Vector<std::int64_t> src_g(n, Backend::cuda), src_h(n, Backend::host), g(n, Backend::cuda), h(n, Backend::host);
  src_g.build(idx, val);
  src_h.build(idx, val);
  for (auto* p : {&g, &h})  // a select's result: on the GPU its count is on the device
    hpg::select(*p, hpg::no_mask, hpg::no_accum, hpg::valuegt<std::int64_t>{}, p == &g ? src_g : src_h, std::int64_t(-3));
  (void)g.extract_element(0);  // sorts the list in place; its count stays on the device
  hpg::detail::device_synchronize("setup");
  HPG_COUNTER_OR_SKIP(count);
  const hpg::DeviceCalls before = count->counts();
  for (auto* p : {&g, &h}) {
    p->set_element(7, 0);             // an insert at the front
    p->set_element(8, 5000);          // in the middle
    p->set_element(9, n - 1);         // at the end
    p->set_element(10, idx[3]);       // an overwrite (or an insert, if the select dropped it)
    p->remove_element(idx[5]);        // a removal (or nothing)
    p->remove_element(1);             // an absent index
    p->set_element(11, 6000);
    p->set_element(12, 6000);         // the last write wins
    hpg::detail::VectorAccess::apply_pending(*p);  // what the next operation does first (wait() also waits)
    if (p == &g) {
      const hpg::DeviceCalls d = count->counts() - before;
      EXPECT_EQ(d.launches, 1u) << hpg::to_string(d);
      EXPECT_EQ(d.host_waits, 0u) << hpg::to_string(d);
      EXPECT_EQ(d.transfers, 0u) << hpg::to_string(d);
    }
  }
  hpg::test::expect_same(h, g, "set_element and remove_element merged into a sparse list");
  EXPECT_EQ(*g.extract_element(6000), 12);
  EXPECT_FALSE(g.extract_element(idx[5]).has_value());
}

// A push under any from one hub entry is one kernel, with no fill, even when the hub's row bounds
// T past what a last block could clear of a bitmap (16384): the outputs are claimed by stamps kept
// clean by the kernel itself (hpgraph/cuda/claim_stamps.cuh). That was a fill and the push (a
// 1-entry push on rmat-22). And past n / 32, where a push from several entries marks a bitmap and
// scans its words, a push from one entry still appends (push_atomic.cuh): one kernel, not two.
// The result equals the host backend's.
TEST(DeviceCalls, APushFromAHubIsOneKernel) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = Index(1) << 20;
  for (const Index reach : {Index(20000), Index(100000)}) {  // below and past n / 32 = 32768
    SCOPED_TRACE("a hub reaching " + std::to_string(reach));
    std::vector<Index> r, c;
    std::vector<std::int64_t> v;
    for (Index k = 0; k < reach; ++k) {
      r.push_back(7);
      c.push_back(k * 37 % n);  // distinct: 37 is odd
      v.push_back(1);
    }
    r.push_back(9), c.push_back(7), v.push_back(1);
    hpg::Matrix<std::int64_t> a(n, n, Backend::cuda), ha(n, n, Backend::host);
    a.build(r, c, v);
    ha.build(r, c, v);
    hpg::Vector<std::int64_t> u(n, Backend::cuda), hu(n, Backend::host), w(n, Backend::cuda), hw(n, Backend::host);
    for (auto* x : {&u, &hu}) x->set_element(3, 7);
    hpg::vxm(w, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, u, a, hpg::desc::push);  // the CSR and the stamps made
    hpg::detail::device_synchronize("setup");
    HPG_COUNTER_OR_SKIP(count);
    for (int call = 0; call < 2; ++call) {
      const hpg::DeviceCalls before = count->counts();
      hpg::vxm(w, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, u, a, hpg::desc::push);
      const hpg::DeviceCalls d = count->counts() - before;
      EXPECT_EQ(d.launches, 1u) << "call " << call << ": " << hpg::to_string(d);
      EXPECT_EQ(d.transfers, 0u) << "call " << call << ": " << hpg::to_string(d);
      EXPECT_EQ(d.host_waits, 0u) << "call " << call << ": " << hpg::to_string(d);
    }
    hpg::vxm(hw, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, hu, ha);
    hpg::test::expect_same(hw, w, "a push from a hub");
    EXPECT_EQ(w.nvals(), reach);
  }
}

// ewise_add and ewise_mult of two short lists, and a reduction of one into a Scalar, are one kernel
// each (append_kept.cuh, reduce_fold_kernel): nothing over n, no fill and no wait, whatever the
// vectors' size.
TEST(DeviceCalls, ListOperationsOfShortListsAreOneKernelEach) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = Index(1) << 22;
  hpg::Vector<std::int64_t> u(n, Backend::cuda), v(n, Backend::cuda), w(n, Backend::cuda), x(n, Backend::cuda);
  hpg::Scalar<std::int64_t> s(std::int64_t(1), Backend::cuda);
  u.set_element(5, 100);
  v.set_element(7, 3000000);
  v.set_element(-2, 100);
  hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, hpg::plus<std::int64_t>{}, u, v);  // merges the writes; the tickets are made
  hpg::reduce(s, hpg::plus<std::int64_t>{}, hpg::plus_monoid<std::int64_t>{}, u);
  hpg::detail::device_synchronize("setup");
  HPG_COUNTER_OR_SKIP(count);
  const auto one_kernel = [&](const char* what, const auto& call) {
    const hpg::DeviceCalls before = count->counts();
    call();
    const hpg::DeviceCalls d = count->counts() - before;
    EXPECT_EQ(d.launches, 1u) << what << ": " << hpg::to_string(d);
    EXPECT_EQ(d.transfers, 0u) << what << ": " << hpg::to_string(d);
    EXPECT_EQ(d.host_waits, 0u) << what << ": " << hpg::to_string(d);
  };
  one_kernel("ewise_add", [&] { hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, hpg::plus<std::int64_t>{}, u, v); });
  one_kernel("ewise_mult", [&] { hpg::ewise_mult(x, hpg::no_mask, hpg::no_accum, hpg::times<std::int64_t>{}, u, v); });
  one_kernel("reduce into a Scalar", [&] { hpg::reduce(s, hpg::plus<std::int64_t>{}, hpg::plus_monoid<std::int64_t>{}, u); });
  EXPECT_EQ(w.nvals(), 2u);
  EXPECT_EQ(*w.extract_element(100), 3);
  EXPECT_EQ(*w.extract_element(3000000), 7);
  EXPECT_EQ(x.nvals(), 1u);
  EXPECT_EQ(*x.extract_element(100), -10);
  EXPECT_EQ(*s.extract_element(), 1 + 5 + 5);  // 1, then u's 5 twice
}

// hpg::prepare builds a matrix's derived forms ahead of use: after it, the first pulled mxv and
// vxm launch exactly what the next pair does (nothing is left to build on first use), where
// without it the first pair launches more (the transpose and the two HYBs). A change to the matrix
// drops the forms. The results equal the host backend's.
TEST(DeviceCalls, PrepareBuildsTheDerivedFormsAhead) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto spec = hpg::gen::parse_spec("rmat:12");
  hpg::Matrix<std::int64_t> ha = hpg::generate<std::int64_t>(spec, Backend::host);
  const Index n = ha.nrows();
  std::vector<Index> idx(n);
  std::vector<std::int64_t> ones(n, 1);
  for (Index i = 0; i < n; ++i) idx[i] = i;
  hpg::Vector<std::int64_t> hu(n, Backend::host), hw(n, Backend::host), hx(n, Backend::host);
  hu.build(idx, ones);
  hpg::prepare(ha, hpg::Prepare::hyb | hpg::Prepare::hyb_of_transpose);  // the host: nothing to build
  hpg::mxv(hw, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, ha, hu);
  hpg::vxm(hx, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, hu, ha);
  HPG_COUNTER_OR_SKIP(count);
  // Launches of a pulled mxv and vxm over `a`, the first pair and the second.
  const auto pair_launches = [&](hpg::Matrix<std::int64_t>& a, bool prepared) {
    hpg::Vector<std::int64_t> u(hu), w(n, Backend::cuda), x(n, Backend::cuda);
    u.to_backend(Backend::cuda);
    if (prepared) hpg::prepare(a, hpg::Prepare::hyb | hpg::Prepare::hyb_of_transpose);
    hpg::synchronize(Backend::cuda);
    std::uint64_t launches[2];
    for (std::uint64_t& l : launches) {
      const hpg::DeviceCalls before = count->counts();
      hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, a, u, hpg::desc::pull);
      hpg::vxm(x, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, u, a, hpg::desc::pull);
      l = (count->counts() - before).launches;
    }
    hpg::test::expect_same(hw, w, "mxv after prepare");
    hpg::test::expect_same(hx, x, "vxm after prepare");
    return std::pair{launches[0], launches[1]};
  };
  // Unprepared first (it also takes the kernels' scratch memory for the first time), then prepared.
  hpg::Matrix<std::int64_t> fresh = hpg::generate<std::int64_t>(spec, Backend::cuda);
  const auto [unprepared, again] = pair_launches(fresh, false);
  EXPECT_GT(again, 0u);
  EXPECT_GT(unprepared, again) << "the counter does not see the derived forms built: the check below proves nothing";
  hpg::Matrix<std::int64_t> a = hpg::generate<std::int64_t>(spec, Backend::cuda);
  const auto [first, second] = pair_launches(a, true);
  EXPECT_EQ(first, second) << "a prepared matrix built something on first use";
  EXPECT_EQ(second, again);
  // A change drops the forms: the next pair builds them again.
  a.set_element(std::int64_t{2}, 0, 1);
  a.set_element(std::int64_t{2}, 1, 0);
  ha.set_element(std::int64_t{2}, 0, 1);
  ha.set_element(std::int64_t{2}, 1, 0);
  hpg::mxv(hw, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, ha, hu);
  hpg::vxm(hx, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, hu, ha);
  const auto [changed, changed_again] = pair_launches(a, false);
  EXPECT_GT(changed, changed_again);
}

// A pulled BFS level on a bitmap frontier: frontier<!struct(parent), replace> = frontier any.pair A
// (BFS's any.secondi pulls the same way, reading no value, but which parent any picks differs
// between backends) reads the mask and the frontier where they stand and hands its result over
// (one kernel and the fill of its count word), and parent<struct(frontier)> = frontier writes
// parent in place (one kernel over the frontier's presence); neither waits. Both equal the host
// backend's.
TEST(DeviceCalls, PulledLevelOnBitmapsIsOneKernelACall) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = 4096;
  struct Level {
    hpg::Vector<std::int64_t> frontier, parent;
  };
  const auto make = [&](Backend b) {
    Level l{hpg::Vector<std::int64_t>(n, b), hpg::Vector<std::int64_t>(n, b)};
    std::vector<Index> fi, pi;
    std::vector<std::int64_t> fv, pv;
    for (Index i = 0; i < n; ++i) {
      if (i % 5 < 2) fi.push_back(i), fv.push_back(static_cast<std::int64_t>(i));
      if (i % 3 == 0) pi.push_back(i), pv.push_back(static_cast<std::int64_t>(i) + 1);
    }
    l.frontier.build(fi, fv);  // 40% and 33% dense: both bitmaps
    l.parent.build(pi, pv);
    return l;
  };
  const auto spec = hpg::gen::parse_spec("grid:64x64");
  hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  Level g = make(Backend::cuda), h = make(Backend::host), warm = make(Backend::cuda);
  const hpg::Descriptor d = hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::pull;
  hpg::vxm(warm.frontier, warm.parent, hpg::no_accum, hpg::any_pair<std::int64_t>, warm.frontier, a, d);  // builds A' and its HYB
  hpg::detail::device_synchronize("setup");
  HPG_COUNTER_OR_SKIP(count);
  const auto calls = [&](const char* what, std::uint64_t launches, std::uint64_t fills, const auto& call) {
    const hpg::DeviceCalls before = count->counts();
    call(g, a);
    const hpg::DeviceCalls c = count->counts() - before;
    EXPECT_EQ(c.launches, launches) << what << ": " << hpg::to_string(c);
    EXPECT_EQ(c.transfers, fills) << what << ": " << hpg::to_string(c);
    EXPECT_EQ(c.host_waits, 0u) << what << ": " << hpg::to_string(c);
    call(h, ha);
  };
  calls("frontier<!struct(parent), replace> = frontier any.pair A (pull)", 1, 1, [&](Level& l, const hpg::Matrix<float>& m) {
    hpg::vxm(l.frontier, l.parent, hpg::no_accum, hpg::any_pair<std::int64_t>, l.frontier, m, d);
  });
  // The fill: parent's count was known, and becomes a device word the kernel adds to.
  calls("parent<struct(frontier)> = frontier", 1, 1, [](Level& l, const hpg::Matrix<float>&) {
    hpg::assign(l.parent, l.frontier, hpg::no_accum, l.frontier, hpg::all, hpg::desc::structure);
  });
  hpg::test::expect_same(h.frontier, g.frontier, "pulled frontier");
  hpg::test::expect_same(h.parent, g.parent, "parent after the level");
  EXPECT_GT(g.frontier.nvals(), 0u);
}

}  // namespace
