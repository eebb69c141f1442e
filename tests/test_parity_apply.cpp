// Differential suite against SuiteSparse:GraphBLAS: apply with unary operators, with bind_first /
// bind_second of binary operators and of comparisons (bool results), and with index-unary
// operators (rowindex, colindex, diagindex, value comparisons), on vectors and matrices (transposed
// or not), under every descriptor combination, on bool, int32, int64, uint64, float and double;
// named operators and typecasts; aliased outputs; error codes. See parity_support.hpp.
//
// The operators are chosen at run time (DynApply: a unary operator or hpg's own BoundFirst /
// BoundSecond of a binary one), so each value type costs one instantiation of apply: in a CUDA
// build every apply also instantiates its GPU kernels.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityApply : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityApply);

const std::vector<Bin> bound_ops = {Bin::first, Bin::second, Bin::oneb, Bin::plus, Bin::minus, Bin::rminus, Bin::times,
                                    Bin::div,   Bin::rdiv,   Bin::min,  Bin::max,  Bin::lor,   Bin::land,   Bin::lxor};

/// Unary operators, then bind_first and bind_second of every binary operator, on T.
template <class T>
void apply_unary_and_bound(Ctx& ctx, Rng& r, Fill fill) {
  auto run = [&](const std::string& desc, const DynApply<T>& op, auto&& gv, auto&& gm, const Values& vals) {
    unary_case<T, T>(
        ctx, r, fill, desc,
        [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, op, in, d); }, gv, gm,
        vals);
  };
  for (Un k : {Un::identity, Un::ainv, Un::minv, Un::abs, Un::lnot, Un::one}) {
    Values vals;
    if constexpr (std::is_floating_point_v<T>) vals.nonzero = k == Un::minv;  // no 1/0 = inf in the data
    run(std::string("apply unary=") + name(k) + "<" + type_name<T>() + ">", dyn_unary<T>(k),
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_apply(w, mk, ac, grb_unop<T>(k), u, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_apply(c, mk, ac, grb_unop<T>(k), a, d); },
        vals);
  }
  for (Bin k : bound_ops) {
    Values vals;
    vals.nonzero = std::is_floating_point_v<T> && (k == Bin::div || k == Bin::rdiv);  // no 0/0 = NaN in the data
    const T s = random_value<T>(r, vals);
    const std::string sdesc = std::string("<") + type_name<T>() + ">, " + show(s) + ")";
    const GrB_BinaryOp gop = grb_binop<T>(k);
    run(std::string("apply bind_first(") + name(k) + sdesc, dyn_bind_first<T>(k, s),
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_apply1st(w, mk, ac, gop, s, u, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) {
          return grb_apply1st(c, mk, ac, gop, s, a, grb_desc_swap_inputs(d));  // A is GraphBLAS's input 1 here
        },
        vals);
    run(std::string("apply bind_second(") + name(k) + sdesc, dyn_bind_second<T>(k, s),
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_apply2nd(w, mk, ac, gop, u, s, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_apply2nd(c, mk, ac, gop, a, s, d); },
        vals);
  }
}

/// Comparisons bound to a scalar: bool results from T.
template <class T>
void apply_bound_compare(Ctx& ctx, Rng& r, Fill fill) {
  for (Cmp k : {Cmp::eq, Cmp::ne, Cmp::lt, Cmp::le, Cmp::gt, Cmp::ge})
    for (bool first : {false, true}) {
      const T s = random_value<T>(r);
      const GrB_BinaryOp gop = grb_cmp<T>(k);
      DynApplyCompare<T> op;
      op.bind_first = first;
      op.first = hpg::bind_first(DynCompare<T>{k}, s);
      op.second = hpg::bind_second(DynCompare<T>{k}, s);
      unary_case<bool, T>(
          ctx, r, fill,
          std::string(first ? "apply bind_first(" : "apply bind_second(") + name(k) + "<" + type_name<T>() + ">, " + show(s) + ") (bool result)",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, op, in, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) {
            return first ? grb_apply1st(w, mk, ac, gop, s, u, d) : grb_apply2nd(w, mk, ac, gop, u, s, d);
          },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) {
            return first ? grb_apply1st(c, mk, ac, gop, s, a, grb_desc_swap_inputs(d)) : grb_apply2nd(c, mk, ac, gop, a, s, d);
          });
    }
}

/// rowindex / colindex / diagindex with a thunk, into Z (int64 or int32), on T's entries.
template <class Z, class T>
void apply_positional(Ctx& ctx, Rng& r, Fill fill) {
  for (Pos k : {Pos::rowindex, Pos::colindex, Pos::diagindex}) {
    const std::int64_t thunk = r.between(-3, 3);
    const DynPositional<Z> op{k};
    unary_case<Z, T>(
        ctx, r, fill, std::string("apply index op=") + name(k) + "<" + type_name<Z>() + "> thunk=" + std::to_string(thunk) + " on " + type_name<T>(),
        [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, op, in, thunk, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_apply_index(w, mk, ac, grb_pos<Z>(k), u, thunk, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_apply_index(c, mk, ac, grb_pos<Z>(k), a, thunk, d); });
  }
}

/// A value comparison with the thunk as an apply: bool results.
template <class T>
void apply_value_compare(Ctx& ctx, Rng& r, Fill fill) {
  for (Cmp k : {Cmp::eq, Cmp::ne, Cmp::lt, Cmp::le, Cmp::gt, Cmp::ge}) {
    const T s = random_value<T>(r);
    const DynValueOp<T> op{k};
    unary_case<bool, T>(
        ctx, r, fill, std::string("apply index op=value") + name(k) + "<" + type_name<T>() + "> thunk=" + show(s),
        [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, op, in, s, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return grb_apply_index(w, mk, ac, grb_valueop<T>(k), u, s, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return grb_apply_index(c, mk, ac, grb_valueop<T>(k), a, s, d); });
  }
}

#define HPG_APPLY_TYPE_TEST(NAME, T)                           \
  TEST_P(ParityApply, NAME) {                                  \
    HPG_PARITY_BODY(ctx, {                                     \
      for (auto seed : seeds(18)) {                            \
        ctx.seed = seed;                                       \
        Rng r(seed);                                           \
        apply_unary_and_bound<T>(ctx, r, trial_fill(seed));    \
      }                                                        \
    });                                                        \
  }
HPG_APPLY_TYPE_TEST(Bool, bool)
HPG_APPLY_TYPE_TEST(Int32, std::int32_t)
HPG_APPLY_TYPE_TEST(Int64, std::int64_t)
HPG_APPLY_TYPE_TEST(Uint64, std::uint64_t)
HPG_APPLY_TYPE_TEST(Float, float)
HPG_APPLY_TYPE_TEST(Double, double)
#undef HPG_APPLY_TYPE_TEST

// Comparisons bound to a scalar and value comparisons with a thunk (bool results), positional
// operators (their value type does not matter: a few input types).
TEST_P(ParityApply, ComparisonsAndPositions) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(18)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      apply_bound_compare<std::int32_t>(ctx, r, fill);
      apply_bound_compare<std::uint64_t>(ctx, r, fill);
      apply_bound_compare<double>(ctx, r, fill);
      apply_value_compare<std::int64_t>(ctx, r, fill);
      apply_value_compare<float>(ctx, r, fill);
      apply_value_compare<bool>(ctx, r, fill);
      apply_positional<std::int64_t, std::int32_t>(ctx, r, fill);
      apply_positional<std::int64_t, double>(ctx, r, fill);
      apply_positional<std::int32_t, bool>(ctx, r, fill);
    }
  });
}

// Named operators as users write them (not through the run-time dispatch), including
// type-changing applies (int32 -> double, float -> int64).
TEST_P(ParityApply, NamedOperatorsAndTypecasts) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      unary_case<double, std::int32_t>(
          ctx, r, fill, "apply ainv<int32> into fp64",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, hpg::ainv<std::int32_t>{}, in, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return GrB_Vector_apply(w, mk, ac, GrB_AINV_INT32, u, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return GrB_Matrix_apply(c, mk, ac, GrB_AINV_INT32, a, d); });
      unary_case<std::int64_t, float>(
          ctx, r, fill, "apply bind_second(times<fp32>, 2.5) into int64",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) {
            hpg::apply(out, mk, ac, hpg::bind_second(hpg::times<float>{}, 2.5f), in, d);
          },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return GrB_Vector_apply_BinaryOp2nd_FP32(w, mk, ac, GrB_TIMES_FP32, u, 2.5f, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return GrB_Matrix_apply_BinaryOp2nd_FP32(c, mk, ac, GrB_TIMES_FP32, a, 2.5f, d); });
      unary_case<std::int64_t, bool>(
          ctx, r, fill, "apply colindex<int64> thunk 1 on bool",
          [&](auto& out, const auto& mk, const auto& ac, const auto& in, const hpg::Descriptor& d) { hpg::apply(out, mk, ac, hpg::colindex<std::int64_t>{}, in, std::int64_t{1}, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Descriptor d) { return GrB_Vector_apply_IndexOp_INT64(w, mk, ac, GrB_COLINDEX_INT64, u, 1, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d) { return GrB_Matrix_apply_IndexOp_INT64(c, mk, ac, GrB_COLINDEX_INT64, a, 1, d); });
    }
  });
}

// C<C> = accum(C, op(C)), w<w> = accum(w, rowindex(w)).
TEST_P(ParityApply, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int64_t;
      const Index m = random_dim(r, 30), n = random_dim(r, 30);
      auto c0 = make(random_matrix<T>(r, m, n, trial_fill(seed)), ctx.backend);
      auto w0 = make(random_vector<T>(r, n, trial_fill(seed)), ctx.backend);
      const auto acc = accum_of<T>(Bin::plus);
      const auto ainv = dyn_unary<T>(Un::ainv);
      const DynPositional<T> rowindex{Pos::rowindex};
      for (bool t0 : {false, true}) {
        if (t0 && m != n) continue;  // C = op(C') needs a square C
        for (const Combo& c : combos(t0, false)) {
          const std::string d = describe(c, acc.name, true, false) + " (mask = the output)";
          check_alias(
              ctx, "apply(C, C, accum, ainv<int64>, C) C " + std::to_string(m) + "x" + std::to_string(n) + " " + d, c0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::apply(x, mk, ac, ainv, x, hpg_desc(c)); }); },
              [&](GrB_Matrix x) { return GrB_Matrix_apply(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_AINV_INT64, x, grb_desc(c)); });
          if (t0) continue;
          check_alias(
              ctx, "apply(w, w, accum, rowindex<int64>, w, 2) " + d, w0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::apply(x, mk, ac, rowindex, x, std::int64_t{2}, hpg_desc(c)); });
              },
              [&](GrB_Vector x) {
                return GrB_Vector_apply_IndexOp_INT64(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_ROWINDEX_INT64, x, 2, grb_desc(c));
              });
        }
      }
    }
  });
}

TEST_P(ParityApply, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::int32_t;
    const Backend b = ctx.backend;
    auto u4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto w3 = make(random_vector<T>(r, 3, Fill::sparse), b);
    auto m4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto a23 = make(random_matrix<T>(r, 2, 3, Fill::dense), b);
    auto c23 = make(random_matrix<T>(r, 2, 3, Fill::sparse), b);
    auto m32 = make(random_matrix<T>(r, 3, 2, Fill::dense), b);
    const auto ainv = dyn_unary<T>(Un::ainv);
    const auto plus1 = dyn_bind_first<T>(Bin::plus, 1);
    const DynPositional<T> rowindex{Pos::rowindex};
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
    vrun("apply: u has 4 entries, w 3", [&](auto& w) { hpg::apply(w, hpg::no_mask, hpg::no_accum, ainv, u4.h); },
         [&](GrB_Vector w) { return GrB_Vector_apply(w, nullptr, nullptr, GrB_AINV_INT32, u4.g.get(), nullptr); });
    vrun("apply index: u has 4 entries, w 3", [&](auto& w) { hpg::apply(w, hpg::no_mask, hpg::no_accum, rowindex, u4.h, std::int64_t{0}); },
         [&](GrB_Vector w) { return GrB_Vector_apply_IndexOp_INT64(w, nullptr, nullptr, GrB_ROWINDEX_INT32, u4.g.get(), 0, nullptr); });
    vrun("apply: mask has 4 entries, w 3", [&](auto& w) { hpg::apply(w, m4.h, hpg::no_accum, ainv, w3.h); },
         [&](GrB_Vector w) { return GrB_Vector_apply(w, m4.g.get(), nullptr, GrB_AINV_INT32, w, nullptr); });
    mrun("apply: A' is 3x2, C 2x3", [&](auto& c) { hpg::apply(c, hpg::no_mask, hpg::no_accum, ainv, a23.h, hpg::desc::transpose_first); },
         [&](GrB_Matrix c) { return GrB_Matrix_apply(c, nullptr, nullptr, GrB_AINV_INT32, a23.g.get(), GrB_DESC_T0); });
    mrun("apply bind_first: A is 3x2, C 2x3", [&](auto& c) { hpg::apply(c, hpg::no_mask, hpg::no_accum, plus1, m32.h); },
         [&](GrB_Matrix c) { return GrB_Matrix_apply_BinaryOp1st_INT32(c, nullptr, nullptr, GrB_PLUS_INT32, 1, m32.g.get(), nullptr); });
    mrun("apply bind_first: A' is 3x2 (hpg transpose_first, GraphBLAS GrB_INP1), C 2x3",
         [&](auto& c) { hpg::apply(c, hpg::no_mask, hpg::no_accum, plus1, a23.h, hpg::desc::transpose_first); },
         [&](GrB_Matrix c) { return GrB_Matrix_apply_BinaryOp1st_INT32(c, nullptr, nullptr, GrB_PLUS_INT32, 1, a23.g.get(), GrB_DESC_T1); });
    mrun("apply: mask is 3x2, C 2x3", [&](auto& c) { hpg::apply(c, m32.h, hpg::no_accum, ainv, a23.h); },
         [&](GrB_Matrix c) { return GrB_Matrix_apply(c, m32.g.get(), nullptr, GrB_AINV_INT32, a23.g.get(), nullptr); });
  });
}

}  // namespace
