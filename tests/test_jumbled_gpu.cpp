// Jumbled sparse vectors on the GPU (DeviceVec::jumbled, hpgraph/cuda/jumbled.cuh): a list whose
// indices are unique but in no order, as a push under the any monoid leaves it. Everything that
// needs the order (a binary search in a mask or an operand, extract_element, a merge, the tuples
// handed to the user, resize, the move to the host) must sort it first. Here a sorted list is
// reversed in place and flagged, so that each of those paths sees a list that is certainly out of
// order, and the results are compared with the host backend's. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "hpgraph/cuda/access.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::test::expect_same;

constexpr Index n = 5000;  // lists below 1/16 of it stay sparse: each sparse one below takes every 19th index or fewer

/// The same entries on both backends: every `step`-th index from `first`, value index % 7 + 1.
template <class T>
std::pair<hpg::Vector<T>, hpg::Vector<T>> both(Index first, Index step) {
  std::vector<Index> idx;
  std::vector<T> val;
  for (Index i = first; i < n; i += step) {
    idx.push_back(i);
    val.push_back(static_cast<T>(i % 7 + 1));
  }
  hpg::Vector<T> h(n, Backend::host), g(n, Backend::cuda);
  h.build(idx, val);
  g.build(idx, val);
  return {std::move(h), std::move(g)};
}

/// Reverses a sparse GPU vector's list in place (values with their indices) and flags it jumbled.
template <class T>
void jumble(hpg::Vector<T>& v) {
  auto& d = hpg::detail::cuda::vec_of(v);
  ASSERT_EQ(d.format, hpg::Sparsity::sparse);
  const Index m = d.nvals.get();
  ASSERT_GT(m, 1u);
  auto idx = d.idx.to_host(m);
  auto val = d.val.to_host_array(m);
  std::reverse(idx.begin(), idx.end());
  std::reverse(val.begin(), val.end());
  hpg::detail::copy_host_to_device(d.idx.data(), idx.data(), m * sizeof(std::uint32_t));
  hpg::detail::copy_host_to_device(d.val.data(), val.data(), m * sizeof(T));
  d.jumbled = true;
}

template <class T>
bool is_jumbled(const hpg::Vector<T>& v) {
  return hpg::detail::cuda::vec_of(v).jumbled;
}

TEST(JumbledGpu, ExtractTuplesSortsOnceAndKeepsTheEntries) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [h, g] = both<std::int64_t>(3, 23);
  jumble(g);
  expect_same(h, g, "tuples of a jumbled list");  // extract_tuples: ascending, as the host's
  EXPECT_FALSE(is_jumbled(g));
  std::vector<Index> idx;
  std::vector<std::int64_t> val;
  g.extract_tuples(idx, val);
  EXPECT_TRUE(std::is_sorted(idx.begin(), idx.end()));
}

// wait() (GrB_MATERIALIZE) sorts the list, so that no later read changes the vector (threads
// reading it at once, on streams of their own: docs/api.md, Threads); a read that takes the list
// as it is (nvals) leaves it jumbled.
TEST(JumbledGpu, WaitSortsTheListAndACountDoesNot) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [h, g] = both<float>(5, 29);
  jumble(g);
  EXPECT_EQ(g.nvals(), h.nvals());
  EXPECT_TRUE(is_jumbled(g));
  g.wait();
  EXPECT_FALSE(is_jumbled(g));
  const auto& d = hpg::detail::cuda::vec_of(g);
  const auto idx = d.idx.to_host(d.nvals.get());
  EXPECT_TRUE(std::is_sorted(idx.begin(), idx.end()));
  expect_same(h, g, "a jumbled list after wait()");
}

TEST(JumbledGpu, ExtractElementAndACopyFindTheirEntries) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [h, g] = both<int>(0, 23);
  jumble(g);
  const hpg::Vector<int> copy(g);  // a copy keeps the flag (its list is the same order)
  EXPECT_TRUE(is_jumbled(copy));
  for (Index i : {Index(0), Index(23), Index(24), Index(46), Index(4991), Index(4999)})
    EXPECT_EQ(g.extract_element(i), h.extract_element(i)) << "index " << i;
  expect_same(h, copy, "a copy of a jumbled list");
}

TEST(JumbledGpu, AJumbledMaskAndAJumbledOperandAreSearchedInOrder) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [hm, gm] = both<int>(1, 19);  // the mask (and the searched operand): the longer list
  auto [hu, gu] = both<int>(2, 41);  // the sparse input, shorter: it drives
  // apply with a jumbled structural mask and replace: T is u's list kept where the mask is.
  for (bool structure : {true, false}) {
    jumble(gm);
    hpg::Vector<int> hw(n, Backend::host), gw(n, Backend::cuda);
    const hpg::Descriptor d = structure ? hpg::desc::structure | hpg::desc::replace : hpg::desc::replace;
    hpg::apply(hw, hm, hpg::no_accum, hpg::identity<int>{}, hu, d);
    hpg::apply(gw, gm, hpg::no_accum, hpg::identity<int>{}, gu, d);
    expect_same(hw, gw, structure ? "apply under a jumbled structural mask" : "apply under a jumbled valued mask");
  }
  // ewise_mult driven by the shorter u, the jumbled one searched.
  jumble(gm);
  hpg::Vector<int> hw(n, Backend::host), gw(n, Backend::cuda);
  hpg::ewise_mult(hw, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, hu, hm);
  hpg::ewise_mult(gw, hpg::no_mask, hpg::no_accum, hpg::plus<int>{}, gu, gm);
  expect_same(hw, gw, "ewise_mult searching a jumbled operand");
}

TEST(JumbledGpu, AJumbledDriverKeepsItsOrderThroughApplyAndEwiseMult) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [hu, gu] = both<int>(2, 41);
  auto [hv, gv] = both<int>(0, 2);  // a bitmap
  jumble(gu);
  hpg::Vector<int> ha(n, Backend::host), ga(n, Backend::cuda), hm(n, Backend::host), gmul(n, Backend::cuda);
  hpg::apply(ha, hpg::no_mask, hpg::no_accum, hpg::identity<int>{}, hu);
  hpg::apply(ga, hpg::no_mask, hpg::no_accum, hpg::identity<int>{}, gu);
  EXPECT_TRUE(is_jumbled(ga));  // u's list, in u's order
  hpg::ewise_mult(hm, hpg::no_mask, hpg::no_accum, hpg::times<int>{}, hu, hv);
  hpg::ewise_mult(gmul, hpg::no_mask, hpg::no_accum, hpg::times<int>{}, gu, gv);
  // Used as a mask, the jumbled result is searched: sorted then.
  hpg::Vector<int> hw(n, Backend::host), gw(n, Backend::cuda);
  hpg::apply(hw, hm, hpg::no_accum, hpg::identity<int>{}, hv, hpg::desc::structure | hpg::desc::replace);
  hpg::apply(gw, gmul, hpg::no_accum, hpg::identity<int>{}, gv, hpg::desc::structure | hpg::desc::replace);
  expect_same(hw, gw, "a mask that inherited a jumbled order");
  expect_same(ha, ga, "apply over a jumbled list");
  expect_same(hm, gmul, "ewise_mult driven by a jumbled list");
}

// A select, and an apply whose mask is probed as it maps, compact in one kernel whose blocks
// append what they keep (map_select_kernel): the result is jumbled, every kept entry once. Large
// enough for many blocks on a capped grid (a count left on the device by the select before it).
TEST(JumbledGpu, ASelectAndAMaskedApplyAppendWhatTheyKeep) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index big = 1 << 20;
  std::vector<Index> idx;
  std::vector<std::int64_t> val;
  for (Index i = 3; i < big; i += 41) {  // 2.4% of the indices: a sparse list
    idx.push_back(i);
    val.push_back(static_cast<std::int64_t>(i % 13) - 6);
  }
  hpg::Vector<std::int64_t> hu(big, Backend::host), gu(big, Backend::cuda);
  hu.build(idx, val);
  gu.build(idx, val);
  hpg::Vector<std::int64_t> hs(big, Backend::host), gs(big, Backend::cuda), hw(big, Backend::host), gw(big, Backend::cuda);
  hpg::select(hs, hpg::no_mask, hpg::no_accum, hpg::valuegt<std::int64_t>{}, hu, std::int64_t(0));
  hpg::select(gs, hpg::no_mask, hpg::no_accum, hpg::valuegt<std::int64_t>{}, gu, std::int64_t(0));
  EXPECT_TRUE(is_jumbled(gs));
  // w<!struct(s), replace> = -u: u's entries that the select dropped; s (jumbled, its count on the
  // device) is sorted for the probe.
  const hpg::Descriptor d = hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace;
  hpg::apply(hw, hs, hpg::no_accum, hpg::ainv<std::int64_t>{}, hu, d);
  hpg::apply(gw, gs, hpg::no_accum, hpg::ainv<std::int64_t>{}, gu, d);
  EXPECT_TRUE(is_jumbled(gw));
  expect_same(hs, gs, "select, appended");
  expect_same(hw, gw, "masked apply, appended");
  EXPECT_EQ(gs.nvals() + gw.nvals(), gu.nvals());
  EXPECT_GT(gs.nvals(), 10000u);
  EXPECT_GT(gw.nvals(), 10000u);
}

// SSSP's round: better = t < dist against a full dist is t's own list, copied by the kernel, so
// apply(frontier, better, t) reads the mask at each entry's position: no search, and the jumbled
// mask is not sorted for it. Once t's list changes, the mask is searched again (and sorted).
TEST(JumbledGpu, AMaskCopiedFromItsOperandsListIsReadByPosition) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  std::vector<Index> ui, di;
  std::vector<int> uv, dv;
  for (Index i = 2; i < n; i += 41) {
    ui.push_back(i);
    uv.push_back(static_cast<int>(i % 5));
  }
  for (Index i = 0; i < n; ++i) {
    di.push_back(i);
    dv.push_back(static_cast<int>(i % 3));
  }
  hpg::Vector<int> hu(n, Backend::host), gu(n, Backend::cuda), hd(n, Backend::host), gd(n, Backend::cuda);
  hu.build(ui, uv);
  gu.build(ui, uv);
  hd.build(di, dv);
  gd.build(di, dv);
  jumble(gu);
  hpg::Vector<bool> hb(n, Backend::host), gb(n, Backend::cuda);
  hpg::ewise_mult(hb, hpg::no_mask, hpg::no_accum, hpg::lt<int>{}, hu, hd);
  hpg::ewise_mult(gb, hpg::no_mask, hpg::no_accum, hpg::lt<int>{}, gu, gd);
  ASSERT_TRUE(is_jumbled(gb));  // u's list, in u's order
  for (const hpg::Descriptor d : {hpg::desc::replace, hpg::desc::structure | hpg::desc::replace,
                                  hpg::desc::mask_complement | hpg::desc::replace}) {
    hpg::Vector<int> hw(n, Backend::host), gw(n, Backend::cuda);
    hpg::apply(hw, hb, hpg::no_accum, hpg::identity<int>{}, hu, d);
    hpg::apply(gw, gb, hpg::no_accum, hpg::identity<int>{}, gu, d);
    expect_same(hw, gw, "apply under a mask copied from its operand's list");
    EXPECT_TRUE(is_jumbled(gb)) << "the mask was searched, not read by position";
  }
  EXPECT_GT(hb.nvals(), 0u);
  jumble(gu);  // u's list reversed in place: the mask's is no longer a copy of it
  hpg::Vector<int> hw(n, Backend::host), gw(n, Backend::cuda);
  hpg::apply(hw, hb, hpg::no_accum, hpg::identity<int>{}, hu, hpg::desc::replace);
  hpg::apply(gw, gb, hpg::no_accum, hpg::identity<int>{}, gu, hpg::desc::replace);
  expect_same(hw, gw, "apply under a mask that no longer copies its operand's list");
  EXPECT_FALSE(is_jumbled(gb));  // searched: sorted first
}

TEST(JumbledGpu, AssignByMergeResizeAndTheMoveToTheHostSortFirst) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const hpg::test::RestoreTuning restore;
  hpg::detail::tuning().upsert_bitmap_memory_fraction = 0;  // a sparse w is merged, not made a bitmap
  auto [hw, gw] = both<std::int64_t>(0, 23);
  auto [hm, gm] = both<std::int64_t>(1, 19);
  jumble(gw);
  jumble(gm);
  hpg::assign(hw, hm, hpg::no_accum, hm, hpg::all, hpg::desc::structure);  // w<struct(m)> = m: the source is the mask
  hpg::assign(gw, gm, hpg::no_accum, gm, hpg::all, hpg::desc::structure);
  expect_same(hw, gw, "assign merging two jumbled lists");
  auto [hr, gr] = both<std::int64_t>(5, 29);
  jumble(gr);
  hr.resize(2500);
  gr.resize(2500);
  expect_same(hr, gr, "resize of a jumbled list");
  auto [hh, gh] = both<std::int64_t>(4, 31);
  jumble(gh);
  gh.to_backend(Backend::host);
  std::vector<Index> idx;
  std::vector<std::int64_t> val;
  gh.extract_tuples(idx, val);  // the host's own list, read as it is
  EXPECT_TRUE(std::is_sorted(idx.begin(), idx.end()));
  expect_same(hh, gh, "a jumbled list moved to the host");
}

// The push under any lists its outputs as it finds them: the result is flagged jumbled, and every
// later use agrees with the host's sorted result.
// An index or value vector that is a jumbled list (extract with an index vector, build from
// vectors): its entries pair up in index order, not in the list's, as on the host.
TEST(JumbledGpu, AJumbledIndexOrValueVectorIsReadInIndexOrder) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  auto [hi, gi] = both<std::int64_t>(3, 23);  // 218 entries, values 1..7 (the indices)
  auto [hx, gx] = both<std::int64_t>(5, 23);  // 218 entries, the values
  jumble(gi);
  jumble(gx);
  std::vector<Index> ui;
  std::vector<float> ux;
  for (Index i = 0; i < 8; i += 1) ui.push_back(i), ux.push_back(static_cast<float>(10 * i + 1));
  hpg::Vector<float> hu(8, Backend::host), gu(8, Backend::cuda);
  hu.build(ui, ux);
  gu.build(ui, ux);
  hpg::Vector<float> hw(hi.nvals(), Backend::host), gw(gi.nvals(), Backend::cuda);
  hpg::extract(hw, hpg::no_mask, hpg::no_accum, hu, hi);
  hpg::extract(gw, hpg::no_mask, hpg::no_accum, gu, gi);
  expect_same(hw, gw, "extract with a jumbled index vector");
  hpg::Vector<std::int64_t> hb(8, Backend::host), gb(8, Backend::cuda);
  hpg::build(hb, hi, hx, hpg::minus<std::int64_t>{});  // not commutative: the pairing order shows
  hpg::build(gb, gi, gx, hpg::minus<std::int64_t>{});
  expect_same(hb, gb, "build from a jumbled index vector and a jumbled value vector");
}

TEST(JumbledGpu, AnAnyPushListsItsOutputsJumbled) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Matrix<float> a = hpg::generate<float>(hpg::gen::parse_spec("grid:50x100"), Backend::cuda);  // n vertices
  hpg::Matrix<float> ha = hpg::generate<float>(hpg::gen::parse_spec("grid:50x100"), Backend::host);
  auto [hq, gq] = both<std::int64_t>(0, 61);
  hpg::Vector<std::int64_t> ht(n, Backend::host), gt(n, Backend::cuda);
  // any.secondi picks any parent: the outputs are compared, and each value checked to be a parent.
  hpg::vxm(gt, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, gq, a, hpg::desc::push);
  hpg::vxm(ht, hpg::no_mask, hpg::no_accum, hpg::any_secondi<std::int64_t>, hq, ha, hpg::desc::push);
  EXPECT_TRUE(is_jumbled(gt));
  EXPECT_EQ(gt.nvals(), ht.nvals());
  std::vector<Index> gi, hi;
  std::vector<std::int64_t> gv, hv;
  gt.extract_tuples(gi, gv);
  ht.extract_tuples(hi, hv);
  EXPECT_EQ(gi, hi);  // the same outputs, ascending
  for (std::size_t k = 0; k < gi.size(); ++k) {  // each value is a parent: an in-neighbour in q
    ASSERT_TRUE(hq.extract_element(static_cast<Index>(gv[k])).has_value()) << "output " << gi[k];
    EXPECT_TRUE(ha.extract_element(static_cast<Index>(gv[k]), gi[k]).has_value()) << "output " << gi[k];
  }
}

}  // namespace
