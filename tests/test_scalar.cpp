// hpg::Scalar (GrB_Scalar) and assign of a Scalar: the same on both backends, and the same as
// assign of the value it holds; an empty Scalar assigns an empty vector (SuiteSparse's rule).
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

class ScalarTest : public ::testing::TestWithParam<Backend> {};

TEST_P(ScalarTest, HoldsAValueOrNone) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  hpg::Scalar<int> s(GetParam());
  EXPECT_EQ(s.nvals(), 0u);
  EXPECT_FALSE(s.extract_element().has_value());
  s.set_element(7);
  EXPECT_EQ(s.nvals(), 1u);
  EXPECT_EQ(s.extract_element(), 7);
  const hpg::Scalar<int> copy = s.dup();
  s.set_element(8);
  EXPECT_EQ(copy.extract_element(), 7);  // a copy, not a view
  s.clear();
  EXPECT_EQ(s.nvals(), 0u);
  EXPECT_FALSE(s.extract_element().has_value());
  EXPECT_EQ(hpg::Scalar<double>(2.5, GetParam()).extract_element(), 2.5);
}

/// w(0..9) = 100 + i except w(5); m = {1, 3, 5, 8}.
hpg::Vector<int> some_w(Backend b) {
  hpg::Vector<int> w(10, b);
  for (Index i = 0; i < 10; ++i)
    if (i != 5) w.set_element(100 + static_cast<int>(i), i);
  return w;
}
hpg::Vector<bool> some_mask(Backend b) {
  hpg::Vector<bool> m(10, b);
  m.build(std::vector<Index>{1, 3, 5, 8}, std::vector<bool>{true, false, true, true});
  return m;
}

/// Assigns of x into some_w(b) give what the same assigns of the number `value` give: in place at
/// a structural mask, at a valued mask's true entries, accumulated under a complemented mask, at
/// an index list, and with replace.
void expect_assigns_match(Backend b, const hpg::Scalar<int>& x, int value, const char* what) {
  const hpg::Vector<bool> m = some_mask(b);
  const std::vector<Index> some{0, 3, 5, 9};
  const auto both = [&](auto&& call) {
    hpg::Vector<int> by_scalar = some_w(b), by_value = some_w(b);
    call(by_scalar, x);
    call(by_value, value);
    hpg::test::expect_same(by_value, by_scalar, what);
  };
  both([&](hpg::Vector<int>& w, const auto& v) { hpg::assign(w, m, hpg::no_accum, v, hpg::all, hpg::desc::structure); });
  both([&](hpg::Vector<int>& w, const auto& v) { hpg::assign(w, m, hpg::no_accum, v, hpg::all); });
  both([&](hpg::Vector<int>& w, const auto& v) { hpg::assign(w, m, hpg::plus<int>{}, v, hpg::all, hpg::desc::mask_complement); });
  both([&](hpg::Vector<int>& w, const auto& v) { hpg::assign(w, hpg::no_mask, hpg::no_accum, v, some); });
  both([&](hpg::Vector<int>& w, const auto& v) { hpg::assign(w, m, hpg::no_accum, v, some, hpg::desc::replace); });
}

// A scalar moved from is empty and on its backend, and takes a value again: on the GPU its device
// word went with the move, and a new one is made for the value (the next test reads it there).
TEST_P(ScalarTest, AMovedFromScalarTakesAValueAgain) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  hpg::Scalar<int> s(5, b);
  hpg::Scalar<int> t = std::move(s);
  EXPECT_EQ(t.extract_element(), 5);
  EXPECT_EQ(s.nvals(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
  EXPECT_EQ(s.backend(), b);
  EXPECT_EQ(s.dup().nvals(), 0u);
  s.set_element(9);
  expect_assigns_match(b, s, 9, "assign of a moved-from Scalar given a value");
  hpg::Scalar<int> r = std::move(t);
  EXPECT_EQ(r.extract_element(), 5);
  const hpg::Vector<int> w = some_w(b);
  hpg::reduce(t, hpg::no_accum, hpg::plus_monoid<int>{}, w);  // a reduce into what a move left
  EXPECT_EQ(t.extract_element(), 1045 - 105);  // 100 + i for i in 0..9, but 5
  expect_assigns_match(b, t, 940, "assign of a Scalar a reduce wrote after a move");
  hpg::Scalar<int>& same = t;
  t = std::move(same);  // a self-move keeps the value
  EXPECT_EQ(t.extract_element(), 940);
}

TEST_P(ScalarTest, AssignOfAScalarIsAssignOfItsValue) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  const hpg::Vector<bool> m = some_mask(b);
  const hpg::Scalar<int> x(-4, b);
  expect_assigns_match(b, x, -4, "assign of a Scalar");
  hpg::Vector<int> w = some_w(b);
  hpg::assign(w, m, hpg::no_accum, x, hpg::all, hpg::desc::structure);
  EXPECT_EQ(w.extract_element(5), -4);
  EXPECT_EQ(w.extract_element(4), 104);
}

TEST_P(ScalarTest, AnEmptyScalarDeletesUnderTheMaskUnlessAccumulated) {
  HPG_SKIP_IF_NO_BACKEND(GetParam());
  const Backend b = GetParam();
  const hpg::Vector<bool> m = some_mask(b);
  const hpg::Scalar<int> none(b);
  hpg::Vector<int> w = some_w(b);
  hpg::assign(w, m, hpg::no_accum, none, hpg::all, hpg::desc::structure);
  std::vector<Index> idx;
  std::vector<int> val;
  w.extract_tuples(idx, val);
  EXPECT_EQ(idx, (std::vector<Index>{0, 2, 4, 6, 7, 9}));  // 1, 3 and 8 deleted (5 had none)
  hpg::Vector<int> kept = some_w(b);
  hpg::assign(kept, m, hpg::plus<int>{}, none, hpg::all, hpg::desc::structure);
  hpg::test::expect_same(some_w(b), kept, "accumulating nothing");
}

/// Counts three rounds of a device loop into x on the GPU, the last two in one graph (the loop
/// captures after one round, however long its rounds take).
void count_three_rounds_on_the_device(hpg::Scalar<int>& x) {
  const hpg::test::RestoreTuning restore;
  hpg::detail::tuning().device_loop_after_rounds = 1;
  hpg::detail::tuning().device_loop_slowest_round_us = 0;
  hpg::Vector<int> v(4, Backend::cuda);
  v.build(std::vector<Index>{2}, std::vector<int>{3});
  const std::uint64_t graphs = hpg::detail::device_loop_graphs;
  EXPECT_EQ(hpg::loop_while(hpg::nonempty(v), [&] {  // 3, 2, 1, then none
    hpg::apply(v, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::minus<int>{}, 1), v);
    hpg::select(v, hpg::no_mask, hpg::no_accum, hpg::valuegt<int>{}, v, 0);
  }, 100, x), 3u);
  EXPECT_EQ(hpg::detail::device_loop_graphs - graphs, 1u);
}

/// A moved-from scalar given a value, then counted into by a device loop: the new device word its
/// value got holds the count.
TEST(ScalarGpu, AMovedFromScalarCountsADeviceLoop) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Scalar<int> x(1, Backend::cuda);
  const hpg::Scalar<int> took = std::move(x);
  x.set_element(9);  // NOLINT(bugprone-use-after-move)
  count_three_rounds_on_the_device(x);
  EXPECT_EQ(x.extract_element(), 12);
  EXPECT_EQ(took.extract_element(), 1);
}

/// A scalar whose value only the device knows (a device loop counted into it): calls read it
/// there, dup copies it there, and set_element makes the host's value the value again.
TEST(ScalarGpu, AValueOnlyTheDeviceKnowsIsReadThere) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Backend b = Backend::cuda;
  hpg::Scalar<int> x(-7, b);
  count_three_rounds_on_the_device(x);
  ASSERT_FALSE(hpg::detail::ScalarAccess::known(x).has_value());  // on the device only: -4
  const hpg::Scalar<int> copy = x.dup();
  expect_assigns_match(b, x, -4, "assign of a Scalar read on the device");
  ASSERT_FALSE(hpg::detail::ScalarAccess::known(x).has_value());  // still read there, not by value
  const hpg::Vector<bool> m = some_mask(b);
  EXPECT_EQ(copy.extract_element(), -4);
  EXPECT_EQ(x.extract_element(), -4);
  x.set_element(11);
  hpg::Vector<int> w = some_w(b);
  hpg::assign(w, m, hpg::no_accum, x, hpg::all, hpg::desc::structure);
  EXPECT_EQ(w.extract_element(8), 11);
  hpg::Scalar<int> moved = std::move(x);
  EXPECT_EQ(moved.extract_element(), 11);
  EXPECT_EQ(x.nvals(), 0u);  // NOLINT: a moved-from scalar is empty
}

/// wait() (GrB_MATERIALIZE) leaves the value current on both sides, so that no later read copies
/// it either way (threads reading one scalar at once: docs/api.md, Threads).
TEST(ScalarGpu, WaitMakesTheValueCurrentOnBothSides) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
#if HPG_HAS_CUDA
  hpg::Scalar<int> x(-7, Backend::cuda);
  const auto& st = hpg::detail::ScalarAccess::stored<Backend::cuda>(x);
  ASSERT_FALSE(st.device_current);  // set on the host: copied when a kernel first reads it
  x.wait();
  EXPECT_TRUE(st.device_current);
  EXPECT_TRUE(st.host_current);
  EXPECT_EQ(st.word.to_host(1), std::vector<int>{-7});  // the copy wait() made, finished
  count_three_rounds_on_the_device(x);
  ASSERT_FALSE(hpg::detail::ScalarAccess::known(x).has_value());  // on the device only
  x.wait();
  EXPECT_EQ(hpg::detail::ScalarAccess::known(x), -4);
  EXPECT_TRUE(st.device_current);
#endif
}

TEST(ScalarGpu, OperandsOnTwoBackendsAreRefused) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  hpg::Vector<int> w(4, Backend::cuda);
  const hpg::Scalar<int> x(1, Backend::host);
  try {
    hpg::assign(w, hpg::no_mask, hpg::no_accum, x, hpg::all);
    ADD_FAILURE() << "a host Scalar assigned into a GPU vector";
  } catch (const hpg::Error& e) {
    EXPECT_EQ(e.code(), hpg::Info::invalid_object);
  }
}

INSTANTIATE_TEST_SUITE_P(All, ScalarTest, hpg::test::all_backends(), hpg::test::backend_name);

}  // namespace
