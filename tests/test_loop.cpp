// hpg::loop_while: the same rounds and results on the host and on the GPU, where the rounds after
// the first run as one CUDA graph; a body that cannot be a graph loops on the host instead.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/algorithms/pagerank.hpp"
#include "hpgraph/algorithms/sssp.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "tuples_of.hpp"
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

/// Loop graphs this thread has run: whether a loop's rounds ran on the device, CUPTI or not.
std::uint64_t graphs_run() { return hpg::detail::device_loop_graphs; }

/// Lets loop_while capture however long its rounds take, while it lives: a test that counts graphs
/// must not depend on the machine's speed (under a sanitizer every round is slow).
struct CaptureSlowRounds : hpg::test::RestoreTuning {
  CaptureSlowRounds() { hpg::detail::tuning().device_loop_slowest_round_us = 0; }
};

/// Sets how many rounds loop_while runs from the host before it captures, while it lives.
struct CaptureAfter : CaptureSlowRounds {
  explicit CaptureAfter(std::uint64_t rounds) { hpg::detail::tuning().device_loop_after_rounds = rounds; }
};

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

TEST_P(Loop, NonemptyAtLeastHoldsWhileTheCountIsLarge) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const CaptureAfter first(1);  // on the GPU the condition is the graph's from the second round
  hpg::Vector<int> v = countdown(GetParam());  // counts 3, 2, 2, 1, 1 before the rounds
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_at_least(v, 4), [&] { count_down(v); }), 0u);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_at_least(v, 2), [&] { count_down(v); }), 3u);
  EXPECT_EQ(v.nvals(), 1u);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty_at_least(v, 0), [&] { count_down(v); }), 2u);  // at least one, always
}

/// A round counter: the body reads the round's number (here: when an entry was last seen), and
/// the counter ends as many rounds past where it started.
TEST_P(Loop, ARoundCounterNumbersTheRounds) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const CaptureAfter first(1);
  const Backend b = GetParam();
  hpg::Vector<int> v = countdown(b), seen(10, b);
  hpg::Scalar<int> round(10, b);
  const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
    hpg::assign(seen, v, hpg::no_accum, round, hpg::all, hpg::desc::structure);  // seen<v> = round
    count_down(v);
  }, 100, round);
  EXPECT_EQ(rounds, 5u);
  EXPECT_EQ(round.extract_element(), 15);
  std::vector<Index> idx;
  std::vector<int> val;
  seen.extract_tuples(idx, val);
  EXPECT_EQ(idx, (std::vector<Index>{0, 1, 7}));
  EXPECT_EQ(val, (std::vector<int>{14, 12, 10}));  // v(0) lasts 5 rounds, v(1) 3, v(7) 1
  // A second loop counts on from there (on the GPU its first round counts on the device, where
  // the first loop left the value); so does one whose body cannot be a graph.
  hpg::Vector<int> w = countdown(b);
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(w), [&] {
    hpg::assign(seen, w, hpg::no_accum, round, hpg::all, hpg::desc::structure);
    count_down(w);
  }, 2, round), 2u);
  EXPECT_EQ(round.extract_element(), 17);
  EXPECT_EQ(seen.extract_element(1), 16);
  std::vector<Index> counts;
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(w), [&] {
    hpg::assign(seen, w, hpg::no_accum, round, hpg::all, hpg::desc::structure);
    count_down(w);
    counts.push_back(w.nvals());  // a host wait: the rounds stay on the host
  }, 100, round), 3u);
  EXPECT_EQ(counts, (std::vector<Index>{1, 1, 0}));
  EXPECT_EQ(round.extract_element(), 20);
  EXPECT_EQ(seen.extract_element(0), 19);
  hpg::Scalar<int> unset(b);
  EXPECT_THROW(hpg::loop_while(hpg::nonempty(v), [] {}, 1, unset), hpg::Error);
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
  const CaptureAfter first(1);  // the rounds after the first replay the graph
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
  const std::uint64_t before = graphs_run();
  auto [gr, gv, ga, gc] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u);
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(hv, gv, "counted down");
  hpg::test::expect_same(ha, ga, "a");
  hpg::test::expect_same(hc, gc, "c");
}

/// Sparse vectors swapped every round (a frontier and the next one), a copy made in the body and
/// read after the vector it copies has changed, and a temporary read through a mask.
TEST(LoopGpu, CarriesSwappedSparseVectorsAndCopiesMadeInTheBody) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);  // the rounds after the first replay the graph
  const auto run = [](Backend b) {
    hpg::Vector<int> v = countdown(b), next(10, b), before_sum(10, b), kept(10, b);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      hpg::Vector<int> old(v);  // the round's start
      hpg::apply(next, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::minus<int>{}, 1), v);
      hpg::select(next, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, next, 0);
      std::swap(v, next);  // v: this round's result, next: the last one
      hpg::ewise_add(before_sum, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, before_sum, old);
      hpg::Vector<int> t(10, b);
      hpg::apply(t, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::times<int>{}, 3), next);
      hpg::apply(kept, t, hpg::plus<int>{}, hpg::identity<int>{}, t);  // kept<t> += t
    });
    return std::make_tuple(rounds, std::move(v), std::move(next), std::move(before_sum), std::move(kept));
  };
  auto [hr, hv, hn, hb, hk] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gv, gn, gb, gk] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u);
  EXPECT_EQ(hr, 5u);
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(hv, gv, "v");
  hpg::test::expect_same(hn, gn, "next");
  hpg::test::expect_same(hb, gb, "sum of the rounds' starts");
  hpg::test::expect_same(hk, gk, "kept");
}

/// Vectors the body replaces whole before it reads them (no accumulator; no mask, or a mask with
/// replace) are not carried into the rounds: t and masked below. After the loop they hold what
/// the last round left, as on the host, and nothing of their value from before the loop (t(9)).
/// One the body also reads before it writes it (sum, with an accumulator) is carried.
TEST(LoopGpu, OverwrittenVectorsAreNotCarriedAndEndAsTheLastRoundLeftThem) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);  // the rounds after the first replay the graph
  const auto run = [](Backend b) {
    hpg::Vector<int> v = countdown(b), t(10, b), masked(10, b), sum(10, b);
    t.set_element(99, 9);
    masked.set_element(98, 8);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      hpg::apply(t, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::minus<int>{}, 1), v);  // t = v - 1
      hpg::apply(masked, v, hpg::no_accum, hpg::bind_second(hpg::times<int>{}, 10), t, hpg::desc::replace);  // masked<v, replace> = 10 t
      hpg::apply(sum, hpg::no_mask, hpg::plus<int>{}, hpg::identity<int>{}, t);  // sum += t
      hpg::select(v, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, t, 0);  // v = t where t > 0
    });
    return std::make_tuple(rounds, std::move(v), std::move(t), std::move(masked), std::move(sum));
  };
  auto [hr, hv, ht, hm, hs] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gv, gt, gm, gs] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u);
  EXPECT_EQ(hpg::detail::device_loop_overwritten, 2u);  // t and masked
  EXPECT_EQ(hr, 5u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(ht.nvals(), 1u);  // the last round: v(0) = 1 became t(0) = 0
  hpg::test::expect_same(hv, gv, "v");
  hpg::test::expect_same(ht, gt, "t, as the last round left it");
  hpg::test::expect_same(hm, gm, "masked, as the last round left it");
  hpg::test::expect_same(hs, gs, "the sum of every round's t");
}

/// set_element in the body is a change made by the host: the rounds run from the host.
TEST(LoopGpu, SetElementInTheBodyLoopsOnTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto run = [](Backend b) {
    hpg::Vector<int> v = countdown(b), marks(10, b);
    int k = 0;
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      count_down(v);
      marks.set_element(k, static_cast<Index>(k));
      ++k;
    });
    return std::make_tuple(rounds, std::move(v), std::move(marks));
  };
  auto [hr, hv, hm] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gv, gm] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 0u);
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(hv, gv, "counted down");
  hpg::test::expect_same(hm, gm, "marks set by the host, one a round");
}

TEST(LoopGpu, ABodyThatReadsACountLoopsOnTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Vector<int> v = countdown(Backend::cuda);
  std::vector<Index> seen;
  const std::uint64_t before = graphs_run();
  const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
    count_down(v);
    seen.push_back(v.nvals());  // a host wait after the body changed v: not a graph
  });
  EXPECT_EQ(graphs_run() - before, 0u);
  EXPECT_EQ(rounds, 5u);
  EXPECT_EQ(seen, (std::vector<Index>{2, 2, 1, 1, 0}));
  EXPECT_EQ(v.nvals(), 0u);
}

/// A frontier that doubles every round down a binary tree (vertex i -> 2i + 1, 2i + 2) outgrows
/// the room a carried list starts with (4 x 1024 entries): the graph stops after that round, the
/// body is captured again with more room, and the rounds and results are the host's.
TEST(LoopGpu, AFrontierThatOutgrowsItsRoomIsCapturedAgain) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);  // the rounds after the first replay the graph
  const Index n = (Index(1) << 15) - 1;  // 15 levels, the last of 16,384 vertices
  std::vector<Index> rows, cols;
  for (Index i = 0; 2 * i + 2 < n; ++i) {
    rows.insert(rows.end(), {i, i});
    cols.insert(cols.end(), {2 * i + 1, 2 * i + 2});
  }
  const auto run = [&](Backend b) {
    hpg::Matrix<std::int64_t> a(n, n, b);
    a.build(rows, cols, std::vector<std::int64_t>(rows.size(), 1));
    hpg::Vector<std::int64_t> frontier(n, b), seen(n, b);
    frontier.set_element(0, 0);
    const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
      hpg::ewise_add(seen, hpg::no_mask, hpg::no_accum, hpg::plus<std::int64_t>{}, seen, frontier);
      hpg::vxm(frontier, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, frontier, a);  // the parents
    });
    return std::make_tuple(rounds, std::move(seen));
  };
  auto [hr, hs] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gs] = run(Backend::cuda);
  EXPECT_GE(graphs_run() - before, 2u);  // stopped once on the overflow, then on to the end
  EXPECT_EQ(hr, 15u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(gs.nvals(), n);
  hpg::test::expect_same(hs, gs, "every vertex, its parent's index (the root: 0)");
}

/// A push over short rows (three a row) whose input's room in the loop is too long for a thread per
/// product takes a thread per row (ByRows, push_atomic.cuh); the rounds whose frontier has shrunk
/// so far that a thread per product fits the grid take that instead, decided on the device
/// (switches().push_row_slots_that_fit). The frontier starts at 100,000 of 2^18 vertices and the
/// rounds after the first reach fewer and fewer new ones: the shortest distances (min.plus, only
/// to vertices not seen before) equal the host's either way, and the rounds ran as a graph.
TEST(LoopGpu, APushOverShortRowsTakesAThreadAProductWhenTheRoundFits) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const Index n = Index(1) << 18;
  std::vector<Index> rows, cols;
  std::vector<std::int64_t> weights;
  for (Index i = 0; i < n; ++i)
    for (const Index step : {Index(7), Index(13), Index(31)}) {
      rows.push_back(i);
      cols.push_back((i * step + step / 2) % n);
      weights.push_back(static_cast<std::int64_t>((i + step) % 9 + 1));
    }
  const auto run = [&](Backend b) {
    hpg::Matrix<std::int64_t> a(n, n, b);
    a.build(rows, cols, weights, hpg::min<std::int64_t>{});
    hpg::Vector<std::int64_t> frontier(n, b), seen(n, b), t(n, b);
    std::vector<Index> start;
    std::vector<std::int64_t> dist;
    for (Index i = 0; i < 100000; ++i) {
      start.push_back(i * 2 + 1);
      dist.push_back(static_cast<std::int64_t>(i % 5));
    }
    frontier.build(start, dist);
    seen.build(start, dist);
    const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
      hpg::vxm(t, seen, hpg::no_accum, hpg::min_plus<std::int64_t>, frontier, a,
               hpg::desc::push | hpg::desc::structure | hpg::desc::mask_complement | hpg::desc::replace);  // the unseen it reaches
      hpg::assign(seen, t, hpg::no_accum, t, hpg::all, hpg::desc::structure);                           // seen<t> = t
      hpg::apply(frontier, hpg::no_mask, hpg::no_accum, hpg::identity<std::int64_t>{}, t);
    });
    return std::make_pair(rounds, std::move(seen));
  };
  const auto [hr, hs] = run(Backend::host);
  EXPECT_GE(hr, 4u);
  for (const bool slots : {true, false}) {
    struct Restore {
      hpg::detail::Switches saved = hpg::detail::switches();
      ~Restore() { hpg::detail::switches() = saved; }
    } restore;
    hpg::detail::switches().push_row_slots_that_fit = slots;
    const std::uint64_t before = graphs_run();
    const auto [gr, gs] = run(Backend::cuda);
    const std::string how = slots ? "a thread a product where it fits" : "a thread a row";
    EXPECT_GE(graphs_run() - before, 1u) << how;
    EXPECT_EQ(gr, hr) << how;
    hpg::test::expect_same(hs, gs, "distances to every vertex seen, " + how);
  }
}

/// The round counter counted by the graph: the same numbers as on the host.
TEST(LoopGpu, ARoundCounterCountsOnTheDevice) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto run = [](Backend b) {
    hpg::Vector<int> v = countdown(b), seen(10, b);
    hpg::Scalar<std::int64_t> round(-3, b);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      hpg::assign(seen, v, hpg::no_accum, round, hpg::all, hpg::desc::structure);
      count_down(v);
    }, 100, round);
    return std::make_tuple(rounds, *round.extract_element(), std::move(seen));
  };
  auto [hr, hc, hs] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gc, gs] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hc, 2);
  EXPECT_EQ(gc, hc);
  hpg::test::expect_same(hs, gs, "the last round each entry was seen");
}

/// In a captured body, an assign under a list's structure into a bitmap (an upsert) waits: those
/// that end the round are done by the round's last kernel, and one that writes or reads what a
/// waiting one writes first launches it. v counts down 20,000 entries of 400,000 (many blocks);
/// each round: big = v's entries above 2 (a list in other positions than v's), a<v> = round (a
/// full), then b<big> = a (reads what the first wrote, at other positions: launched first),
/// c<v> = v and d<v> = round. The round's last kernel does b's and c's; d's reads the round counter
/// that kernel counts, so it is launched before it. Every vector, count and the counter end as on
/// the host.
TEST(LoopGpu, AssignsThatEndARoundWaitForItsLastKernelInOrder) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const Index size = 400000, entries = 20000;
  const auto run = [&](Backend b) {
    hpg::Vector<int> v(size, b), big(size, b), c(size, b);
    std::vector<Index> vi;
    std::vector<int> vv;
    for (Index j = 0; j < entries; ++j) {
      vi.push_back(20 * j);
      vv.push_back(static_cast<int>(1 + j % 5));
    }
    v.build(vi, vv);
    hpg::Vector<std::int64_t> a(size, b), bv(size, b), d(size, b);
    hpg::assign(a, hpg::no_mask, hpg::no_accum, std::int64_t(-1), hpg::all);
    hpg::Scalar<std::int64_t> round(10, b);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      count_down(v);
      hpg::select(big, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, v, 2);
      hpg::assign(a, v, hpg::no_accum, round, hpg::all, hpg::desc::structure);
      hpg::assign(bv, big, hpg::no_accum, a, hpg::all, hpg::desc::structure);
      hpg::assign(c, v, hpg::no_accum, v, hpg::all, hpg::desc::structure);
      hpg::assign(d, v, hpg::no_accum, round, hpg::all, hpg::desc::structure);
    }, 100, round);
    return std::make_tuple(rounds, *round.extract_element(), std::move(a), std::move(bv), std::move(c), std::move(d));
  };
  auto [hr, hround, ha, hb, hc, hd] = run(Backend::host);
  const std::uint64_t before = graphs_run(), ended_before = hpg::detail::device_loop_end_upserts;
  auto [gr, ground, ga, gb, gc, gd] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
  // b<big> = a and c<v> = v; d<v> = round reads the round counter that the last kernel counts, so it runs before it.
  EXPECT_EQ(hpg::detail::device_loop_end_upserts - ended_before, 2u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hr, 5);
  EXPECT_EQ(ground, hround);
  hpg::test::expect_same(ha, ga, "a<v> = round");
  hpg::test::expect_same(hb, gb, "b<big> = a, after a was written");
  hpg::test::expect_same(hc, gc, "c<v> = v");
  hpg::test::expect_same(hd, gd, "d<v> = round, before the round is counted");
  EXPECT_EQ(hb.nvals(), 8000u);  // the entries that start at 4 or 5 (above 2 after the first round)
  EXPECT_EQ(gb.nvals(), hb.nvals());
  EXPECT_EQ(gc.nvals(), hc.nvals());
  EXPECT_EQ(gd.nvals(), hd.nvals());
}

/// A push under any is held back in a device loop's capture (DeferredProducer) and does the assigns
/// masked by its list that follow it, each output's as it claims the output: a value of its own
/// (parent), the round counter that the round's last kernel counts (level), and constants (flag,
/// mark: a value in the kernel's argument). A fifth into flag cannot run inside it: the push is launched first and that one
/// waits apart, after it. An apply then reads what the push's assigns wrote.
/// A pushed BFS level and more assigns masked by its list (loop_while from vertex 100 of a 24 x 40
/// grid): parent, the level (the round counter), a flag written true then false, a 2-byte mark,
/// then an apply that reads parent. Returns the rounds, parent, level, flag, the apply's copy and
/// the mark.
auto push_and_masked_assigns(Backend b) {
  const hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("grid:24x40"), b);
  const Index n = a.nrows(), source = 100;
  hpg::Vector<std::int64_t> f(n, b), parent(n, b), echo(n, b);
  hpg::Vector<std::int32_t> level(n, b);
  hpg::Vector<bool> flag(n, b);
  hpg::Vector<std::int16_t> mark(n, b);
  f.set_element(static_cast<std::int64_t>(source), source);
  parent.set_element(static_cast<std::int64_t>(source), source);
  level.set_element(0, source);
  hpg::Scalar<std::int32_t> depth(1, b);
  const Index rounds = hpg::loop_while(hpg::nonempty(f), [&] {
    hpg::vxm(f, parent, hpg::no_accum, hpg::any_secondi<std::int64_t>, f, a,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
    hpg::assign(parent, f, hpg::no_accum, f, hpg::all, hpg::desc::structure);
    hpg::assign(level, f, hpg::no_accum, depth, hpg::all, hpg::desc::structure);
    hpg::assign(flag, f, hpg::no_accum, true, hpg::all, hpg::desc::structure);
    hpg::assign(mark, f, hpg::no_accum, std::int16_t(-7), hpg::all, hpg::desc::structure);
    hpg::assign(flag, f, hpg::no_accum, false, hpg::all, hpg::desc::structure);
    hpg::apply(echo, hpg::no_mask, hpg::no_accum, hpg::identity<std::int64_t>{}, parent);
  }, n, depth);
  return std::make_tuple(rounds, std::move(parent), std::move(level), std::move(flag), std::move(echo), std::move(mark));
}

/// What push_and_masked_assigns left on the GPU is what it means: the host's rounds, levels, flags
/// and marks, and parents one level up along an edge (any: whichever claim won).
void expect_push_and_masked_assigns(Backend b) {
  auto [hr, hp, hl, hf, he, hm] = push_and_masked_assigns(Backend::host);
  hpg::test::expect_same(hp, he, "echo = parent on the host");
  auto [gr, gp, gl, gf, ge, gm] = push_and_masked_assigns(b);
  EXPECT_EQ(hr, 42u);  // vertex 100 is (2, 20) of 24 rows of 40: the corner (23, 0) is 41 hops, then an empty round
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(hl, gl, "level<f> = the round counter");
  hpg::test::expect_same(hf, gf, "flag<f> = true, then false");
  hpg::test::expect_same(hm, gm, "mark<f> = -7");
  EXPECT_EQ(gm.nvals(), 24u * 40u - 1u);
  std::vector<Index> mi;
  std::vector<std::int16_t> mv;
  gm.extract_tuples(mi, mv);
  for (std::int16_t x : mv) EXPECT_EQ(x, -7);
  hpg::test::expect_same(gp, ge, "echo = parent, after the push's assigns");
  EXPECT_EQ(gp.nvals(), hp.nvals());
  EXPECT_EQ(gp.nvals(), 24u * 40u);
  std::vector<Index> pi, li;
  std::vector<std::int64_t> pv;
  std::vector<std::int32_t> lv;
  gp.extract_tuples(pi, pv);
  gl.extract_tuples(li, lv);
  ASSERT_EQ(pi, li);
  for (std::size_t k = 0; k < pi.size(); ++k) {
    if (pi[k] == 100) continue;
    const Index v = pi[k], p = static_cast<Index>(pv[k]);
    const Index d = v > p ? v - p : p - v;
    EXPECT_TRUE(d == 1 || d == 40) << "no edge " << p << " -> " << v;
    EXPECT_EQ(lv[p] + 1, lv[k]) << "vertex " << v;  // every vertex is reached: index p is entry p
  }
  EXPECT_EQ(gf.nvals(), gp.nvals() - 1);  // every vertex but the source
  std::vector<Index> fi;
  std::vector<bool> fv;
  gf.extract_tuples(fi, fv);
  for (bool x : fv) EXPECT_FALSE(x);
}

TEST(LoopGpu, APushDoesTheAssignsItsListMasks) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const std::uint64_t before = graphs_run(), fused_before = hpg::detail::device_loop_fused_upserts,
                      producer_ends_before = hpg::detail::device_loop_producer_ends;
  expect_push_and_masked_assigns(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
  EXPECT_EQ(hpg::detail::device_loop_fused_upserts - fused_before, 4u);
  EXPECT_EQ(hpg::detail::device_loop_producer_ends - producer_ends_before, 0u);  // the apply runs after the push
}

/// The same rounds, every one from the host (DeferralScope): the push holds its kernel and does the
/// assigns after it there too, with the same results; and with nothing held back.
TEST(LoopGpu, RoundsFromTheHostHoldTheirWorkBackAsAGraphDoes) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const hpg::test::RestoreTuning restore;
  hpg::detail::switches().device_loops = false;
  const std::uint64_t before = graphs_run(), fused_before = hpg::detail::host_round_fused_upserts;
  expect_push_and_masked_assigns(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 0u);
  // Parent, level, flag and mark each round the flag's second assign does not end (it writes what
  // the first one wrote): at least 3 a round once parent and level are bitmaps (after the first).
  EXPECT_GE(hpg::detail::host_round_fused_upserts - fused_before, 3u * 40u);
  hpg::detail::switches().defer_in_host_rounds = false;
  const std::uint64_t plain_before = hpg::detail::host_round_fused_upserts;
  expect_push_and_masked_assigns(Backend::cuda);
  EXPECT_EQ(hpg::detail::host_round_fused_upserts - plain_before, 0u);
}

/// A vector carried sorted that a round leaves jumbled (a push under any lists its outputs in no
/// order, and a swap hands the list to the other vector): the body is captured again with it
/// carried jumbled, and a round that searches the jumbled list (here as a mask) sorts it first,
/// inside the graph. Each vertex is in the frontier in one round, so `total` ends as u where u's
/// entries were reached: a search in an unsorted list would miss some.
TEST(LoopGpu, AListThatARoundLeavesJumbledIsCarriedJumbled) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto run = [](Backend b) {
    const Index n = 1024;
    hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("grid:32x32"), b);
    hpg::Vector<std::int64_t> frontier(n, b), next(n, b), seen(n, b);
    hpg::Vector<int> u(n, b), hit(n, b), total(n, b);
    for (Index i = 0; i < n; i += 3) u.set_element(static_cast<int>(i % 7 + 1), i);
    hpg::assign(total, hpg::no_mask, hpg::no_accum, 0, hpg::all);
    frontier.set_element(0, 0);
    seen.set_element(0, 0);
    const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
      hpg::apply(hit, frontier, hpg::no_accum, hpg::identity<int>{}, u, hpg::desc::structure | hpg::desc::replace);
      hpg::ewise_add(total, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, total, hit);
      hpg::vxm(next, seen, hpg::no_accum, hpg::any_secondi<std::int64_t>, frontier, a,
               hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
      hpg::assign(seen, next, hpg::no_accum, std::int64_t{1}, hpg::all, hpg::desc::structure);
      std::swap(frontier, next);
    }, n);
    return std::make_pair(rounds, std::move(total));
  };
  auto [hr, ht] = run(Backend::host);
  const std::uint64_t before = graphs_run();
  auto [gr, gt] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
  EXPECT_EQ(hr, 63u);
  EXPECT_EQ(gr, hr);
  hpg::test::expect_same(ht, gt, "u summed over the rounds' frontiers");
}

/// A vector that is full when the loop is captured and loses entries in a later round cannot
/// keep a known count: the body is captured again with its count on the device, and the rounds
/// after the first are still one graph.
TEST(LoopGpu, AFullVectorThatLosesEntriesIsCapturedAgain) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto run = [](Backend b) {
    hpg::Vector<int> v(10, b);
    hpg::assign(v, hpg::no_mask, hpg::no_accum, 0, hpg::all);
    hpg::apply(v, hpg::no_mask, hpg::no_accum, hpg::rowindex<int>{}, v, 2);  // v(i) = i + 2
    hpg::Vector<int> c = countdown(b);  // the condition: c(0) = 4 after the count below, 4 rounds
    count_down(c);
    // Host code in the body runs in the rounds from the host and once more at each capture
    // (hpgraph/loop.hpp): the first round only takes one from v, which leaves it full with its
    // count known; the body captured after it also drops v's entries at 0, which the full carried
    // form cannot take: captured again with v's count on the device. Both backends run these
    // rounds alike.
    int calls = 0;
    const Index rounds = hpg::loop_while(hpg::nonempty(c), [&] {
      hpg::apply(v, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::minus<int>{}, 1), v);
      if (++calls > 1) hpg::select(v, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, v, 0);
      count_down(c);
    });
    return std::make_pair(rounds, std::move(v));
  };
  auto [hr, hv] = run(Backend::host);
  const std::uint64_t before = graphs_run(), captures = hpg::detail::device_loop_captures;
  auto [gr, gv] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
  EXPECT_EQ(hpg::detail::device_loop_captures - captures, 2u);  // carried full, then counted
  EXPECT_EQ(hr, 4u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hv.nvals(), 7u);  // i + 2 - 4 > 0
  hpg::test::expect_same(hv, gv, "counted down");
}

/// The condition's vector is carried with its count on the device from the start: one full when
/// the loop starts, which must lose its entries for the loop to end, costs no second capture.
TEST(LoopGpu, AFullConditionIsCarriedCountedAndCapturedOnce) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto run = [](Backend b) {
    hpg::Vector<int> v(10, b);
    hpg::assign(v, hpg::no_mask, hpg::no_accum, 0, hpg::all);
    hpg::apply(v, hpg::no_mask, hpg::no_accum, hpg::rowindex<int>{}, v, 3);  // v(i) = i + 3
    count_down(v);
    EXPECT_EQ(v.nvals(), 10u);  // full when the loop starts, and after its first round
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }, 10);
    return std::make_pair(rounds, std::move(v));
  };
  auto [hr, hv] = run(Backend::host);
  const std::uint64_t before = graphs_run(), captures = hpg::detail::device_loop_captures;
  auto [gr, gv] = run(Backend::cuda);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
  EXPECT_EQ(hpg::detail::device_loop_captures - captures, 1u);
  EXPECT_EQ(hr, 10u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hv.nvals(), 1u);  // i + 2 - 10 > 0: vertex 9 is left
  hpg::test::expect_same(hv, gv, "counted down");
}

/// PageRank's iterations are one loop_while. On the GPU each call is one graph, captured once
/// (an arena too small for the first capture is remembered for the next call), and its ranks,
/// iterations and last change are those of the same calls with their rounds run from the host.
TEST(LoopGpu, PageRankRunsAsOneGraphCapturedOnce) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureSlowRounds any_round;
  const hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("rmat:10"), Backend::cuda);
  for (auto variant : {hpg::PageRankVariant::lagraph, hpg::PageRankVariant::gap, hpg::PageRankVariant::hpgraph}) {
    hpg::PageRankOptions o;
    o.variant = variant;
    o.tol = 1e-6;
    hpg::detail::switches().device_loops = false;
    const hpg::PageRankResult<float> want = hpg::pagerank(a, o);
    hpg::detail::switches().device_loops = true;
    (void)hpg::pagerank(a, o);  // sizes the loop's arena
    const std::uint64_t before = graphs_run(), captures = hpg::detail::device_loop_captures;
    const hpg::PageRankResult<float> got = hpg::pagerank(a, o);
    const int v = static_cast<int>(variant);
    EXPECT_EQ(graphs_run() - before, 1u) << v << ": " << hpg::detail::device_loop_declined;
    EXPECT_EQ(hpg::detail::device_loop_captures - captures, 1u) << v;
    EXPECT_GT(want.iterations, 4) << v;  // most of them on the device
    EXPECT_EQ(got.iterations, want.iterations) << v;
    EXPECT_EQ(got.converged, want.converged) << v;
    EXPECT_NEAR(got.last_change, want.last_change, 1e-6) << v;
    std::vector<Index> wi, gi;
    std::vector<float> wv, gv;
    want.rank.extract_tuples(wi, wv);
    got.rank.extract_tuples(gi, gv);
    ASSERT_EQ(gi, wi) << v;
    for (std::size_t k = 0; k < wv.size(); ++k) ASSERT_NEAR(gv[k], wv[k], 1e-6f * std::max(1.0f, wv[k])) << v << " vertex " << wi[k];
  }
}

/// A loop run again in a shape run before updates that loop's kept executable graph with its own
/// capture (new arrays, new sizes) instead of instantiating one; so its end destroys no kept graph
/// either (a destroy may wait for the whole device, test_streams). Two shapes, interleaved, each
/// updated in turn: a BFS from two sources and a PageRank, each checked against the host.
TEST(LoopGpu, ALoopRunAgainUpdatesTheGraphOfTheLastOfItsShape) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureSlowRounds any_round;
  const auto grid = hpg::gen::parse_spec("grid:40x40"), rmat = hpg::gen::parse_spec("rmat:10");
  const hpg::Matrix<float> g = hpg::generate<float>(grid, Backend::cuda), hg = hpg::generate<float>(grid, Backend::host);
  const hpg::Matrix<float> r = hpg::generate<float>(rmat, Backend::cuda), hr = hpg::generate<float>(rmat, Backend::host);
  const hpg::PageRankResult<float> want_rank = hpg::pagerank(hr);
  const auto pagerank_right = [&](const hpg::PageRankResult<float>& got, const char* what) {
    EXPECT_EQ(got.iterations, want_rank.iterations) << what;
    std::vector<Index> wi, gi;
    std::vector<float> wv, gv;
    want_rank.rank.extract_tuples(wi, wv);
    got.rank.extract_tuples(gi, gv);
    ASSERT_EQ(gi, wi) << what;
    for (std::size_t k = 0; k < wv.size(); ++k) ASSERT_NEAR(gv[k], wv[k], 1e-5f * std::max(1.0f, wv[k])) << what << " vertex " << wi[k];
  };
  // The first of each shape: a graph made (or one kept from an earlier test updated).
  EXPECT_EQ(hpg::test::tuples(hpg::bfs(g, 0).level), hpg::test::tuples(hpg::bfs(hg, 0).level));
  pagerank_right(hpg::pagerank(r), "first PageRank");
  // One run of an algorithm: it ran as a loop graph and instantiated none.
  const auto updated = [](const std::string& what, const auto& run) {
    const std::uint64_t graphs = graphs_run(), made = hpg::detail::device_loop_instantiations;
    auto result = run();
    EXPECT_GE(graphs_run() - graphs, 1u) << what << ": " << hpg::detail::device_loop_declined;
    EXPECT_EQ(hpg::detail::device_loop_instantiations - made, 0u) << what;
    return result;
  };
  for (Index source : {Index(41), Index(1599)}) {
    const std::string from = "BFS from " + std::to_string(source);
    const hpg::BfsResult bfs = updated(from, [&] { return hpg::bfs(g, source); });
    EXPECT_EQ(hpg::test::tuples(bfs.level), hpg::test::tuples(hpg::bfs(hg, source).level)) << from;
    pagerank_right(updated("PageRank after the " + from, [&] { return hpg::pagerank(r); }), "PageRank again");
  }
}

/// BFS on a 64 x 64 grid (127 levels) in each direction: the host's levels and depth, parents one
/// level up along an edge, and the pushed levels run as one graph.
TEST(LoopGpu, BfsStretchesRunAsGraphs) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureSlowRounds any_round;
  const auto spec = hpg::gen::parse_spec("grid:64x64");
  const hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  for (auto method : {hpg::AxbMethod::push, hpg::AxbMethod::pull, hpg::AxbMethod::automatic}) {
    hpg::BfsOptions opt;
    opt.method = method;
    const hpg::BfsResult want = hpg::bfs(ha, 0, opt);
    const std::uint64_t before = graphs_run(), ended_before = hpg::detail::device_loop_end_upserts,
                        fused_before = hpg::detail::device_loop_fused_upserts,
                        producer_ends_before = hpg::detail::device_loop_producer_ends,
                        kernel_rounds_before = hpg::detail::device_loop_kernel_rounds;
    const hpg::BfsResult got = hpg::bfs(a, 0, opt);
    // A push stretch is one graph (automatic pushes throughout: the grid's frontier never nears
    // n / alpha). Pulled levels leave the frontier in bitmap form, which the device loop may or may
    // not carry; they must only be right.
    if (method != hpg::AxbMethod::pull) EXPECT_EQ(graphs_run() - before, 1u) << static_cast<int>(method);
    // Its two assigns are done by the push itself, as it claims each output, and its last block
    // ends the round (DeferredProducer): a pushed level is one kernel.
    if (method == hpg::AxbMethod::push) {
      EXPECT_EQ(hpg::detail::device_loop_fused_upserts - fused_before, 2u);
      EXPECT_EQ(hpg::detail::device_loop_end_upserts - ended_before, 0u);
      EXPECT_EQ(hpg::detail::device_loop_producer_ends - producer_ends_before, 1u);
      // That kernel is the whole round: one cooperative launch runs every round.
      EXPECT_EQ(hpg::detail::device_loop_kernel_rounds - kernel_rounds_before, 1u);
    }
    else std::cout << "BFS pull on grid 64x64: " << graphs_run() - before << " loop graph(s)\n";
    EXPECT_EQ(got.depth, 127);
    EXPECT_EQ(got.depth, want.depth);
    hpg::test::expect_same(want.level, got.level, "levels");
    std::vector<Index> vi, pi;
    std::vector<std::int32_t> lv;
    std::vector<std::int64_t> pv;
    got.level.extract_tuples(vi, lv);
    got.parent.extract_tuples(pi, pv);
    ASSERT_EQ(pi, vi);
    for (std::size_t k = 1; k < vi.size(); ++k) {
      const Index v = vi[k], p = static_cast<Index>(pv[k]);
      const Index d = v > p ? v - p : p - v;
      EXPECT_TRUE(d == 1 || d == 64) << "no edge " << p << " -> " << v;
      EXPECT_EQ(lv[p], lv[k] - 1) << "vertex " << v;  // the levels are dense: index p is entry p
    }
  }
}

/// SSSP's round and more around it (loop_while from vertex 100 of a weighted 24 x 40 grid): an
/// ewise_mult of a list against a full vector is held back (held_map.cuh), and its kernel keeps the
/// entries where it is true for the masked apply after it (frontier<better, replace> = t) and does
/// the assign masked by what it keeps (dist<frontier> = frontier). With `more`, a second map's
/// kernel does the assign masked by its own list (near<struct(close)> = close), and an apply under
/// the complement of the first map's result (worse), which the held kernel cannot keep, runs after
/// it; without, the held kernel ends the round. `driver_second`: better = dist > t, the list the
/// second operand. `grid`: a larger grid's generator spec. Returns the rounds, dist, t, better,
/// worse, close and near.
auto relax_rounds(Backend b, bool more, bool driver_second, const char* grid = "grid:24x40") {
  using T = std::int32_t;
  const hpg::Matrix<T> a = hpg::generate<T>(hpg::test::weighted_grid(grid, 1, 9), b);
  const Index n = a.nrows(), source = 100;
  hpg::Vector<T> dist(n, b), frontier(n, b), t(n, b), worse(n, b), bound(n, b);
  hpg::Vector<bool> better(n, b), close(n, b), near(n, b);
  hpg::assign(dist, hpg::no_mask, hpg::no_accum, hpg::sssp_unreached<T>, hpg::all);
  hpg::assign(bound, hpg::no_mask, hpg::no_accum, T(30), hpg::all);
  dist.set_element(0, source);
  frontier.set_element(0, source);
  const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
    // Pushed in every round: a pulled t is a bitmap, whose map is not held (rounds from the host
    // choose each round's direction).
    hpg::vxm(t, hpg::no_mask, hpg::no_accum, hpg::min_plus<T>, frontier, a, hpg::desc::push);
    if (driver_second) hpg::ewise_mult(better, hpg::no_mask, hpg::no_accum, hpg::gt<T>{}, dist, t);
    else hpg::ewise_mult(better, hpg::no_mask, hpg::no_accum, hpg::lt<T>{}, t, dist);
    hpg::apply(frontier, better, hpg::no_accum, hpg::identity<T>{}, t, hpg::desc::replace);
    hpg::assign(dist, frontier, hpg::no_accum, frontier, hpg::all, hpg::desc::structure);
    if (!more) return;
    hpg::apply(worse, better, hpg::no_accum, hpg::identity<T>{}, t, hpg::desc::replace | hpg::desc::mask_complement);
    hpg::ewise_mult(close, hpg::no_mask, hpg::no_accum, hpg::lt<T>{}, frontier, bound);
    hpg::assign(near, close, hpg::no_accum, close, hpg::all, hpg::desc::structure);
  }, n);
  return std::make_tuple(rounds, std::move(dist), std::move(t), std::move(better), std::move(worse), std::move(close), std::move(near));
}

/// relax_rounds on the GPU gives what it gives on the host; returns the rounds.
Index expect_relax_rounds(Backend b, bool more, bool driver_second = false, const char* grid = "grid:24x40") {
  auto [hr, hd, ht, hb, hw, hc, hn] = relax_rounds(Backend::host, more, driver_second, grid);
  auto [gr, gd, gt, gb, gw, gc, gn] = relax_rounds(b, more, driver_second, grid);
  EXPECT_EQ(gr, hr);
  EXPECT_GT(hr, 30u);
  hpg::test::expect_same(hd, gd, "dist<frontier> = frontier");
  hpg::test::expect_same(ht, gt, "t, the last round's candidates");
  hpg::test::expect_same(hb, gb, "better = t < dist");
  EXPECT_EQ(gb.nvals(), hb.nvals());
  EXPECT_EQ(gd.nvals(), hd.size());  // every vertex is reached
  if (more) {
    hpg::test::expect_same(hw, gw, "worse<!better, replace> = t");
    hpg::test::expect_same(hc, gc, "close = frontier < 30");
    hpg::test::expect_same(hn, gn, "near<struct(close)> = close");
    EXPECT_GT(gn.nvals(), 0u);
  }
  return hr;
}

TEST(LoopGpu, AMapAgainstAFullVectorKeepsAndAssignsInItsKernel) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  for (bool driver_second : {false, true}) {
    const std::uint64_t before = graphs_run(), fused_before = hpg::detail::device_loop_fused_upserts,
                        ends_before = hpg::detail::device_loop_producer_ends;
    expect_relax_rounds(Backend::cuda, true, driver_second);
    const std::uint64_t graphs = graphs_run() - before;
    EXPECT_GE(graphs, 1u) << hpg::detail::device_loop_declined;
    EXPECT_EQ(hpg::detail::device_loop_fused_upserts - fused_before, 2 * graphs);  // dist's assign and near's, in each graph
    EXPECT_EQ(hpg::detail::device_loop_producer_ends - ends_before, 0u);          // near's map ends the body
  }
}

/// relax_rounds on a 160 x 160 grid, where the push's list may be long: the frontier's room (4 x
/// 1,024 entries) times its rows of 4 passes both the one-block sort's 8,192 outputs and the
/// bitmap's 800 words, so the push lists its outputs by a held list step (held_bit_list.cuh),
/// whose kernel also does the map, keeps the frontier, assigns the distances and, without `more`,
/// ends the round: the same values as the host's, t and better included (both listed in no order).
TEST(LoopGpu, AMapOfAPushedListIsDoneByTheListStep) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  for (bool driver_second : {false, true}) {
    for (bool more : {false, true}) {
      SCOPED_TRACE(std::string(driver_second ? "better = dist > t" : "better = t < dist") + (more ? ", more" : ""));
      const std::uint64_t before = graphs_run(), maps_before = hpg::detail::held_list_maps,
                          ends_before = hpg::detail::device_loop_producer_ends;
      const std::uint64_t in_kernel = hpg::detail::device_loop_kernel_rounds;
      expect_relax_rounds(Backend::cuda, more, driver_second, "grid:160x160");
      const std::uint64_t graphs = graphs_run() - before;
      EXPECT_GE(graphs, 1u) << hpg::detail::device_loop_declined;
      EXPECT_GE(hpg::detail::held_list_maps - maps_before, graphs);  // in each capture
      if (!more) EXPECT_EQ(hpg::detail::device_loop_producer_ends - ends_before, graphs);
      // SSSP's round alone runs its rounds in one launch (push_bit_list_rounds_kernel); with more
      // in the body, a launch a round.
      EXPECT_EQ(hpg::detail::device_loop_kernel_rounds - in_kernel, more ? 0u : graphs);
    }
  }
}

/// SSSP's round on a 160 x 160 grid (its push's list step is held from the first capture), with
/// the round's number assigned where the frontier is (seen<frontier> = round, a second upsert the
/// list step does, from the loop's counter) and at most max_rounds rounds. Returns the rounds, dist,
/// t, better, seen, the frontier and the counter.
auto relax_counted(Backend b, Index max_rounds, bool driver_second) {
  using T = std::int32_t;
  const hpg::Matrix<T> a = hpg::generate<T>(hpg::test::weighted_grid("grid:160x160", 1, 9), b);
  const Index n = a.nrows(), source = 100;
  hpg::Vector<T> dist(n, b), frontier(n, b), t(n, b);
  hpg::Vector<int> seen(n, b);
  hpg::Vector<bool> better(n, b);
  hpg::Scalar<int> round(7, b);
  hpg::assign(dist, hpg::no_mask, hpg::no_accum, hpg::sssp_unreached<T>, hpg::all);
  dist.set_element(0, source);
  frontier.set_element(0, source);
  const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
    hpg::vxm(t, hpg::no_mask, hpg::no_accum, hpg::min_plus<T>, frontier, a, hpg::desc::push);
    if (driver_second) hpg::ewise_mult(better, hpg::no_mask, hpg::no_accum, hpg::gt<T>{}, dist, t);
    else hpg::ewise_mult(better, hpg::no_mask, hpg::no_accum, hpg::lt<T>{}, t, dist);
    hpg::apply(frontier, better, hpg::no_accum, hpg::identity<T>{}, t, hpg::desc::replace);
    hpg::assign(dist, frontier, hpg::no_accum, frontier, hpg::all, hpg::desc::structure);
    hpg::assign(seen, frontier, hpg::no_accum, round, hpg::all, hpg::desc::structure);
  }, max_rounds, round);
  return std::make_tuple(rounds, std::move(dist), std::move(t), std::move(better), std::move(seen), std::move(frontier), round.extract_element());
}

/// With the switch on, every round of relax_counted after the capture runs in one cooperative
/// launch (push_bit_list_rounds_kernel: the mark, the list step, the compare, the keep and both
/// upserts, a round after another), which ends the body; with it off, the list step's kernel ends
/// each round. Run to the end (hundreds of rounds) and cut short at 40; both operand orders. The
/// values are the host's, t and better (the last round's, listed in no order) included.
TEST(LoopGpu, SsspRoundsRunInOneCooperativeLaunch) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  for (bool driver_second : {false, true}) {
    for (Index max_rounds : {Index(100000), Index(40)}) {
      auto [hr, hd, ht, hb, hs, hf, hc] = relax_counted(Backend::host, max_rounds, driver_second);
      if (max_rounds == 40) EXPECT_EQ(hr, 40u);  // the cut-off cuts
      else EXPECT_GT(hr, 100u);
      for (bool in_one_launch : {true, false}) {
        SCOPED_TRACE(std::string(driver_second ? "better = dist > t" : "better = t < dist") + ", at most " + std::to_string(max_rounds) +
                     " rounds, " + (in_one_launch ? "rounds in one launch" : "a launch a round"));
        hpg::detail::switches().loop_rounds_in_one_kernel = in_one_launch;
        const std::uint64_t before = graphs_run(), maps_before = hpg::detail::held_list_maps,
                            ends_before = hpg::detail::device_loop_producer_ends, in_kernel = hpg::detail::device_loop_kernel_rounds;
        auto [gr, gd, gt, gb, gs, gf, gc] = relax_counted(Backend::cuda, max_rounds, driver_second);
        const std::uint64_t graphs = graphs_run() - before;
        EXPECT_GE(graphs, 1u) << hpg::detail::device_loop_declined;
        EXPECT_GE(hpg::detail::held_list_maps - maps_before, graphs);  // in each capture
        EXPECT_EQ(hpg::detail::device_loop_producer_ends - ends_before, graphs);
        EXPECT_EQ(hpg::detail::device_loop_kernel_rounds - in_kernel, in_one_launch ? graphs : 0u);
        EXPECT_LT(graphs * 10, gr);  // a launch runs many rounds (a graph runs its launch once, unless it overflowed)
        EXPECT_EQ(gr, hr);
        EXPECT_EQ(gc, hc);
        hpg::test::expect_same(hd, gd, "dist<frontier> = frontier");
        hpg::test::expect_same(ht, gt, "t, the last round's candidates");
        hpg::test::expect_same(hb, gb, "better, the last round's");
        hpg::test::expect_same(hs, gs, "seen<frontier> = round");
        hpg::test::expect_same(hf, gf, "the frontier");
      }
    }
  }
}

/// SSSP on a weighted urand:15:3 graph (rows of at most 32 entries, so the push runs by rows or
/// row slots), whose frontier soon passes the room a carried list starts with (4 x 1,024
/// entries): a launch that runs every round (push_bit_list_rounds_kernel) stops at the round that
/// overflows (its keep writes the carried storage below the room and the kept list past it,
/// copies the rest into the list, sets the overflow), the loop recovers the whole list and
/// captures again. The distances are the host's.
TEST(LoopGpu, SsspRoundsInOneLaunchOverflowAndAreCapturedAgain) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto spec = hpg::test::weighted_grid("urand:15:3", 1, 9);
  const hpg::Matrix<std::int64_t> ha = hpg::generate<std::int64_t>(spec, Backend::host);
  const hpg::Vector<std::int64_t> want = hpg::sssp(ha, 0);
  const hpg::Matrix<std::int64_t> a = hpg::generate<std::int64_t>(spec, Backend::cuda);
  EXPECT_GT(want.nvals(), 16384u);
  const std::uint64_t before = graphs_run(), in_kernel = hpg::detail::device_loop_kernel_rounds;
  const hpg::Vector<std::int64_t> got = hpg::sssp(a, 0);
  const std::uint64_t graphs = graphs_run() - before;
  EXPECT_GE(graphs, 2u) << "no overflow: " << hpg::detail::device_loop_declined;
  EXPECT_EQ(hpg::detail::device_loop_kernel_rounds - in_kernel, graphs);
  hpg::test::expect_same(want, got, "distances");
}

/// A held list step with no map after it (held_bit_list.cuh): a min.plus push from a frontier of
/// a 160 x 160 grid (its list may pass the one-block sort's bound and the bitmap's words), the
/// assign masked by the push's list done by the list step's kernel, for each entry as it is
/// listed (last<struct(t)> = t), then the frontier's unvisited part. The same values as the host's.
TEST(LoopGpu, AHeldListStepAssignsWhatItLists) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  using T = std::int32_t;
  const auto run = [](Backend b) {
    const hpg::Matrix<T> a = hpg::generate<T>(hpg::test::weighted_grid("grid:160x160", 1, 9), b);
    const Index n = a.nrows();
    hpg::Vector<T> frontier(n, b), t(n, b), last(n, b);
    hpg::Vector<bool> visited(n, b);
    hpg::assign(last, hpg::no_mask, hpg::no_accum, T(-1), hpg::all);
    frontier.set_element(0, 0);
    visited.set_element(true, 0);
    const Index rounds = hpg::loop_while(hpg::nonempty(frontier), [&] {
      hpg::vxm(t, hpg::no_mask, hpg::no_accum, hpg::min_plus<T>, frontier, a, hpg::desc::push);
      hpg::assign(last, t, hpg::no_accum, t, hpg::all, hpg::desc::structure);
      hpg::apply(frontier, visited, hpg::no_accum, hpg::identity<T>{}, t, hpg::desc::replace | hpg::desc::mask_complement | hpg::desc::structure);
      hpg::assign(visited, frontier, hpg::no_accum, true, hpg::all, hpg::desc::structure);
    }, n);
    return std::make_tuple(rounds, std::move(last), std::move(t));
  };
  auto [hr, hl, ht] = run(Backend::host);
  const std::uint64_t before = graphs_run(), fused_before = hpg::detail::device_loop_fused_upserts;
  auto [gr, gl, gt] = run(Backend::cuda);
  const std::uint64_t graphs = graphs_run() - before;
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hr, 160u + 160u - 1u);  // the last round reaches nothing new
  EXPECT_GE(graphs, 1u) << hpg::detail::device_loop_declined;
  EXPECT_GE(hpg::detail::device_loop_fused_upserts - fused_before, graphs);
  hpg::test::expect_same(hl, gl, "last<struct(t)> = t");
  hpg::test::expect_same(ht, gt, "t, the last round's");
}

/// SSSP's round alone: the held map's kernel, which keeps the frontier and assigns the distances,
/// also ends the round (DeviceLoop::end): its appends write the frontier's carried storage too,
/// and its last block the counts and the loop's condition. The frontier outgrows its room from a
/// single entry, so a round that overflows (and the capture after it) is among them.
TEST(LoopGpu, AHeldMapThatKeepsTheFrontierEndsTheRound) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const std::uint64_t before = graphs_run(), fused_before = hpg::detail::device_loop_fused_upserts,
                      ends_before = hpg::detail::device_loop_producer_ends;
  expect_relax_rounds(Backend::cuda, false);
  const std::uint64_t graphs = graphs_run() - before;
  EXPECT_GE(graphs, 1u) << hpg::detail::device_loop_declined;
  EXPECT_EQ(hpg::detail::device_loop_fused_upserts - fused_before, graphs);
  EXPECT_EQ(hpg::detail::device_loop_producer_ends - ends_before, graphs);
}

/// SSSP on a weighted rmat:14 graph from a vertex of at most 3 edges next to a hub: after the first
/// round (from the host) the frontier is a few entries, and it soon passes the room a carried list
/// starts with (4 x 1,024 entries), so a round that the held map ends overflows (its
/// appends stop at the room, its last block sets the overflow), the loop recovers the whole list
/// the map kept in the loop's arena and captures again; the distances are the host's.
/// A vertex of at most 3 edges, one of them to the vertex of most edges that such a vertex reaches.
Index source_next_to_a_hub(const hpg::Matrix<std::int64_t>& a) {
  std::vector<Index> rows, cols;
  std::vector<std::int64_t> w;
  a.extract_tuples(rows, cols, w);
  std::vector<Index> degree(a.nrows(), 0);
  for (Index r : rows) ++degree[r];
  Index source = 0, best = 0;
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (degree[rows[k]] <= 3 && degree[cols[k]] > best) {
      best = degree[cols[k]];
      source = rows[k];
    }
  return source;
}

TEST(LoopGpu, AHeldMapThatEndsTheRoundOverflowsAndIsCapturedAgain) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto spec = hpg::test::weighted_grid("rmat:14", 1, 9);
  const hpg::Matrix<std::int64_t> ha = hpg::generate<std::int64_t>(spec, Backend::host);
  const Index source = source_next_to_a_hub(ha);
  const hpg::Vector<std::int64_t> want = hpg::sssp(ha, source);
  const hpg::Matrix<std::int64_t> a = hpg::generate<std::int64_t>(spec, Backend::cuda);
  EXPECT_GT(want.nvals(), 8192u);
  // The push's bound passes the bitmap's 512 words: its list step is held and does the map
  // (held_bit_list.cuh); with hold_list_steps off the list step runs at once and the held map
  // ends the round.
  for (bool hold : {true, false}) {
    SCOPED_TRACE(hold ? "held list steps" : "held maps");
    hpg::detail::switches().hold_list_steps = hold;
    const std::uint64_t before = graphs_run(), ends_before = hpg::detail::device_loop_producer_ends,
                        maps_before = hpg::detail::held_list_maps;
    const hpg::Vector<std::int64_t> got = hpg::sssp(a, source);
    EXPECT_GE(graphs_run() - before, 2u) << "no overflow: " << hpg::detail::device_loop_declined;
    EXPECT_GE(hpg::detail::device_loop_producer_ends - ends_before, 1u);
    if (hold) EXPECT_GE(hpg::detail::held_list_maps - maps_before, 2u);  // in each capture
    else EXPECT_EQ(hpg::detail::held_list_maps - maps_before, 0u);
    hpg::test::expect_same(want, got, "distances");
  }
}

/// SSSP on a weighted rmat:14 graph in rounds from the host (DeferralScope), from a vertex next to
/// a hub: once the frontier's rows may reach more outputs than the one-block sort holds, the
/// push's list step is held back, and the map, the apply that keeps and the distances' assign are
/// done by its kernel (held_bit_list.cuh), whose last block reports the frontier's count for the
/// loop's condition. The distances are the host's; with hold_list_steps off (the ordered list
/// step, a kernel each for the rest), the same.
TEST(LoopGpu, AListStepHeldInRoundsFromTheHostMapsKeepsAndAssigns) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const hpg::test::RestoreTuning restore;
  hpg::detail::switches().device_loops = false;
  const auto spec = hpg::test::weighted_grid("rmat:14", 1, 9);
  const hpg::Matrix<std::int64_t> ha = hpg::generate<std::int64_t>(spec, Backend::host);
  const Index source = source_next_to_a_hub(ha);
  const hpg::Vector<std::int64_t> want = hpg::sssp(ha, source);
  const hpg::Matrix<std::int64_t> a = hpg::generate<std::int64_t>(spec, Backend::cuda);
  for (bool hold : {true, false}) {
    SCOPED_TRACE(hold ? "held list steps" : "ordered list steps");
    hpg::detail::switches().hold_list_steps = hold;
    const std::uint64_t maps_before = hpg::detail::held_list_maps;
    const hpg::Vector<std::int64_t> got = hpg::sssp(a, source);
    hpg::test::expect_same(want, got, "distances");
    if (hold) EXPECT_GT(hpg::detail::held_list_maps - maps_before, 0u);
    else EXPECT_EQ(hpg::detail::held_list_maps - maps_before, 0u);
  }
}

/// A held map whose driver is the carried list itself, kept in place (v<v > bound, replace> = v,
/// the bound rising by one a round): the map's kernel does not end the round, since its appends
/// would overwrite entries of that list that other blocks have yet to read; the loop's last kernel
/// copies the list back. 20,000 entries (many blocks), values 1..10: ten rounds.
TEST(LoopGpu, AHeldMapThatKeepsItsOwnInputLeavesTheCopyToTheLastKernel) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const Index n = 50000, m = 20000;
  std::vector<Index> idx;
  std::vector<std::int32_t> val;
  for (Index k = 0; k < m; ++k) {
    idx.push_back(k * 5 / 2);
    val.push_back(static_cast<std::int32_t>(1 + (k * 7919) % 10));
  }
  const auto run = [&](Backend b) {
    hpg::Vector<std::int32_t> v(n, b), bound(n, b), last(n, b);
    hpg::Vector<bool> above(n, b);
    v.build(idx, val);
    hpg::assign(bound, hpg::no_mask, hpg::no_accum, std::int32_t(0), hpg::all);
    const Index rounds = hpg::loop_while(hpg::nonempty(v), [&] {
      hpg::assign(bound, hpg::no_mask, hpg::plus<std::int32_t>{}, std::int32_t(1), hpg::all);
      hpg::ewise_mult(above, hpg::no_mask, hpg::no_accum, hpg::gt<std::int32_t>{}, v, bound);
      hpg::apply(v, above, hpg::no_accum, hpg::identity<std::int32_t>{}, v, hpg::desc::replace);
      hpg::assign(last, v, hpg::no_accum, v, hpg::all, hpg::desc::structure);
    }, n);
    return std::make_tuple(rounds, std::move(last), std::move(bound));
  };
  auto [hr, hl, hb] = run(Backend::host);
  const std::uint64_t ends_before = hpg::detail::device_loop_producer_ends;
  auto [gr, gl, gb] = run(Backend::cuda);
  EXPECT_EQ(hr, 10u);
  EXPECT_EQ(gr, hr);
  EXPECT_EQ(hpg::detail::device_loop_producer_ends - ends_before, 0u);
  hpg::test::expect_same(hl, gl, "last<v> = v: every entry, with its value");
  hpg::test::expect_same(hb, gb, "the bound");
  EXPECT_EQ(gl.nvals(), m - m / 10);  // all but the entries of value 1, dropped in the first round
}

/// The same rounds from the host (DeferralScope): the maps hold their kernels there too, and do
/// both assigns in every round (near's from the second, once near is a bitmap).
TEST(LoopGpu, AMapKeepsAndAssignsInRoundsFromTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const hpg::test::RestoreTuning restore;
  hpg::detail::switches().device_loops = false;
  for (bool more : {true, false}) {
    const std::uint64_t fused_before = hpg::detail::host_round_fused_upserts;
    const Index rounds = expect_relax_rounds(Backend::cuda, more);
    if (more) EXPECT_GE(hpg::detail::host_round_fused_upserts - fused_before, 2 * rounds - 1);
    else EXPECT_GE(hpg::detail::host_round_fused_upserts - fused_before, rounds);
  }
  hpg::detail::switches().defer_in_host_rounds = false;
  const std::uint64_t plain_before = hpg::detail::host_round_fused_upserts;
  expect_relax_rounds(Backend::cuda, true);
  EXPECT_EQ(hpg::detail::host_round_fused_upserts - plain_before, 0u);
}

/// SSSP on a weighted 64 x 64 grid: the same distances as the host's, its rounds one graph launch,
/// and the host waits a fixed few whatever the number of rounds.
TEST(LoopGpu, SsspRoundsRunAsOneGraph) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureSlowRounds any_round;
  const auto spec = hpg::test::weighted_grid("grid:64x64", 1, 9);
  const hpg::Matrix<float> a = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  const hpg::Vector<float> want = hpg::sssp(ha, 0);
  (void)hpg::sssp(a, 0);  // A's transpose and longest row are found once, outside the count
  const std::uint64_t before = graphs_run();
  auto count = try_counter();
  const hpg::Vector<float> got = hpg::sssp(a, 0);
  EXPECT_EQ(graphs_run() - before, 1u);
  EXPECT_EQ(hpg::detail::device_loop_overwritten, 2u);  // the candidates t and their flags, better: not carried
  if (count) {
    const hpg::DeviceCalls calls = count->counts();
    std::cout << "SSSP on a weighted grid 64x64: " << hpg::to_string(calls) << "\n";
    EXPECT_EQ(calls.graph_launches, 1u) << hpg::to_string(calls);
    EXPECT_LE(calls.host_waits, 16u) << hpg::to_string(calls);  // 8 with one round from the host, 1 each more
  }
  hpg::test::expect_same(want, got, "distances");
}

/// A loop whose rounds take longer than tuning().device_loop_slowest_round_us runs from the host,
/// and says why; the same loop with that limit off is captured.
TEST(LoopGpu, LongRoundsStayOnTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  hpg::detail::tuning().device_loop_slowest_round_us = 1;  // no round on a GPU is that short
  hpg::Vector<int> v = countdown(Backend::cuda);
  std::uint64_t before = graphs_run();
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }), 5u);
  EXPECT_EQ(graphs_run() - before, 0u);
  EXPECT_NE(hpg::detail::device_loop_declined.find("long"), std::string::npos) << hpg::detail::device_loop_declined;
  hpg::detail::tuning().device_loop_slowest_round_us = 0;
  v = countdown(Backend::cuda);
  before = graphs_run();
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }), 5u);
  EXPECT_EQ(graphs_run() - before, 1u) << hpg::detail::device_loop_declined;
}

/// Threads that capture, launch and drop loop graphs at once finish, also while a CUPTI counter
/// is subscribed: CUDA 13.0's driver deadlocked there (two threads in cuGraphInstantiate and
/// cuGraphExecDestroy, each holding the lock the other wanted) until the library took those calls
/// one at a time (device_loop.cu, graph_lifecycle).
TEST(LoopGpu, ThreadsCaptureLoopsAtOnceWhileCallsAreCounted) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const CaptureAfter first(1);
  const auto count = try_counter();
  constexpr int threads = 8, loops = 4;
  std::vector<int> rounds(threads * loops, -1);
  std::vector<std::uint64_t> graphs(threads, 0);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      const std::uint64_t before = graphs_run();
      for (int k = 0; k < loops; ++k) {
        hpg::Vector<int> v = countdown(Backend::cuda);
        rounds[t * loops + k] = static_cast<int>(hpg::loop_while(hpg::nonempty(v), [&] { count_down(v); }));
      }
      graphs[t] = graphs_run() - before;
    });
  for (auto& t : ts) t.join();
  for (int k = 0; k < threads * loops; ++k) EXPECT_EQ(rounds[k], 5) << "loop " << k;
  for (int t = 0; t < threads; ++t) EXPECT_EQ(graphs[t], std::uint64_t(loops)) << "thread " << t;
}

}  // namespace
