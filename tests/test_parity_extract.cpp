// Differential suite against SuiteSparse:GraphBLAS: extract (sub-vector, sub-matrix, column, or
// a row through the transpose; index lists may repeat) and transpose, under every descriptor
// combination, on bool, int32, int64, uint64, float and double; aliased outputs; error codes of bad
// indices and dimensions. See parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityExtract : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityExtract);

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
    run("transpose: C is 4x5, A' 5x4", c45, DM, [&](auto& c) { hpg::transpose(c, hpg::no_mask, hpg::no_accum, a45.h); },
        [&](GrB_Matrix c) { return GrB_transpose(c, nullptr, nullptr, a45.g.get(), nullptr); });
  });
}

}  // namespace
