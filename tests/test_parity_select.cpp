// Differential suite against SuiteSparse:GraphBLAS: select with the structural selectors (tril,
// triu, diag, offdiag, colle, colgt, rowle, rowgt; int64 thunk) and the value comparisons
// (valueeq ... valuege; thunk of the value type), on vectors and matrices (transposed or not),
// under every descriptor combination, on bool, int32, int64, uint64, float and double; named
// selectors and a typecast output; aliased outputs; error codes. See parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParitySelect : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParitySelect);

template <class T>
void select_all(Ctx& ctx, Rng& r, Fill fill) {
  for (Sel k : {Sel::tril, Sel::triu, Sel::diag, Sel::offdiag, Sel::colle, Sel::colgt, Sel::rowle, Sel::rowgt}) {
    const std::int64_t thunk = r.between(-3, 3);
    const DynSelector op{k};
    unary_case<T, T>(
        ctx, r, fill, std::string("select ") + name(k) + " thunk=" + std::to_string(thunk) + " on " + type_name<T>(),
        [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::select(out, mk, ac, op, in, thunk, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_select(w, mk, ac, grb_sel(k), u, thunk, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_select(c, mk, ac, grb_sel(k), a, thunk, d); });
  }
  for (Cmp k : {Cmp::eq, Cmp::ne, Cmp::lt, Cmp::le, Cmp::gt, Cmp::ge}) {
    const T s = random_value<T>(r);
    const DynValueOp<T> op{k};
    unary_case<T, T>(
        ctx, r, fill, std::string("select value") + name(k) + "<" + type_name<T>() + "> thunk=" + show(s),
        [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::select(out, mk, ac, op, in, s, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_select(w, mk, ac, grb_valueop<T>(k), u, s, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_select(c, mk, ac, grb_valueop<T>(k), a, s, d); });
  }
}

#define HPG_SELECT_TYPE_TEST(NAME, T)              \
  TEST_P(ParitySelect, NAME) {                     \
    HPG_PARITY_BODY(ctx, {                         \
      for (auto seed : seeds(18)) {                \
        ctx.seed = seed;                           \
        Rng r(seed);                               \
        select_all<T>(ctx, r, trial_fill(seed));   \
      }                                            \
    });                                            \
  }
HPG_SELECT_TYPE_TEST(Bool, bool)
HPG_SELECT_TYPE_TEST(Int32, std::int32_t)
HPG_SELECT_TYPE_TEST(Int64, std::int64_t)
HPG_SELECT_TYPE_TEST(Uint64, std::uint64_t)
HPG_SELECT_TYPE_TEST(Float, float)
HPG_SELECT_TYPE_TEST(Double, double)
#undef HPG_SELECT_TYPE_TEST

// hpg's named selectors as users write them; a select into an output of another type.
TEST_P(ParitySelect, NamedSelectorsAndTypecasts) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      unary_case<std::int32_t, double>(
          ctx, r, fill, "select tril thunk -1 on fp64 into int32",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::select(out, mk, ac, hpg::tril<>{}, in, std::int64_t{-1}, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return GrB_Vector_select_INT64(w, mk, ac, GrB_TRIL, u, -1, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return GrB_Matrix_select_INT64(c, mk, ac, GrB_TRIL, a, -1, d); });
      unary_case<double, double>(
          ctx, r, fill, "select valuegt<fp64> thunk 0.5",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::select(out, mk, ac, hpg::valuegt<double>{}, in, 0.5, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return GrB_Vector_select_FP64(w, mk, ac, GrB_VALUEGT_FP64, u, 0.5, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return GrB_Matrix_select_FP64(c, mk, ac, GrB_VALUEGT_FP64, a, 0.5, d); });
    }
  });
}

// C<C> = accum(C, select(C)), w<w> = accum(w, select(w)).
TEST_P(ParitySelect, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int64_t;
      const Index m = random_dim(r, 30), n = random_dim(r, 30);
      auto c0 = make(random_matrix<T>(r, m, n, trial_fill(seed)), ctx.backend);
      auto w0 = make(random_vector<T>(r, n, trial_fill(seed)), ctx.backend);
      const auto acc = accum_of<T>(Bin::plus);
      const DynSelector triu{Sel::triu};
      const DynValueOp<T> gt{Cmp::gt};
      for (bool t0 : {false, true}) {
        if (t0 && m != n) continue;  // C = select(C') needs a square C
        for (const Combo& c : combos(t0, false)) {
          const std::string d = describe(c, acc.name, true, false) + " (mask = the output)";
          check_alias(
              ctx, "select(C, C, accum, triu, C, 1) C " + std::to_string(m) + "x" + std::to_string(n) + " " + d, c0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::select(x, mk, ac, triu, x, std::int64_t{1}, hpg_desc(c)); }); },
              [&](GrB_Matrix x) { return GrB_Matrix_select_INT64(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_TRIU, x, 1, grb_desc(c)); });
          if (t0) continue;
          check_alias(
              ctx, "select(w, w, accum, valuegt<int64>, w, 0) " + d, w0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::select(x, mk, ac, gt, x, T{0}, hpg_desc(c)); }); },
              [&](GrB_Vector x) {
                return GrB_Vector_select_INT64(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_VALUEGT_INT64, x, 0, grb_desc(c));
              });
        }
      }
    }
  });
}

TEST_P(ParitySelect, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::int32_t;
    const Backend b = ctx.backend;
    auto u4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto w3 = make(random_vector<T>(r, 3, Fill::sparse), b);
    auto a23 = make(random_matrix<T>(r, 2, 3, Fill::dense), b);
    auto c23 = make(random_matrix<T>(r, 2, 3, Fill::sparse), b);
    auto m32 = make(random_matrix<T>(r, 3, 2, Fill::dense), b);
    const DynSelector tril{Sel::tril};
    const DynValueOp<T> gt{Cmp::gt};
    auto vrun = [&](const std::string& what, auto&& hop, auto&& gop) {
      auto before = w3.dup();
      const auto hi = hpg_code(ctx, [&] { hop(w3.h); });
      expect_error(ctx, what, hi, gop(w3.g.get()), hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, w3.h);
    };
    auto mrun = [&](const std::string& what, auto&& hop, auto&& gop) {
      auto before = c23.dup();
      const auto hi = hpg_code(ctx, [&] { hop(c23.h); });
      expect_error(ctx, what, hi, gop(c23.g.get()), hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, c23.h);
    };
    vrun("select: u has 4 entries, w 3", [&](auto& w) { hpg::select(w, hpg::no_mask, hpg::no_accum, tril, u4.h, std::int64_t{0}); },
         [&](GrB_Vector w) { return GrB_Vector_select_INT64(w, nullptr, nullptr, GrB_TRIL, u4.g.get(), 0, nullptr); });
    vrun("select: mask has 4 entries, w 3", [&](auto& w) { hpg::select(w, u4.h, hpg::no_accum, gt, w3.h, T{0}); },
         [&](GrB_Vector w) { return GrB_Vector_select_INT32(w, u4.g.get(), nullptr, GrB_VALUEGT_INT32, w, 0, nullptr); });
    mrun("select: A' is 3x2, C 2x3", [&](auto& c) { hpg::select(c, hpg::no_mask, hpg::no_accum, gt, a23.h, T{0}, hpg::desc::transpose_first); },
         [&](GrB_Matrix c) { return GrB_Matrix_select_INT32(c, nullptr, nullptr, GrB_VALUEGT_INT32, a23.g.get(), 0, GrB_DESC_T0); });
    mrun("select: mask is 3x2, C 2x3", [&](auto& c) { hpg::select(c, m32.h, hpg::no_accum, tril, a23.h, std::int64_t{0}); },
         [&](GrB_Matrix c) { return GrB_Matrix_select_INT64(c, m32.g.get(), nullptr, GrB_TRIL, a23.g.get(), 0, nullptr); });
  });
}

}  // namespace
