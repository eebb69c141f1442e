// The GPU SpMV (pull over HYB, push for sparse inputs) against the host backend, on a matrix
// shaped to reach every part of the HYB schedule: rows that fit in ELL, tail rows of each short
// bin, one-piece long rows, and hub rows cut into many pieces (one as wide as the matrix). Iso
// (all-ones) and valued matrices; full, partial and sparse inputs; masks, complement, accumulator,
// replace; monoids with a terminal value; multiplies that read positions; mxv and vxm (pull over
// the transpose); HYB columns in the user's order and renumbered by degree. Integer values, so
// every result must match exactly. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "hpgraph/cuda/access.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/hpgraph.hpp"
#if HPG_HAS_CUDA
#include "hpgraph/cuda/hyb.cuh"
#endif
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

using hpg::test::RestoreTuning;

struct Graph {
  hpg::Matrix<std::int64_t> host, gpu;
};

/// nrows x ncols with row lengths: geometric-ish 0..60 for most rows, and hub rows of 1000,
/// K + 1024, 1025 + 32, 3000, 9999 and ncols entries (cut into 1, 1, 2, 3, 10 and ncols / 1024
/// pieces; no row is longer than ncols).
Graph skewed(Index nrows, Index ncols, bool iso, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  const std::vector<Index> hubs = {1000, 1027, 1057, 3000, 9999, ncols};
  for (Index i = 0; i < nrows; ++i) {
    Index deg = std::min<Index>(std::geometric_distribution<Index>(0.08)(g), 60);
    if (i % 997 == 5) deg = hubs[(i / 997) % hubs.size()];
    deg = std::min(deg, ncols);
    std::unordered_set<Index> cols;
    if (deg == ncols) {
      for (Index j = 0; j < ncols; ++j) cols.insert(j);
    } else {
      while (cols.size() < deg) cols.insert(g() % ncols);
    }
    for (Index j : cols) {
      r.push_back(i);
      c.push_back(j);
      v.push_back(iso ? 1 : static_cast<std::int64_t>(g() % 19) - 9);
    }
  }
  Graph out{hpg::Matrix<std::int64_t>(nrows, ncols, Backend::host), hpg::Matrix<std::int64_t>(nrows, ncols, Backend::cuda)};
  out.host.build(r, c, v);
  out.gpu.build(r, c, v);
  return out;
}

/// A vector of size n holding about `density` of the indices, values in -5..5 but never 0.
template <class T>
std::pair<hpg::Vector<T>, hpg::Vector<T>> random_vector(Index n, double density, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<Index> idx;
  std::vector<T> val;
  for (Index i = 0; i < n; ++i)
    if (std::uniform_real_distribution<double>(0, 1)(g) < density) {
      idx.push_back(i);
      const auto x = static_cast<std::int64_t>(g() % 10) - 5;
      val.push_back(static_cast<T>(x >= 0 ? x + 1 : x));
    }
  hpg::Vector<T> h(n, Backend::host), d(n, Backend::cuda);
  h.build(idx, val);
  d.build(idx, val);
  return {std::move(h), std::move(d)};
}

using hpg::test::expect_same;

/// w = semiring over (A or A') and u, on both backends, with the given mask/accum settings.
template <class W, class SR, class U>
void compare(const std::string& what, const SR& s, Graph& a, const std::pair<hpg::Vector<U>, hpg::Vector<U>>& u, bool vxm,
             const std::pair<hpg::Vector<bool>, hpg::Vector<bool>>* mask, bool accum, const hpg::Descriptor& d) {
  // w = A u has A's rows; u A, or A' u, has A's columns (and u A' has its rows again).
  const bool transposed = vxm ? d.transpose_second : d.transpose_first;
  const Index n = vxm != transposed ? a.host.ncols() : a.host.nrows();
  auto w0 = random_vector<W>(n, 0.3, 99);  // the output's old contents matter with accum / without replace
  hpg::Vector<W> wh = w0.first.dup(), wg = w0.second.dup();
  auto run = [&](hpg::Vector<W>& w, const hpg::Matrix<std::int64_t>& m, const hpg::Vector<U>& x, const hpg::Vector<bool>* mk) {
    auto call = [&](const auto& mask_arg, const auto& accum_arg) {
      if (vxm) hpg::vxm(w, mask_arg, accum_arg, s, x, m, d);
      else hpg::mxv(w, mask_arg, accum_arg, s, m, x, d);
    };
    if (mk && accum) call(*mk, hpg::plus<W>{});
    else if (mk) call(*mk, hpg::no_accum);
    else if (accum) call(hpg::no_mask, hpg::plus<W>{});
    else call(hpg::no_mask, hpg::no_accum);
  };
  run(wh, a.host, u.first, mask ? &mask->first : nullptr);
  run(wg, a.gpu, u.second, mask ? &mask->second : nullptr);
  expect_same(wh, wg, what);
}

/// A multiply that reads the matrix entry's coordinates (as a captured view would).
struct weigh_by_entry {
  HPG_HOST_DEVICE std::int64_t operator()(std::int64_t x, std::int64_t y, Index row, Index col) const {
    return x * y + 3 * static_cast<std::int64_t>(col) - static_cast<std::int64_t>(row);
  }
};

struct SpmvCase {
  bool iso;
  bool degree_order;  // the HYB renumbers its columns by degree (forced; by default only big skewed graphs are)
};

class SpmvGpu : public ::testing::TestWithParam<SpmvCase> {
 protected:
  void SetUp() override {
    hpg::set_hyb_column_order(GetParam().degree_order ? hpg::HybColumnOrder::by_degree : hpg::HybColumnOrder::user);
  }
  void TearDown() override { hpg::set_hyb_column_order(hpg::HybColumnOrder::automatic); }
};

#if HPG_HAS_CUDA
/// Whether the HYB of A (or of A', which a transposed call builds) numbers its columns by degree.
bool hyb_columns_ordered(const hpg::Matrix<std::int64_t>& a, bool transposed) {
  return hpg::detail::cuda::hyb_of(hpg::detail::cuda::csr_of(a), hpg::detail::cuda::derived_of(a), transposed)
      .columns_ordered();
}
#endif

TEST_P(SpmvGpu, EveryScheduleBinAgreesWithTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = 12000;
  Graph a = skewed(n, n, GetParam().iso, 7);
#if HPG_HAS_CUDA
  // The layouts the parameter asks for are the ones under test: A's for mxv, A''s for vxm.
  ASSERT_EQ(hyb_columns_ordered(a.gpu, false), GetParam().degree_order);
  ASSERT_EQ(hyb_columns_ordered(a.gpu, true), GetParam().degree_order);
#endif
  const auto full = random_vector<std::int64_t>(n, 1.0, 1);
  const auto half = random_vector<std::int64_t>(n, 0.5, 2);
  const auto sparse = random_vector<std::int64_t>(n, 0.01, 3);
  const auto m = random_vector<bool>(n, 0.4, 4);
  // A sparse u pushes by default; pulled (desc::pull, which every call below then takes), its
  // entries become bits in the layout's numbering.
  const std::vector<std::tuple<std::string, const std::pair<hpg::Vector<std::int64_t>, hpg::Vector<std::int64_t>>*, hpg::Descriptor>>
      inputs = {{"full u", &full, {}}, {"half u", &half, {}}, {"sparse u (push)", &sparse, {}}, {"sparse u, pulled", &sparse, hpg::desc::pull}};
  for (bool vxm : {false, true})
    for (const auto& [uname, u, method] : inputs) {
      const std::string where = std::string(vxm ? "vxm" : "mxv") + ", " + uname;
      compare<std::int64_t>(where + ", plus_times", hpg::plus_times<std::int64_t>, a, *u, vxm, nullptr, false, method);
      // Multiplies that read one operand or none: the pull loads only what they read.
      compare<std::int64_t>(where + ", plus_first", hpg::plus_first<std::int64_t>, a, *u, vxm, nullptr, false, method);
      compare<std::int64_t>(where + ", plus_second, mask", hpg::plus_second<std::int64_t>, a, *u, vxm, &m, false, method);
      compare<std::int64_t>(where + ", plus_pair", hpg::plus_pair<std::int64_t>, a, *u, vxm, nullptr, false, method);
      // (any's choice among the products differs between backends, so any_pair: every value is 1.)
      compare<std::int64_t>(where + ", any_pair, !structural mask, replace", hpg::any_pair<std::int64_t>, a, *u, vxm, &m, false,
                            hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | method);
      compare<std::int64_t>(where + ", min_secondi, !structural mask, replace",
                            hpg::semiring(hpg::min_monoid<std::int64_t>{}, hpg::secondi<std::int64_t>{}), a, *u, vxm, &m, false,
                            hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | method);
      compare<std::int64_t>(where + ", min_plus", hpg::min_plus<std::int64_t>, a, *u, vxm, nullptr, false, method);
      compare<std::int64_t>(where + ", max_times", hpg::max_times<std::int64_t>, a, *u, vxm, nullptr, false, method);
      compare<std::int64_t>(where + ", plus_times, mask", hpg::plus_times<std::int64_t>, a, *u, vxm, &m, false, method);
      compare<std::int64_t>(where + ", plus_times, !mask, accum", hpg::plus_times<std::int64_t>, a, *u, vxm, &m, true,
                            hpg::desc::mask_complement | method);
      compare<std::int64_t>(where + ", plus_times, structural mask, replace", hpg::plus_times<std::int64_t>, a, *u, vxm, &m, false,
                            hpg::desc::structure | hpg::desc::replace | method);
      compare<bool>(where + ", lor_land (terminal)", hpg::lor_land<bool>, a, *u, vxm, nullptr, false, method);
      compare<bool>(where + ", lor_land (terminal), !structural mask", hpg::lor_land<bool>, a, *u, vxm, &m, false,
                    hpg::desc::mask_complement | hpg::desc::structure | method);
      compare<std::int64_t>(where + ", plus_times, transposed", hpg::plus_times<std::int64_t>, a, *u, vxm, nullptr, false,
                            (vxm ? hpg::desc::transpose_second : hpg::desc::transpose_first) | method);
      // Positions: the inner index k is the HYB column of a pull, so it must reach the multiply
      // as the user's index whatever the layout's numbering.
      compare<std::int64_t>(where + ", min_secondi", hpg::semiring(hpg::min_monoid<std::int64_t>{}, hpg::secondi<std::int64_t>{}), a,
                            *u, vxm, nullptr, false, method);
      compare<std::int64_t>(where + ", max_firstj, mask", hpg::semiring(hpg::max_monoid<std::int64_t>{}, hpg::firstj<std::int64_t>{}),
                            a, *u, vxm, &m, false, method);
      compare<std::int64_t>(where + ", plus over entry coordinates",
                            hpg::semiring(hpg::plus_monoid<std::int64_t>{}, weigh_by_entry{}), a, *u, vxm, nullptr, false, method);
      compare<std::int64_t>(where + ", plus over entry coordinates, transposed",
                            hpg::semiring(hpg::plus_monoid<std::int64_t>{}, weigh_by_entry{}), a, *u, vxm, nullptr, false,
                            (vxm ? hpg::desc::transpose_second : hpg::desc::transpose_first) | method);
    }
}

// Rectangular matrices: u and w have different sizes, and A's HYB and A''s have as many columns as
// the other has rows, so a gather of u into the layout's column order over the wrong count shows.
TEST_P(SpmvGpu, RectangularMatricesAgreeWithTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  for (const auto& [nrows, ncols] : {std::pair<Index, Index>{4000, 11000}, std::pair<Index, Index>{11000, 4000}}) {
    Graph a = skewed(nrows, ncols, GetParam().iso, 8);
    const std::string shape = std::to_string(nrows) + " x " + std::to_string(ncols);
#if HPG_HAS_CUDA
    ASSERT_EQ(hyb_columns_ordered(a.gpu, false), GetParam().degree_order) << shape;
    ASSERT_EQ(hyb_columns_ordered(a.gpu, true), GetParam().degree_order) << shape;
#endif
    const auto u_cols = random_vector<std::int64_t>(ncols, 0.7, 5), u_rows = random_vector<std::int64_t>(nrows, 0.7, 6);
    const auto m_rows = random_vector<bool>(nrows, 0.4, 7), m_cols = random_vector<bool>(ncols, 0.4, 8);
    const auto sr = hpg::plus_times<std::int64_t>;
    compare<std::int64_t>(shape + ", A u", sr, a, u_cols, false, nullptr, false, {});
    compare<std::int64_t>(shape + ", A u, mask", sr, a, u_cols, false, &m_rows, false, {});
    compare<std::int64_t>(shape + ", A' u", sr, a, u_rows, false, &m_cols, true, hpg::desc::transpose_first);
    compare<std::int64_t>(shape + ", u A", sr, a, u_rows, true, nullptr, false, {});
    compare<std::int64_t>(shape + ", u A, !mask", sr, a, u_rows, true, &m_cols, false, hpg::desc::mask_complement);
    compare<std::int64_t>(shape + ", u A'", sr, a, u_cols, true, &m_rows, false, hpg::desc::transpose_second);
    compare<std::int64_t>(shape + ", A u, min_secondi", hpg::semiring(hpg::min_monoid<std::int64_t>{}, hpg::secondi<std::int64_t>{}), a,
                          u_cols, false, nullptr, false, {});
    compare<std::int64_t>(shape + ", u A, over entry coordinates", hpg::semiring(hpg::plus_monoid<std::int64_t>{}, weigh_by_entry{}), a,
                          u_rows, true, nullptr, false, {});
  }
}

// A pull over a full u with no row skipped takes its result's entry count from the HYB (its rows
// that have entries) instead of counting the result: rows without entries must stay out of w, for
// A and for A' (whose rows are A's columns), whether a row lives in ELL, in the tail or in both,
// and the general finish (an accumulator; a mask left to the finish) must see T exactly. (The
// count's use is shown by bench_spmv's hpg::mxv time, not here.)

/// nrows x ncols with the given row lengths (columns spread by a stride), distinct values.
Graph with_row_lengths(Index nrows, Index ncols, const std::vector<Index>& length) {
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  for (Index i = 0; i < nrows; ++i)
    for (Index k = 0; k < length[i]; ++k) {
      r.push_back(i);
      c.push_back((i * 31 + k * 7) % ncols);
      v.push_back(static_cast<std::int64_t>((i + k) % 11) - 5);
    }
  Graph g{hpg::Matrix<std::int64_t>(nrows, ncols, Backend::host), hpg::Matrix<std::int64_t>(nrows, ncols, Backend::cuda)};
  g.host.build(r, c, v, hpg::plus<std::int64_t>{});
  g.gpu.build(r, c, v, hpg::plus<std::int64_t>{});
  return g;
}

/// The number of non-empty rows of A (columns: of A').
Index rows_with_entries(const hpg::Matrix<std::int64_t>& a, bool columns) {
  std::vector<Index> i, j;
  std::vector<std::int64_t> x;
  a.extract_tuples(i, j, x);
  return static_cast<Index>(std::set<Index>(columns ? j.begin() : i.begin(), columns ? j.end() : i.end()).size());
}

void expect_rows_with_entries(const std::string& shape, Graph& a) {
  const Index nrows = a.host.nrows(), ncols = a.host.ncols();
  const auto u_cols = random_vector<std::int64_t>(ncols, 1.0, 21), u_rows = random_vector<std::int64_t>(nrows, 1.0, 22);
  ASSERT_EQ(u_cols.second.nvals(), ncols);
  ASSERT_EQ(u_rows.second.nvals(), nrows);
  const auto sr = hpg::plus_times<std::int64_t>;
  auto count = [&](bool vxm, const auto& u, const hpg::Descriptor& d) {
    const bool transposed = vxm ? d.transpose_second : d.transpose_first;
    hpg::Vector<std::int64_t> w(vxm != transposed ? ncols : nrows, Backend::cuda);
    if (vxm) hpg::vxm(w, hpg::no_mask, hpg::no_accum, sr, u.second, a.gpu, d);
    else hpg::mxv(w, hpg::no_mask, hpg::no_accum, sr, a.gpu, u.second, d);
    return w.nvals();
  };
  const Index rows = rows_with_entries(a.host, false), cols = rows_with_entries(a.host, true);
  EXPECT_EQ(count(false, u_cols, {}), rows) << shape << ": A u";
  EXPECT_EQ(count(false, u_rows, hpg::desc::transpose_first), cols) << shape << ": A' u";
  EXPECT_EQ(count(true, u_rows, {}), cols) << shape << ": u A";
  EXPECT_EQ(count(true, u_cols, hpg::desc::transpose_second), rows) << shape << ": u A'";
  const auto m_rows = random_vector<bool>(nrows, 0.4, 23);
  compare<std::int64_t>(shape + ": A u", sr, a, u_cols, false, nullptr, false, {});
  compare<std::int64_t>(shape + ": A u, accum", sr, a, u_cols, false, nullptr, true, {});
  compare<double>(shape + ": A u into another type", sr, a, u_cols, false, nullptr, false, {});  // T is cast in the finish
  compare<bool>(shape + ": A u, lor_land", hpg::lor_land<bool>, a, u_cols, false, nullptr, false, {});
  compare<std::int64_t>(shape + ": u A", sr, a, u_rows, true, nullptr, false, {});
  compare<std::int64_t>(shape + ": A' u, accum", sr, a, u_rows, false, nullptr, true, hpg::desc::transpose_first);
  for (bool fuse : {true, false}) {  // the mask skips rows in the pull, or is left to the finish
    RestoreTuning restore;
    hpg::detail::switches().fuse_mask = fuse;
    const std::string how = fuse ? " (fused)" : " (in the finish)";
    compare<std::int64_t>(shape + ": A u, mask" + how, sr, a, u_cols, false, &m_rows, false, {});
    compare<std::int64_t>(shape + ": A u, mask, accum" + how, sr, a, u_cols, false, &m_rows, true, {});
    compare<std::int64_t>(shape + ": A u, !mask, replace" + how, sr, a, u_cols, false, &m_rows, false,
                          hpg::desc::mask_complement | hpg::desc::replace);
  }
}

TEST(SpmvGpuResultCount, FullInputYieldsExactlyTheRowsWithEntries) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index nrows = 3000, ncols = 2000;
  // Rows in ELL and in the tail; more than a third empty.
  std::vector<Index> mixed(nrows, 0);
  for (Index i = 0; i < 2400; i += 2) mixed[i] = 1 + i % 9;
  Graph a = with_row_lengths(nrows, ncols, mixed);
  expect_rows_with_entries("mixed", a);
  // Fewer than a third of the rows have entries, so ELL has width 0 and every non-empty row lives
  // in the tail: short rows, one-piece long rows, and rows of 3 and 2 pieces (split rows).
  std::vector<Index> tail_only(nrows, 0);
  for (Index i = 1; i < nrows; i += 4) tail_only[i] = 1 + i % 40;
  tail_only[5] = 1500;
  tail_only[9] = 2000;
  tail_only[13] = 700;
  Graph t = with_row_lengths(nrows, ncols, tail_only);
  expect_rows_with_entries("tail only", t);
  // No empty row: T is full, and with an accumulator the finish knows the result is full too.
  std::vector<Index> full(nrows);
  for (Index i = 0; i < nrows; ++i) full[i] = 1 + i % 5;
  Graph f = with_row_lengths(nrows, nrows, full);
  expect_rows_with_entries("no empty row", f);
  // No entries at all, and no rows: empty results, not n entries.
  for (Index n : {Index{40}, Index{0}}) {
    hpg::Matrix<std::int64_t> none(n, 50, Backend::cuda);
    hpg::Vector<std::int64_t> u(50, Backend::cuda), w(n, Backend::cuda);
    hpg::assign(u, hpg::no_mask, hpg::no_accum, std::int64_t{2}, hpg::all);
    hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<std::int64_t>, none, u);
    EXPECT_EQ(w.nvals(), 0u) << n << " rows";
  }
}

// The tail kernels look up a warp's items 32 at a time and compute those the pull does not skip.
// A warp gets more than one item only when a bin holds more items than the grid has warps (a
// counted pull runs one wave: 8448 warps on an H200), so every bin here holds tens of thousands,
// the bin of the shortest rows hundreds of thousands (every lane of a lookup busy). More than two thirds of
// the rows are empty, so the ELL part has width 0 and every row lives in the tail.
TEST(SpmvGpuTailBins, BinsBusierThanAWaveOfWarpsAgreeWithTheHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index nrows = 1'200'000, ncols = 4000;
  std::vector<Index> length(nrows, 0);
  Index i = 0;
  const auto rows_of = [&](Index count, Index shortest, Index longest) {
    for (Index k = 0; k < count; ++k, i += 3) length[i] = shortest + k % (longest - shortest + 1);
  };
  rows_of(300'000, 1, 4);   // bin 0
  rows_of(30'000, 5, 8);    // bin 1
  rows_of(30'000, 9, 16);   // bin 2
  rows_of(30'000, 17, 60);  // the last bin, one piece each
  rows_of(4, 1025, 1028);   // split rows of 2, 3 and 4 pieces
  rows_of(4, 2049, 2052);
  rows_of(4, 3073, 3076);
  ASSERT_LT(i, nrows);
  Graph a = with_row_lengths(nrows, ncols, length);
  const auto full = random_vector<std::int64_t>(ncols, 1.0, 31), sparse = random_vector<std::int64_t>(ncols, 0.02, 32);
  const auto m = random_vector<bool>(nrows, 0.5, 33);
  const auto sr = hpg::plus_times<std::int64_t>;
  const auto none = hpg::Descriptor{}, pulled = hpg::desc::pull;
  compare<std::int64_t>("plus_times", sr, a, full, false, nullptr, false, none);
  compare<std::int64_t>("plus_times, accum", sr, a, full, false, nullptr, true, none);
  compare<std::int64_t>("plus_times, mask, replace", sr, a, full, false, &m, false, hpg::desc::replace);
  compare<std::int64_t>("plus_times, !structural mask, replace", sr, a, sparse, false, &m, false,
                        hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | pulled);
  // A terminal monoid: rows stop at their first hit, and the pieces of a split row each at theirs.
  compare<bool>("lor_land, sparse u", hpg::lor_land<bool>, a, sparse, false, nullptr, false, pulled);
  compare<std::int64_t>("any_pair, !structural mask, replace", hpg::any_pair<std::int64_t>, a, sparse, false, &m, false,
                        hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | pulled);
  compare<std::int64_t>("min_secondi, !structural mask, replace",
                        hpg::semiring(hpg::min_monoid<std::int64_t>{}, hpg::secondi<std::int64_t>{}), a, full, false, &m, false,
                        hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace);
}

INSTANTIATE_TEST_SUITE_P(Matrix, SpmvGpu,
                         ::testing::Values(SpmvCase{false, false}, SpmvCase{true, false}, SpmvCase{false, true}, SpmvCase{true, true}),
                         [](const ::testing::TestParamInfo<SpmvCase>& p) {
                           return std::string(p.param.iso ? "Iso" : "Valued") + (p.param.degree_order ? "DegreeOrdered" : "");
                         });

}  // namespace

namespace {

/// n x n, `per_row` uniform random columns in each row, and column 0 in every row when `hub`.
hpg::Matrix<float> random_rows(Index n, Index per_row, bool hub) {
  std::mt19937_64 g(11);
  std::vector<Index> r, c;
  for (Index i = 0; i < n; ++i) {
    for (Index k = 0; k < per_row; ++k) {
      r.push_back(i);
      c.push_back(1 + g() % (n - 1));
    }
    if (hub) {
      r.push_back(i);
      c.push_back(0);
    }
  }
  hpg::Matrix<float> a(n, n, Backend::cuda);
  a.build(r, c, std::vector<float>(r.size(), 1.0f), hpg::plus<float>{});
  return a;
}

#if HPG_HAS_CUDA
bool columns_by_degree_after_pull(const hpg::Matrix<float>& a) {
  hpg::Vector<float> u(a.ncols(), Backend::cuda), w(a.nrows(), Backend::cuda);
  hpg::assign(u, hpg::no_mask, hpg::no_accum, 1.0f, hpg::all);
  hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<float>, a, u);  // builds the HYB
  return hpg::detail::cuda::derived_of(a).hyb.columns_ordered();
}
#endif

TEST(HybColumnOrder, AutomaticRenumbersOnlyBigMatricesWithHubs) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
#if HPG_HAS_CUDA
  const RestoreTuning restore;
  hpg::set_hyb_column_order(hpg::HybColumnOrder::automatic);
  const Index n = Index(1) << 17;  // 9 entries a row: over 2^20 entries
  EXPECT_TRUE(columns_by_degree_after_pull(random_rows(n, 8, true)));    // column 0 holds n entries, the mean is 9
  EXPECT_FALSE(columns_by_degree_after_pull(random_rows(n, 9, false)));  // no hub: the busiest column holds ~30
  EXPECT_FALSE(columns_by_degree_after_pull(random_rows(4096, 8, true)));  // too small to pay
  hpg::set_hyb_column_order(hpg::HybColumnOrder::user);
  EXPECT_FALSE(columns_by_degree_after_pull(random_rows(n, 8, true)));
#endif
}

}  // namespace
