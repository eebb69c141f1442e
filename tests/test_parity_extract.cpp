// Differential suite against SuiteSparse:GraphBLAS: extract (sub-vector, sub-matrix, column, or
// a row through the transpose; index lists may repeat; a vector's list also held in a vector,
// GxB_Vector_extract_Vector) and transpose, under every descriptor combination, on bool, int32,
// int64, uint64, float and double; the build from vectors that such a gather pairs with
// (GxB_Vector_build_Vector, against GrB_Vector_build of the same tuples); aliased outputs; error
// codes of bad indices and dimensions. See parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityExtract : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityExtract);

/// `list` held in a vector of I, entry k at position 2k + 1 (so that positions are not ranks), in
/// sparse or bitmap form, on backend b.
template <class I>
hpg::Vector<I> index_vector(const std::vector<Index>& list, Backend b, bool bitmap) {
  std::vector<Index> pos(list.size());
  std::vector<I> vals(list.size());
  for (std::size_t k = 0; k < list.size(); ++k) {
    pos[k] = 2 * k + 1;
    vals[k] = static_cast<I>(list[k]);
  }
  hpg::Vector<I> v(2 * list.size() + 1, Backend::host);
  v.build(pos, vals);
  v.to_backend(b);
  v.set_sparsity(bitmap ? hpg::Sparsity::bitmap : hpg::Sparsity::sparse);
  return v;
}
const GrB_Index* grb_list(const std::vector<Index>& list) {
  static const GrB_Index dummy = 0;
  return list.empty() ? &dummy : list.data();
}

/// build(w, I vector, X vector, dup) against GrB_Vector_build(w, I, X, k, dup) on the same tuples:
/// repeated indices, the values in another vector of another layout than the indices'.
/// GrB_Vector_build_<T> with a dup operator.
template <class T>
GrB_Info grb_build_with_dup(GrB_Vector v, const GrB_Index* i, const T* x, GrB_Index n, GrB_BinaryOp dup) {
  if constexpr (std::is_same_v<T, bool>) return GrB_Vector_build_BOOL(v, i, x, n, dup);
  else if constexpr (std::is_same_v<T, std::int32_t>) return GrB_Vector_build_INT32(v, i, x, n, dup);
  else if constexpr (std::is_same_v<T, std::int64_t>) return GrB_Vector_build_INT64(v, i, x, n, dup);
  else if constexpr (std::is_same_v<T, std::uint64_t>) return GrB_Vector_build_UINT64(v, i, x, n, dup);
  else if constexpr (std::is_same_v<T, float>) return GrB_Vector_build_FP32(v, i, x, n, dup);
  else return GrB_Vector_build_FP64(v, i, x, n, dup);
}

/// build(w, I vector, X vector, dup) against GrB_Vector_build(w, I, X, k, dup) on the same tuples:
/// repeated indices, the values in a vector of another layout than the indices'.
template <class T>
void build_cases(Ctx& ctx, Rng& r, Fill fill) {
  const Index n = random_dim(r);
  const std::vector<T> xv = random_vector<T>(r, n == 0 ? 0 : 2 * n, Fill::dense).x;  // the values, one per tuple
  const std::vector<Index> list = any_indices(r, n, n == 0 ? 0 : xv.size());
  if (list.size() != xv.size()) return;  // (n = 0 with values: no index to pair them with)
  hpg::Vector<T> values(xv.size() + 3, Backend::host);  // value j at position j + 3, index j at 2j + 1
  {
    std::vector<Index> at(xv.size());
    for (std::size_t j = 0; j < xv.size(); ++j) at[j] = j + 3;
    values.build(at, xv);
  }
  values.to_backend(ctx.backend);
  values.set_sparsity(fill == Fill::sparse ? hpg::Sparsity::sparse : hpg::Sparsity::bitmap);
  hpg::detail::ValueBuffer<T> x(xv.size());
  for (std::size_t j = 0; j < xv.size(); ++j) x.data()[j] = xv[j];
  const bool bitmap = r.chance(0.5);
  const auto dup = accum_of<T>(random_accum<T>(r));
  const std::string what = "build vector<" + type_name<T>() + ">[" + std::to_string(n) + "] from " + std::to_string(list.size()) +
                           " tuples, indices " + (bitmap ? "bitmap" : "sparse") + ", dup " + dup.name;
  auto check = [&](const auto& indices) {
    auto g = make(random_vector<T>(r, n, Fill::empty), ctx.backend);
    grb_ok(grb_build_with_dup<T>(g.g.get(), grb_list(list), x.data(), list.size(), dup.g), "GrB_Vector_build");
    hpg::Vector<T> w(n, ctx.backend);
    const auto err = ctx.run_hpg(what, [&] { hpg::build(w, indices, values, dup.h); });
    if (err) return ctx.fail("  case: " + what + "\n  hpg threw Error(" + std::string(to_string(err->code())) + "): " + err->what());
    compare(ctx, what, entries(w), entries<T>(g.g.get()), true);
  };
  check(index_vector<std::int64_t>(list, ctx.backend, bitmap));
  check(index_vector<std::uint32_t>(list, ctx.backend, !bitmap));
}

template <class T>
void extract_cases(Ctx& ctx, Rng& r, Fill fill) {
  // w<mask> = accum(w, u(I))
  {
    const Index n = random_dim(r);
    const IndexArg I = extract_indices(r, n);
    const Index k = I.count(n);
    auto u = make(random_vector<T>(r, n, fill), ctx.backend);
    auto w0 = make(random_vector<T>(r, k, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, k, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "extract vector<" + type_name<T>() + "> w[" + std::to_string(k) + "] = u[" + std::to_string(n) + ", " +
                             std::to_string(u.h.nvals()) + " entries, " + fill_name(fill) + "](I=" + I.text() + ")";
    check_all(
        ctx, what, false, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(w, mk, ac, u.h, I.hpg(), d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Vector_extract(w, mk, ac, u.g.get(), I.grb(), I.grb_count(n), d);
        });
  }
  // w<mask> = accum(w, u(I)), I held in a vector (GxB_Vector_extract_Vector)
  {
    const Index n = random_dim(r);
    const std::vector<Index> list = any_indices(r, n, static_cast<Index>(r.between(0, static_cast<std::int64_t>(std::min<Index>(40, 2 * n)))));
    const Index k = list.size();
    const bool bitmap = r.chance(0.5);
    const auto iv = index_vector<std::int32_t>(list, ctx.backend, bitmap);
    auto u = make(random_vector<T>(r, n, fill), ctx.backend);
    auto w0 = make(random_vector<T>(r, k, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, k, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "extract vector<" + type_name<T>() + "> w[" + std::to_string(k) + "] = u[" + std::to_string(n) + ", " +
                             std::to_string(u.h.nvals()) + " entries, " + fill_name(fill) + "](I in an int32 vector, " + (bitmap ? "bitmap" : "sparse") +
                             ")";
    check_all(
        ctx, what, false, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(w, mk, ac, u.h, iv, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Vector_extract(w, mk, ac, u.g.get(), grb_list(list), list.size(), d);
        });
  }
  // C<M> = accum(C, A(I, J)) (from A' under transpose_first)
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r, 30), n = random_dim(r, 30);  // the (transposed) source is m x n
    const IndexArg I = extract_indices(r, m, 30), J = extract_indices(r, n, 30);
    const Index ni = I.count(m), nj = J.count(n);
    auto a = make(t0 ? random_matrix<T>(r, n, m, fill) : random_matrix<T>(r, m, n, fill), ctx.backend);
    auto c0 = make(random_matrix<T>(r, ni, nj, any_fill(r)), ctx.backend);
    auto mask = make(random_matrix<T>(r, ni, nj, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "extract matrix<" + type_name<T>() + "> C[" + std::to_string(ni) + "x" + std::to_string(nj) + "] = A[" +
                             std::to_string(a.h.nrows()) + "x" + std::to_string(a.h.ncols()) + ", " + std::to_string(a.h.nvals()) + " entries, " +
                             fill_name(fill) + "](I=" + I.text() + ", J=" + J.text() + ")";
    check_all(
        ctx, what, t0, false, c0, mask, acc,
        [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(c, mk, ac, a.h, I.hpg(), J.hpg(), d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Matrix_extract(c, mk, ac, a.g.get(), I.grb(), I.grb_count(m), J.grb(), J.grb_count(n), d);
        });
  }
  // w<mask> = accum(w, A(I, j)) (row j of A under transpose_first)
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r), n = random_dim(r);  // the (transposed) source is m x n
    const IndexArg I = extract_indices(r, m);
    const Index k = I.count(m), j = static_cast<Index>(r.between(0, static_cast<std::int64_t>(n) - 1));
    auto a = make(t0 ? random_matrix<T>(r, n, m, fill) : random_matrix<T>(r, m, n, fill), ctx.backend);
    auto w0 = make(random_vector<T>(r, k, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, k, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "extract column<" + type_name<T>() + "> w[" + std::to_string(k) + "] = A[" + std::to_string(a.h.nrows()) + "x" +
                             std::to_string(a.h.ncols()) + ", " + std::to_string(a.h.nvals()) + " entries, " + fill_name(fill) + "](I=" + I.text() +
                             ", j=" + std::to_string(j) + ")";
    check_all(
        ctx, what, t0, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(w, mk, ac, a.h, I.hpg(), j, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Col_extract(w, mk, ac, a.g.get(), I.grb(), I.grb_count(m), j, d);
        });
  }
  // C<M> = accum(C, A') (C = A under transpose_first)
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r), n = random_dim(r);  // C is m x n
    auto a = make(t0 ? random_matrix<T>(r, m, n, fill) : random_matrix<T>(r, n, m, fill), ctx.backend);
    auto c0 = make(random_matrix<T>(r, m, n, any_fill(r)), ctx.backend);
    auto mask = make(random_matrix<T>(r, m, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "transpose<" + type_name<T>() + "> C[" + std::to_string(m) + "x" + std::to_string(n) + ", " + std::to_string(c0.h.nvals()) +
                             " entries] A[" + std::to_string(a.h.nrows()) + "x" + std::to_string(a.h.ncols()) + ", " + std::to_string(a.h.nvals()) +
                             " entries, " + fill_name(fill) + "]";
    check_all(
        ctx, what, t0, false, c0, mask, acc,
        [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::transpose(c, mk, ac, a.h, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_transpose(c, mk, ac, a.g.get(), d); });
  }
}

#define HPG_EXTRACT_TYPE_TEST(NAME, T)              \
  TEST_P(ParityExtract, NAME) {                     \
    HPG_PARITY_BODY(ctx, {                          \
      for (auto seed : seeds(30)) {                 \
        ctx.seed = seed;                            \
        Rng r(seed);                                \
        extract_cases<T>(ctx, r, trial_fill(seed)); \
        build_cases<T>(ctx, r, trial_fill(seed));   \
      }                                             \
    });                                             \
  }
HPG_EXTRACT_TYPE_TEST(Bool, bool)
HPG_EXTRACT_TYPE_TEST(Int32, std::int32_t)
HPG_EXTRACT_TYPE_TEST(Int64, std::int64_t)
HPG_EXTRACT_TYPE_TEST(Uint64, std::uint64_t)
HPG_EXTRACT_TYPE_TEST(Float, float)
HPG_EXTRACT_TYPE_TEST(Double, double)
#undef HPG_EXTRACT_TYPE_TEST

// build from vectors whose values' type is not the output's: duplicates are combined in the
// values' type (doubles 0.5 + 0.7 = 1.2) and only the result is cast (to int64: 1), as SuiteSparse's
// GrB_Vector_build does; cast first, they would give 0 + 0.
TEST_P(ParityExtract, BuildCombinesDuplicatesBeforeTheCast) {
  HPG_PARITY_BODY(ctx, {
    const Backend b = ctx.backend;
    const std::vector<Index> list = {1, 0, 1};
    const std::vector<double> xs = {0.5, 2.9, 0.7};
    hpg::Vector<double> values(3, Backend::host);
    values.build(std::vector<Index>{0, 1, 2}, xs);
    values.to_backend(b);
    hpg::Vector<std::int64_t> w(2, b);
    const std::string what = "build int64 from doubles {0.5, 2.9, 0.7} at {1, 0, 1}, dup plus<double>";
    const auto err = ctx.run_hpg(what, [&] { hpg::build(w, index_vector<std::int64_t>(list, b, false), values, hpg::plus<double>{}); });
    if (err) return ctx.fail("  case: " + what + "\n  hpg threw Error(" + std::string(to_string(err->code())) + "): " + err->what());
    GrB_Vector g = nullptr;
    grb_ok(GrB_Vector_new(&g, GrB_INT64, 2), "GrB_Vector_new");
    const hpg::grb_vector_ptr held(g);
    grb_ok(GrB_Vector_build_FP64(g, list.data(), xs.data(), 3, GrB_PLUS_FP64), "GrB_Vector_build");
    compare(ctx, what, entries(w), entries<std::int64_t>(g), true);
  });
}

// C<C> = accum(C, C') and w<w> = accum(w, w(reversed)): the output is the input and the mask.
TEST_P(ParityExtract, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int64_t;
      const Index n = random_dim(r);
      auto w0 = make(random_vector<T>(r, n, trial_fill(seed)), ctx.backend);
      auto c0 = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      const auto acc = accum_of<T>(Bin::plus);
      std::vector<Index> rev(n);
      for (Index i = 0; i < n; ++i) rev[i] = n - 1 - i;
      for (bool t0 : {false, true})
        for (const Combo& c : combos(t0, false)) {
          const std::string d = describe(c, acc.name, true, false) + " (mask = the output)";
          check_alias(
              ctx, "transpose(C, C, accum, C) C " + std::to_string(n) + "x" + std::to_string(n) + " " + d, c0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::transpose(x, mk, ac, x, hpg_desc(c)); }); },
              [&](GrB_Matrix x) { return GrB_transpose(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, x, grb_desc(c)); });
          check_alias(
              ctx, "extract(C, C, accum, C, reversed, all) C " + std::to_string(n) + "x" + std::to_string(n) + " " + d, c0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::extract(x, mk, ac, x, hpg::Indices(rev), hpg::all, hpg_desc(c)); });
              },
              [&](GrB_Matrix x) {
                return GrB_Matrix_extract(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, x, rev.data(), n, GrB_ALL, n, grb_desc(c));
              });
          if (t0) continue;
          check_alias(
              ctx, "extract(w, w, accum, w, reversed) " + d, w0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::extract(x, mk, ac, x, hpg::Indices(rev), hpg_desc(c)); });
              },
              [&](GrB_Vector x) {
                return GrB_Vector_extract(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, x, rev.data(), n, grb_desc(c));
              });
        }
    }
  });
}

TEST_P(ParityExtract, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::uint64_t;
    const Backend b = ctx.backend;
    auto w2 = make(random_vector<T>(r, 2, Fill::sparse), b);
    auto u3 = make(random_vector<T>(r, 3, Fill::dense), b);
    auto c45 = make(random_matrix<T>(r, 4, 5, Fill::sparse), b);
    auto c22 = make(random_matrix<T>(r, 2, 2, Fill::sparse), b);
    auto a45 = make(random_matrix<T>(r, 4, 5, Fill::dense), b);
    const std::vector<Index> bad = {1, 5}, good = {1, 3}, good3 = {0, 1, 2}, bad_row = {0, 4};
    auto run = [&](const std::string& what, auto& out, hpg::Info expected, auto&& hop, auto&& gop) {
      auto before = out.dup();
      const auto hi = hpg_code(ctx, [&] { hop(out.h); });
      expect_error(ctx, what, hi, gop(out.g.get()), expected);
      expect_unchanged(ctx, what, before.h, out.h);
    };
    const auto OOB = hpg::Info::index_out_of_bounds, DM = hpg::Info::dimension_mismatch, II = hpg::Info::invalid_index;
    run("extract vector: index 5 from u of size 3", w2, OOB, [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, u3.h, bad); },
        [&](GrB_Vector w) { return GrB_Vector_extract(w, nullptr, nullptr, u3.g.get(), bad.data(), 2, nullptr); });
    run("extract vector: w has 2 entries, 3 indices", w2, DM, [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, u3.h, good3); },
        [&](GrB_Vector w) { return GrB_Vector_extract(w, nullptr, nullptr, u3.g.get(), good3.data(), 3, nullptr); });
    run("extract matrix: row index 4 from A of 4 rows", c22, OOB, [&](auto& c) { hpg::extract(c, hpg::no_mask, hpg::no_accum, a45.h, bad_row, good); },
        [&](GrB_Matrix c) { return GrB_Matrix_extract(c, nullptr, nullptr, a45.g.get(), bad_row.data(), 2, good.data(), 2, nullptr); });
    run("extract matrix: C is 2x2, 3x2 indices", c22, DM, [&](auto& c) { hpg::extract(c, hpg::no_mask, hpg::no_accum, a45.h, good3, good); },
        [&](GrB_Matrix c) { return GrB_Matrix_extract(c, nullptr, nullptr, a45.g.get(), good3.data(), 3, good.data(), 2, nullptr); });
    run("extract column: j = 5 in A of 5 columns", w2, II, [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, a45.h, good, Index{5}); },
        [&](GrB_Vector w) { return GrB_Col_extract(w, nullptr, nullptr, a45.g.get(), good.data(), 2, 5, nullptr); });
    run("extract row (transposed): j = 4 in A' of 4 columns", w2, II,
        [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, a45.h, good, Index{4}, hpg::desc::transpose_first); },
        [&](GrB_Vector w) { return GrB_Col_extract(w, nullptr, nullptr, a45.g.get(), good.data(), 2, 4, GrB_DESC_T0); });
    run("extract column: row index 4 in A of 4 rows", w2, OOB, [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, a45.h, bad_row, Index{0}); },
        [&](GrB_Vector w) { return GrB_Col_extract(w, nullptr, nullptr, a45.g.get(), bad_row.data(), 2, 0, nullptr); });
    // The index list held in a vector (GxB_Vector_extract_Vector), and the build from vectors.
    const auto bad_v = index_vector<std::int64_t>(bad, b, false);
    const auto good3_v = index_vector<std::uint32_t>(good3, b, true);
    run("extract vector: the index vector holds 5, u of size 3", w2, OOB,
        [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, u3.h, bad_v); },
        [&](GrB_Vector w) { return GrB_Vector_extract(w, nullptr, nullptr, u3.g.get(), bad.data(), 2, nullptr); });
    run("extract vector: w has 2 entries, the index vector 3", w2, DM,
        [&](auto& w) { hpg::extract(w, hpg::no_mask, hpg::no_accum, u3.h, good3_v); },
        [&](GrB_Vector w) { return GrB_Vector_extract(w, nullptr, nullptr, u3.g.get(), good3.data(), 3, nullptr); });
    const std::vector<T> xs2 = {7, 8}, xs3 = {7, 8, 9};
    auto values2 = make(random_vector<T>(r, 2, Fill::empty), b);
    values2.h.build(std::vector<Index>{0, 1}, xs2);
    // (A failed GrB_Vector_build may leave its output invalid: each build case gets its own.)
    auto empty3 = make(random_vector<T>(r, 3, Fill::empty), b), empty3b = make(random_vector<T>(r, 3, Fill::empty), b);
    run("build: the index vector holds 5, w of size 3", empty3, OOB, [&](auto& w) { hpg::build(w, bad_v, values2.h, hpg::plus<T>{}); },
        [&](GrB_Vector w) { return GrB_Vector_build_UINT64(w, bad.data(), xs2.data(), 2, GrB_PLUS_UINT64); });
    run("build: w already holds entries", u3, hpg::Info::output_not_empty,
        [&](auto& w) { hpg::build(w, index_vector<std::int64_t>(good, b, false), values2.h, hpg::plus<T>{}); },
        [&](GrB_Vector w) { return GrB_Vector_build_UINT64(w, good.data(), xs2.data(), 2, GrB_PLUS_UINT64); });
    const std::vector<Index> twice = {1, 1};
    run("build: a duplicate index and no dup operator", empty3b, hpg::Info::invalid_value,
        [&](auto& w) { hpg::build(w, index_vector<std::int64_t>(twice, b, true), values2.h); },
        [&](GrB_Vector w) { return GrB_Vector_build_UINT64(w, twice.data(), xs2.data(), 2, nullptr); });
    {  // what no GrB_Vector_build call can say (one count for both arrays, no negative GrB_Index): hpg's code alone
      hpg::Vector<T> e3(3, b);
      const auto counts = hpg_code(ctx, [&] { hpg::build(e3, good3_v, values2.h, hpg::plus<T>{}); });
      if (counts) EXPECT_EQ(*counts, hpg::Info::invalid_value) << "build from 3 indices and 2 values";
      if (counts) EXPECT_EQ(e3.nvals(), 0u);
    }
    {  // a negative index
      hpg::Vector<std::int32_t> negative(2, Backend::host);
      negative.build(std::vector<Index>{0, 1}, std::vector<std::int32_t>{0, -1});
      negative.to_backend(b);
      auto w = w2.h.dup();
      const auto code = hpg_code(ctx, [&] { hpg::extract(w, hpg::no_mask, hpg::no_accum, u3.h, negative); });
      if (code) EXPECT_EQ(*code, OOB) << "extract with -1 in the index vector";
      hpg::Vector<T> e(3, b);
      const auto built = hpg_code(ctx, [&] { hpg::build(e, negative, values2.h, hpg::plus<T>{}); });
      if (built) EXPECT_EQ(*built, OOB) << "build with -1 in the index vector";
    }
    run("transpose: C is 4x5, A' 5x4", c45, DM, [&](auto& c) { hpg::transpose(c, hpg::no_mask, hpg::no_accum, a45.h); },
        [&](GrB_Matrix c) { return GrB_transpose(c, nullptr, nullptr, a45.g.get(), nullptr); });
  });
}

}  // namespace
