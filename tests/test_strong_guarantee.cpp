// The strong guarantee, shown by failure injection: an operation that throws leaves its output
// (and its inputs) as they were. Each case runs an operation over and over, failing its k-th
// allocation for k = 0, 1, 2, ... until it runs through without reaching k: every failure must
// leave every object unchanged, and the run that gets through must give the same result as an
// undisturbed run. Host allocations fail through this program's operator new (std::bad_alloc,
// host_allocation_failure.cpp), device allocations through
// hpg::detail::inject_device_allocation_failure (Error(out_of_memory)).
// Bad arguments found midway are covered by the parity suite's Errors tests (expect_unchanged).
#include <gtest/gtest.h>

#include <functional>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "hpgraph/algorithms/bfs.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/hpgraph.hpp"
#include "host_allocation_failure.hpp"
#include "test_support.hpp"
#include "tuples_of.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Matrix;
using hpg::Vector;

/// Which allocations fail: the host's (on either backend) or the device's.
enum class Fault { host_allocation, device_allocation };
struct Mode {
  Backend backend;
  Fault fault;
};
std::string mode_name(const ::testing::TestParamInfo<Mode>& info) {
  return std::string(hpg::to_string(info.param.backend)) +
         (info.param.fault == Fault::host_allocation ? "_HostAllocation" : "_DeviceAllocation");
}

void arm(Fault f, long long k) {
  if (f == Fault::host_allocation) hpg::test::inject_host_allocation_failure(k);
  else hpg::detail::inject_device_allocation_failure(k);
}
/// Disarms and says whether the armed failure happened.
bool disarm(Fault f) {
  const long long left =
      f == Fault::host_allocation ? hpg::test::inject_host_allocation_failure(-1) : hpg::detail::inject_device_allocation_failure(-1);
  return left < 0;
}

/// Every object a case touches: inputs, and outputs that already hold entries (so that a partly
/// written output would show).
struct Objects {
  Matrix<int> a, b, c, empty;
  Matrix<bool> mask_m;
  Vector<int> u, v, w;
  Vector<bool> mask_v;
};

Matrix<int> random_matrix(Index n, std::size_t m, std::uint32_t seed, Backend b) {
  std::mt19937 g(seed);
  std::vector<Index> r(m), c(m);
  std::vector<int> x(m);
  for (std::size_t k = 0; k < m; ++k) {
    // A few hub rows and columns, so the GPU's long-row paths run too.
    r[k] = k % 7 == 0 ? g() % 4 : g() % n;
    c[k] = k % 11 == 0 ? g() % 4 : g() % n;
    x[k] = static_cast<int>(g() % 19) - 9;
  }
  Matrix<int> a(n, n, b);
  a.build(r, c, x, hpg::plus<int>{});
  return a;
}
template <class T>
Vector<T> random_vector(Index n, double density, std::uint32_t seed, Backend b) {
  std::mt19937 g(seed);
  std::vector<Index> i;
  std::vector<T> x;
  for (Index k = 0; k < n; ++k) {
    if (std::uniform_real_distribution<double>(0, 1)(g) < density) {
      i.push_back(k);
      x.push_back(static_cast<T>(g() % 13));
    }
  }
  Vector<T> v(n, b);
  v.build(i, x);
  return v;
}

constexpr Index n = 300;

Objects make_objects(Backend b) {
  Objects o{random_matrix(n, 3000, 1, b), random_matrix(n, 3000, 2, b), random_matrix(n, 900, 3, b), Matrix<int>(n, n, b),
            Matrix<bool>(n, n, b), random_vector<int>(n, 0.5, 4, b), random_vector<int>(n, 0.02, 5, b),
            random_vector<int>(n, 0.3, 6, b), random_vector<bool>(n, 0.6, 7, b)};
  Matrix<int> m = random_matrix(n, 20000, 8, b);
  hpg::apply(o.mask_m, hpg::no_mask, hpg::no_accum, hpg::bind_second(hpg::gt<int>{}, 0), m);
  return o;
}

using hpg::test::Tuples;
using hpg::test::tuples;

struct State {
  Tuples<int> a, b, c, empty, u, v, w;
  Tuples<bool> mask_m, mask_v;
  bool operator==(const State&) const = default;
};
State state(const Objects& o) {
  return {tuples(o.a), tuples(o.b), tuples(o.c), tuples(o.empty), tuples(o.u), tuples(o.v), tuples(o.w), tuples(o.mask_m), tuples(o.mask_v)};
}

using Case = std::function<void(Objects&)>;

/// Runs `op` failing its k-th allocation for k = 0, 1, ...; see the file comment. `allocates`:
/// the operation is known to allocate memory of the mode's kind (a container method may not).
void expect_strong_guarantee(const Mode& mode, const char* name, const Case& op, bool allocates = true) {
  Objects reference = make_objects(mode.backend);
  op(reference);
  const State expected = state(reference);
  // Fresh objects: nothing derived from them (a GPU matrix's HYB, its transpose, the host's kept
  // transpose) is built yet, so failures inside those builds are injected too.
  Objects o = make_objects(mode.backend);
  const State before = state(o);
  int failures = 0;
  for (long long k = 0;; ++k) {
    ASSERT_LT(k, 100000) << name << ": the operation never got through";
    // What a run that failed late had derived from the inputs (a kept transpose, a GPU matrix's
    // HYB) is dropped, so that every run makes the same allocations in the same order and the
    // k-th is the same one each time (kept, it would shift the count past the allocations after it).
    for (Matrix<int>* m : {&o.a, &o.b, &o.c, &o.empty}) *m = m->dup();
    o.mask_m = o.mask_m.dup();
    bool threw = false;
    std::string what;
    arm(mode.fault, k);
    try {
      op(o);
    } catch (const hpg::Error& e) {
      threw = true;
      what = e.what();
      if (e.code() != hpg::Info::out_of_memory) {
        disarm(mode.fault);
        FAIL() << name << ": allocation " << k << " failed and the error was not out_of_memory: " << what;
      }
    } catch (const std::bad_alloc&) {
      threw = true;
      what = "std::bad_alloc";
    }
    const bool fired = disarm(mode.fault);
    if (!threw) {
      EXPECT_TRUE(state(o) == expected) << name << ": the run that got through (past " << k << " allocations) gave another result";
      break;
    }
    ASSERT_TRUE(fired) << name << ": threw (" << what << ") with no injected failure";
    ++failures;
    ASSERT_TRUE(state(o) == before) << name << ": allocation " << k << " failed (" << what << ") and an object changed";
  }
  // An operation on the host allocates host memory, and one on the GPU device memory; a GPU
  // operation may well make no host allocation at all (ewise, apply, select, reduce don't).
  if (allocates && (mode.backend == Backend::host || mode.fault == Fault::device_allocation))
    EXPECT_GT(failures, 0) << name << ": it made no allocation of this kind, so nothing was tested";
}

class StrongGuarantee : public ::testing::TestWithParam<Mode> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam().backend); }
  void TearDown() override {
    disarm(Fault::host_allocation);
    disarm(Fault::device_allocation);
  }
};

TEST_P(StrongGuarantee, MatrixVectorProducts) {
  expect_strong_guarantee(GetParam(), "mxv (dense u, mask, accum)", [](Objects& o) {
    hpg::mxv(o.w, o.mask_v, hpg::plus<int>{}, hpg::plus_times<int>, o.a, o.u);
  });
  expect_strong_guarantee(GetParam(), "mxv (sparse u, complemented mask, replace)", [](Objects& o) {
    hpg::mxv(o.w, o.mask_v, hpg::no_accum, hpg::min_plus<int>, o.a, o.v, hpg::desc::mask_complement | hpg::desc::replace);
  });
  expect_strong_guarantee(GetParam(), "vxm (A transposed)", [](Objects& o) {
    hpg::vxm(o.w, hpg::no_mask, hpg::max<int>{}, hpg::plus_times<int>, o.u, o.a, hpg::desc::transpose_second);
  });
}

TEST_P(StrongGuarantee, MatrixMultiply) {
  expect_strong_guarantee(GetParam(), "mxm (masked)", [](Objects& o) {
    hpg::mxm(o.c, o.mask_m, hpg::plus<int>{}, hpg::plus_times<int>, o.a, o.b);
  });
  expect_strong_guarantee(GetParam(), "mxm (unmasked, B transposed)", [](Objects& o) {
    hpg::mxm(o.c, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, o.a, o.b, hpg::desc::transpose_second);
  });
}

TEST_P(StrongGuarantee, ElementWiseApplySelectReduce) {
  expect_strong_guarantee(GetParam(), "ewise_add (matrices)", [](Objects& o) {
    hpg::ewise_add(o.c, hpg::no_mask, hpg::plus<int>{}, hpg::plus<int>{}, o.a, o.b);
  });
  expect_strong_guarantee(GetParam(), "ewise_mult (vectors, mask)", [](Objects& o) {
    hpg::ewise_mult(o.w, o.mask_v, hpg::no_accum, hpg::times<int>{}, o.u, o.v);
  });
  expect_strong_guarantee(GetParam(), "apply (matrix, accum)", [](Objects& o) {
    hpg::apply(o.c, hpg::no_mask, hpg::plus<int>{}, hpg::bind_second(hpg::times<int>{}, 3), o.a);
  });
  expect_strong_guarantee(GetParam(), "select (tril)", [](Objects& o) {
    hpg::select(o.c, o.mask_m, hpg::no_accum, hpg::tril<>{}, o.a, 0, hpg::desc::replace);
  });
  expect_strong_guarantee(GetParam(), "reduce (rows to a vector)", [](Objects& o) {
    hpg::reduce(o.w, hpg::no_mask, hpg::plus<int>{}, hpg::plus_monoid<int>{}, o.a);
  });
}

TEST_P(StrongGuarantee, AssignExtractTransposeBuild) {
  expect_strong_guarantee(GetParam(), "assign (vector into indices)", [](Objects& o) {
    std::vector<Index> idx;
    for (Index k = 0; k < n; k += 2) idx.push_back(k);
    Vector<int> part(idx.size(), o.u.backend());
    hpg::extract(part, hpg::no_mask, hpg::no_accum, o.u, idx);
    hpg::assign(o.w, hpg::no_mask, hpg::plus<int>{}, part, idx);
  });
  expect_strong_guarantee(GetParam(), "extract (submatrix)", [](Objects& o) {
    std::vector<Index> rows, cols;
    for (Index k = 0; k < n; k += 3) rows.push_back(k);
    for (Index k = 0; k < n; ++k) cols.push_back(n - 1 - k);
    Matrix<int> sub(rows.size(), cols.size(), o.a.backend());
    hpg::extract(sub, hpg::no_mask, hpg::no_accum, o.a, rows, cols);
    hpg::assign(o.c, hpg::no_mask, hpg::no_accum, sub, rows, cols);
  });
  expect_strong_guarantee(GetParam(), "transpose (accum)", [](Objects& o) {
    hpg::transpose(o.c, hpg::no_mask, hpg::plus<int>{}, o.a);
  });
  expect_strong_guarantee(GetParam(), "Matrix::build", [](Objects& o) {
    std::vector<Index> r, c;
    std::vector<int> x;
    for (Index k = 0; k < 5000; ++k) {
      r.push_back((k * 7919) % n);
      c.push_back((k * 104729) % n);
      x.push_back(static_cast<int>(k % 5));
    }
    o.empty.build(r, c, x, hpg::plus<int>{});
  });
}

TEST_P(StrongGuarantee, AnAlgorithmLeavesItsGraphUsable) {
  // bfs returns a new result; what must hold is that a failure leaves the graph (and what the
  // library derived from it, such as its HYB form) intact, so that the next call is right.
  expect_strong_guarantee(GetParam(), "bfs levels written into w", [](Objects& o) {
    const hpg::BfsResult r = hpg::bfs(o.mask_m, 0);
    hpg::apply(o.w, hpg::no_mask, hpg::no_accum, hpg::identity<int>{}, r.level);
  });
}

// The containers' own methods, which change their storage (the ground of issue 24's one storage
// object per container). A case that is two calls is written so that either may fail with the
// entries unchanged: a round trip between backends, a write of a value an entry already has.
TEST_P(StrongGuarantee, ContainerMethods) {
  const Mode mode = GetParam();
  expect_strong_guarantee(mode, "Vector::dup", [](Objects& o) { o.w = o.u.dup(); });
  expect_strong_guarantee(mode, "Matrix::dup", [](Objects& o) { o.c = o.a.dup(); });
  expect_strong_guarantee(mode, "Vector::resize", [](Objects& o) { o.w.resize(n - 7); }, false);
  expect_strong_guarantee(mode, "Matrix::resize", [](Objects& o) { o.c.resize(n - 5, n - 3); }, false);
  expect_strong_guarantee(mode, "Vector::set_sparsity (sparse to bitmap)", [](Objects& o) { o.v.set_sparsity(hpg::Sparsity::bitmap); }, false);
  if (!hpg::cuda_available()) return;  // the rest moves between backends
  const Backend other = mode.backend == Backend::host ? Backend::cuda : Backend::host;
  // A move between backends allocates on the device; what it allocates on the host (the host
  // form's arrays) need not go through operator new, where host failures are injected.
  const bool allocates = mode.fault == Fault::device_allocation;
  expect_strong_guarantee(mode, "Vector::to_backend (there and back)", [&](Objects& o) {
    o.u.to_backend(other);
    o.u.to_backend(mode.backend);
  }, allocates);
  expect_strong_guarantee(mode, "Matrix::to_backend (there and back)", [&](Objects& o) {
    o.a.to_backend(other);
    o.a.to_backend(mode.backend);
  }, allocates);
  expect_strong_guarantee(mode, "Vector::to_backend with a set_element not yet merged", [&](Objects& o) {
    std::vector<Index> i;
    std::vector<int> x;
    o.w.extract_tuples(i, x);
    o.w.set_element(x.at(i.size() / 2), i.at(i.size() / 2));  // the value it has
    o.w.to_backend(other);
    o.w.to_backend(mode.backend);
  }, allocates);
}

// Moves throw nothing, so a std::vector of containers moves them when it grows (and a move
// cannot leave a half-moved container behind).
static_assert(std::is_nothrow_move_constructible_v<Vector<float>> && std::is_nothrow_move_assignable_v<Vector<float>>);
static_assert(std::is_nothrow_move_constructible_v<Matrix<double>> && std::is_nothrow_move_assignable_v<Matrix<double>>);
static_assert(std::is_nothrow_move_constructible_v<hpg::Scalar<int>> && std::is_nothrow_move_assignable_v<hpg::Scalar<int>>);

class ContainerMoves : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override { HPG_SKIP_IF_NO_BACKEND(GetParam()); }
};

TEST_P(ContainerMoves, MovedContainersKeepTheirEntries) {
  const Backend b = GetParam();
  Vector<int> v = random_vector<int>(n, 0.3, 11, b);
  const auto entries = tuples(v);
  Vector<int> w = std::move(v);
  EXPECT_TRUE(tuples(w) == entries);
  Matrix<int> a = random_matrix(n, 500, 12, b);
  const auto a_entries = tuples(a);
  Matrix<int> c(1, 1, b);
  c = std::move(a);
  EXPECT_TRUE(tuples(c) == a_entries);
  EXPECT_EQ(c.nrows(), n);
  std::vector<Vector<int>> many;
  for (int k = 0; k < 9; ++k) many.push_back(random_vector<int>(n, 0.1, 20 + k, b));  // grows: moves
  for (int k = 0; k < 9; ++k) EXPECT_TRUE(tuples(many[k]) == tuples(random_vector<int>(n, 0.1, 20 + k, b))) << k;
}

// What a move leaves behind is empty (a vector of size 0, a 0 x 0 matrix) and usable again: its
// count, dimensions and storage all left with the move, so nothing reads what is no longer there.
TEST_P(ContainerMoves, MovedFromContainersAreEmptyAndUsable) {
  const Backend b = GetParam();
  Vector<int> v = random_vector<int>(n, 0.3, 13, b);
  Vector<int> w = std::move(v);
  EXPECT_EQ(v.size(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
  EXPECT_EQ(v.nvals(), 0u);
  EXPECT_TRUE(tuples(v).r.empty());
  EXPECT_EQ(v.dup().nvals(), 0u);
  hpg::mxv(v, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, Matrix<int>(0, 0, b), Vector<int>(0, b));  // writes what a move left
  EXPECT_EQ(v.nvals(), 0u);
  v.resize(5);
  v.set_element(7, 3);
  EXPECT_EQ(v.nvals(), 1u);
  EXPECT_EQ(v.extract_element(3), std::optional<int>(7));
  v = std::move(w);
  EXPECT_EQ(v.size(), n);
  Vector<int>& same = v;
  const auto v_entries = tuples(v);
  v = std::move(same);  // a self-move keeps the entries
  EXPECT_TRUE(tuples(v) == v_entries);

  Matrix<int> a = random_matrix(n, 500, 14, b);
  Matrix<int> c = std::move(a);
  EXPECT_EQ(a.nrows(), 0u);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(a.ncols(), 0u);
  EXPECT_EQ(a.nvals(), 0u);
  EXPECT_TRUE(tuples(a).r.empty());
  EXPECT_EQ(a.dup().nvals(), 0u);
  Vector<int> none(0, b);
  hpg::mxv(none, hpg::no_mask, hpg::no_accum, hpg::plus_times<int>, a, Vector<int>(0, b));  // reads it
  EXPECT_EQ(none.nvals(), 0u);
  a.resize(4, 6);
  a.set_element(9, 3, 5);
  EXPECT_EQ(a.nvals(), 1u);
  EXPECT_EQ(a.extract_element(3, 5), std::optional<int>(9));
  Matrix<int> d = std::move(a);
  a.build(std::vector<Index>{}, std::vector<Index>{}, std::vector<int>{});  // an empty build of the 0 x 0 it is now
  EXPECT_EQ(a.nvals(), 0u);
  a = std::move(d);
  EXPECT_EQ(a.nrows(), 4u);
  EXPECT_EQ(a.nvals(), 1u);
  Matrix<int>& self = c;
  const auto c_entries = tuples(c);
  c = std::move(self);
  EXPECT_TRUE(tuples(c) == c_entries);
}

INSTANTIATE_TEST_SUITE_P(Backends, ContainerMoves, hpg::test::all_backends(), hpg::test::backend_name);

INSTANTIATE_TEST_SUITE_P(Backends, StrongGuarantee,
                         ::testing::Values(Mode{Backend::host, Fault::host_allocation}, Mode{Backend::cuda, Fault::host_allocation},
                                           Mode{Backend::cuda, Fault::device_allocation}),
                         mode_name);

}  // namespace
