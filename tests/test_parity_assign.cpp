// Differential suite against SuiteSparse:GraphBLAS: assign (a vector or matrix, or a scalar, into
// w(I) / C(I, J), with index lists or hpg::all; the mask spans all of the output; A transposed or
// not) under every descriptor combination, on bool, int32, int64, uint64, float and double; the
// docs/design.md's BFS assignments with aliased outputs; error codes of bad indices and dimensions. See
// parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityAssign : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityAssign);

template <class T>
void assign_cases(Ctx& ctx, Rng& r, Fill fill) {
  // w<mask>(I) = accum(w(I), u)
  {
    const Index n = random_dim(r);
    const IndexArg I = assign_indices(r, n);
    auto u = make(random_vector<T>(r, I.count(n), fill), ctx.backend);
    auto w0 = make(random_vector<T>(r, n, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "assign vector<" + type_name<T>() + "> w[" + std::to_string(n) + ", " + std::to_string(w0.h.nvals()) + " entries](I=" +
                             I.text() + ") = u[" + std::to_string(u.h.nvals()) + " entries, " + fill_name(fill) + "]";
    check_all(
        ctx, what, false, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(w, mk, ac, u.h, I.hpg(), d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Vector_assign(w, mk, ac, u.g.get(), I.grb(), I.grb_count(n), d);
        });
  }
  // w<mask>(I) = accum(w(I), x)
  {
    const Index n = random_dim(r);
    const IndexArg I = assign_indices(r, n);
    const T x = random_value<T>(r);
    auto w0 = make(random_vector<T>(r, n, fill), ctx.backend);
    auto mask = make(random_vector<T>(r, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "assign scalar<" + type_name<T>() + "> w[" + std::to_string(n) + ", " + std::to_string(w0.h.nvals()) + " entries, " +
                             fill_name(fill) + "](I=" + I.text() + ") = " + show(x);
    check_all(
        ctx, what, false, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(w, mk, ac, x, I.hpg(), d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return grb_assign_scalar(w, mk, ac, x, I.grb(), I.grb_count(n), d);
        });
  }
  // C<M>(I, J) = accum(C(I, J), A) (A' under transpose_first)
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r, 30), n = random_dim(r, 30);
    const IndexArg I = assign_indices(r, m), J = assign_indices(r, n);
    const Index ni = I.count(m), nj = J.count(n);
    auto a = make(t0 ? random_matrix<T>(r, nj, ni, fill) : random_matrix<T>(r, ni, nj, fill), ctx.backend);
    auto c0 = make(random_matrix<T>(r, m, n, any_fill(r)), ctx.backend);
    auto mask = make(random_matrix<T>(r, m, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "assign matrix<" + type_name<T>() + "> C[" + std::to_string(m) + "x" + std::to_string(n) + ", " +
                             std::to_string(c0.h.nvals()) + " entries](I=" + I.text() + ", J=" + J.text() + ") = A[" + std::to_string(a.h.nrows()) +
                             "x" + std::to_string(a.h.ncols()) + ", " + std::to_string(a.h.nvals()) + " entries, " + fill_name(fill) + "]";
    check_all(
        ctx, what, t0, false, c0, mask, acc,
        [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(c, mk, ac, a.h, I.hpg(), J.hpg(), d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return GrB_Matrix_assign(c, mk, ac, a.g.get(), I.grb(), I.grb_count(m), J.grb(), J.grb_count(n), d);
        });
  }
  // C<M>(I, J) = accum(C(I, J), x)
  {
    const Index m = random_dim(r, 30), n = random_dim(r, 30);
    const IndexArg I = assign_indices(r, m), J = assign_indices(r, n);
    const T x = random_value<T>(r);
    auto c0 = make(random_matrix<T>(r, m, n, fill), ctx.backend);
    auto mask = make(random_matrix<T>(r, m, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<T>(random_accum<T>(r));
    const std::string what = "assign scalar<" + type_name<T>() + "> C[" + std::to_string(m) + "x" + std::to_string(n) + ", " +
                             std::to_string(c0.h.nvals()) + " entries, " + fill_name(fill) + "](I=" + I.text() + ", J=" + J.text() + ") = " + show(x);
    check_all(
        ctx, what, false, false, c0, mask, acc,
        [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(c, mk, ac, x, I.hpg(), J.hpg(), d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
          return grb_assign_scalar(c, mk, ac, x, I.grb(), I.grb_count(m), J.grb(), J.grb_count(n), d);
        });
  }
}

#define HPG_ASSIGN_TYPE_TEST(NAME, T)              \
  TEST_P(ParityAssign, NAME) {                     \
    HPG_PARITY_BODY(ctx, {                         \
      for (auto seed : seeds(30)) {                \
        ctx.seed = seed;                           \
        Rng r(seed);                               \
        assign_cases<T>(ctx, r, trial_fill(seed)); \
      }                                            \
    });                                            \
  }
HPG_ASSIGN_TYPE_TEST(Bool, bool)
HPG_ASSIGN_TYPE_TEST(Int32, std::int32_t)
HPG_ASSIGN_TYPE_TEST(Int64, std::int64_t)
HPG_ASSIGN_TYPE_TEST(Uint64, std::uint64_t)
HPG_ASSIGN_TYPE_TEST(Float, float)
HPG_ASSIGN_TYPE_TEST(Double, double)
#undef HPG_ASSIGN_TYPE_TEST

// docs/design.md's BFS step on both sides, level<frontier> = depth (a scalar assign under the output
// as its own mask), and C<C> = accum(C, C) through assign with hpg::all.
TEST_P(ParityAssign, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int64_t;
      const Index n = random_dim(r);
      auto w0 = make(random_vector<T>(r, n, trial_fill(seed)), ctx.backend);
      auto c0 = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      const auto acc = accum_of<T>(Bin::plus);
      for (bool t0 : {false, true})
        for (const Combo& c : combos(t0, false)) {
          const std::string d = describe(c, acc.name, true, false) + " (mask = the output)";
          check_alias(
              ctx, "assign(C, C, accum, C, all, all) C " + std::to_string(n) + "x" + std::to_string(n) + " " + d, c0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::assign(x, mk, ac, x, hpg::all, hpg::all, hpg_desc(c)); });
              },
              [&](GrB_Matrix x) {
                return GrB_Matrix_assign(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, x, GrB_ALL, n, GrB_ALL, n, grb_desc(c));
              });
          if (t0) continue;
          check_alias(
              ctx, "assign(w, w, accum, 7, all) (BFS: level<frontier> = depth) " + d, w0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::assign(x, mk, ac, T{7}, hpg::all, hpg_desc(c)); }); },
              [&](GrB_Vector x) {
                return GrB_Vector_assign_INT64(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, 7, GrB_ALL, n, grb_desc(c));
              });
          check_alias(
              ctx, "assign(w, w, accum, w, all) (BFS: parent<frontier> = frontier) " + d, w0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::assign(x, mk, ac, x, hpg::all, hpg_desc(c)); }); },
              [&](GrB_Vector x) {
                return GrB_Vector_assign(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, x, GrB_ALL, n, grb_desc(c));
              });
        }
    }
  });
}

TEST_P(ParityAssign, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::uint64_t;
    const Backend b = ctx.backend;
    auto w5 = make(random_vector<T>(r, 5, Fill::sparse), b);
    auto u2 = make(random_vector<T>(r, 2, Fill::dense), b);
    auto u3 = make(random_vector<T>(r, 3, Fill::dense), b);
    auto c45 = make(random_matrix<T>(r, 4, 5, Fill::sparse), b);
    auto a22 = make(random_matrix<T>(r, 2, 2, Fill::dense), b);
    const std::vector<Index> bad = {1, 5}, good = {1, 3}, good3 = {0, 1, 2}, bad_row = {0, 4};
    auto run = [&](const std::string& what, auto& out, hpg::Info expected, auto&& hop, auto&& gop) {
      auto before = out.dup();
      const auto hi = hpg_code(ctx, [&] { hop(out.h); });
      expect_error(ctx, what, hi, gop(out.g.get()), expected);
      expect_unchanged(ctx, what, before.h, out.h);
    };
    const auto OOB = hpg::Info::index_out_of_bounds, DM = hpg::Info::dimension_mismatch;
    run("assign vector: index 5 in w of size 5", w5, OOB, [&](auto& w) { hpg::assign(w, hpg::no_mask, hpg::no_accum, u2.h, bad); },
        [&](GrB_Vector w) { return GrB_Vector_assign(w, nullptr, nullptr, u2.g.get(), bad.data(), 2, nullptr); });
    run("assign scalar: index 5 in w of size 5", w5, OOB, [&](auto& w) { hpg::assign(w, hpg::no_mask, hpg::no_accum, T{3}, bad); },
        [&](GrB_Vector w) { return GrB_Vector_assign_UINT64(w, nullptr, nullptr, 3, bad.data(), 2, nullptr); });
    run("assign vector: u has 3 entries, 2 indices", w5, DM, [&](auto& w) { hpg::assign(w, hpg::no_mask, hpg::no_accum, u3.h, good); },
        [&](GrB_Vector w) { return GrB_Vector_assign(w, nullptr, nullptr, u3.g.get(), good.data(), 2, nullptr); });
    run("assign vector: mask has 2 entries, w 5", w5, DM, [&](auto& w) { hpg::assign(w, u2.h, hpg::no_accum, u2.h, good); },
        [&](GrB_Vector w) { return GrB_Vector_assign(w, u2.g.get(), nullptr, u2.g.get(), good.data(), 2, nullptr); });
    run("assign matrix: row index 4 in C of 4 rows", c45, OOB, [&](auto& c) { hpg::assign(c, hpg::no_mask, hpg::no_accum, a22.h, bad_row, good); },
        [&](GrB_Matrix c) { return GrB_Matrix_assign(c, nullptr, nullptr, a22.g.get(), bad_row.data(), 2, good.data(), 2, nullptr); });
    run("assign matrix: column index 5 in C of 5 columns", c45, OOB, [&](auto& c) { hpg::assign(c, hpg::no_mask, hpg::no_accum, T{1}, good, bad); },
        [&](GrB_Matrix c) { return GrB_Matrix_assign_UINT64(c, nullptr, nullptr, 1, good.data(), 2, bad.data(), 2, nullptr); });
    run("assign matrix: A is 2x2, region 3x2", c45, DM, [&](auto& c) { hpg::assign(c, hpg::no_mask, hpg::no_accum, a22.h, good3, good); },
        [&](GrB_Matrix c) { return GrB_Matrix_assign(c, nullptr, nullptr, a22.g.get(), good3.data(), 3, good.data(), 2, nullptr); });
  });
}

}  // namespace
