// Differential suite against SuiteSparse:GraphBLAS: ewise_add (union) and ewise_mult (intersection)
// of vectors and matrices, with binary operators, comparisons (bool results), monoids and semirings,
// under every descriptor combination (matrices: either input transposed), on bool, int32, int64,
// uint64, float and double; aliased outputs; error codes. See parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityEwise : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityEwise);

/// The binary operators tried on T (every built-in one; ANY is checked by bounds).
template <class T>
std::vector<Bin> binary_ops() {
  return {Bin::first, Bin::second, Bin::oneb, Bin::plus, Bin::minus, Bin::rminus, Bin::times, Bin::div,
          Bin::rdiv,  Bin::min,    Bin::max,  Bin::lor,  Bin::land,  Bin::lxor,   Bin::any};
}

/// Input values for an operator: floating division gets no zeros (0/0 would put NaN in the data).
template <class T>
Values values_for(Bin op) {
  Values v;
  if constexpr (std::is_floating_point_v<T>) v.nonzero = op == Bin::div || op == Bin::rdiv;
  return v;
}

/// One element-wise operation on vectors, every mask/accum/replace combination.
/// gcall(w, mask, accum, u, v, desc, variant) is SuiteSparse's version.
template <class W, class T, class HOp, class GCall>
void ewise_vector(Ctx& ctx, Rng& r, Fill fill, bool add, const std::string& opdesc, const HOp& op, GCall&& gcall, bool bounded,
                  const Values& vals = {}) {
  const Index n = random_dim(r);
  auto u = make(random_vector<T>(r, n, fill, vals), ctx.backend);
  auto v = make(random_vector<T>(r, n, any_fill(r), vals), ctx.backend);
  auto w0 = make(random_vector<W>(r, n, any_fill(r)), ctx.backend);
  auto mask = make(random_vector<T>(r, n, any_fill(r), mask_values()), ctx.backend);
  const auto acc = accum_of<W>(random_accum<W>(r, bounded));
  std::ostringstream what;
  what << (add ? "ewise_add" : "ewise_mult") << " (vector) " << opdesc << " w:" << type_name<W>() << "[" << n << ", " << w0.h.nvals()
       << " entries] u:" << type_name<T>() << "[" << u.h.nvals() << " entries, " << fill_name(fill) << "] v:[" << v.h.nvals()
       << " entries] mask:" << type_name<T>() << "[" << mask.h.nvals() << " entries]";
  check_all(
      ctx, what.str(), false, false, w0, mask, acc,
      [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) {
        if (add) hpg::ewise_add(w, mk, ac, op, u.h, v.h, d);
        else hpg::ewise_mult(w, mk, ac, op, u.h, v.h, d);
      },
      [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant var) {
        return gcall(w, mk, ac, u.g.get(), v.g.get(), d, var);
      },
      bounded);
}

/// The same on matrices, with either input transposed.
template <class W, class T, class HOp, class GCall>
void ewise_matrix(Ctx& ctx, Rng& r, Fill fill, bool add, const std::string& opdesc, const HOp& op, GCall&& gcall, bool bounded,
                  const Values& vals = {}) {
  for (bool t0 : {false, true})
    for (bool t1 : {false, true}) {
      const Index m = random_dim(r, 30), n = random_dim(r, 30);
      auto a = make(t0 ? random_matrix<T>(r, n, m, fill, vals) : random_matrix<T>(r, m, n, fill, vals), ctx.backend);
      auto b = make(t1 ? random_matrix<T>(r, n, m, any_fill(r), vals) : random_matrix<T>(r, m, n, any_fill(r), vals), ctx.backend);
      auto c0 = make(random_matrix<W>(r, m, n, any_fill(r)), ctx.backend);
      auto mask = make(random_matrix<T>(r, m, n, any_fill(r), mask_values()), ctx.backend);
      const auto acc = accum_of<W>(random_accum<W>(r, bounded));
      std::ostringstream what;
      what << (add ? "ewise_add" : "ewise_mult") << " (matrix) " << opdesc << " C:" << type_name<W>() << "[" << m << "x" << n << ", "
           << c0.h.nvals() << " entries] A:" << type_name<T>() << "[" << a.h.nrows() << "x" << a.h.ncols() << ", " << a.h.nvals()
           << " entries, " << fill_name(fill) << "] B:[" << b.h.nrows() << "x" << b.h.ncols() << ", " << b.h.nvals()
           << " entries] mask:" << type_name<T>() << "[" << mask.h.nvals() << " entries]";
      check_all(
          ctx, what.str(), t0, t1, c0, mask, acc,
          [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) {
            if (add) hpg::ewise_add(c, mk, ac, op, a.h, b.h, d);
            else hpg::ewise_mult(c, mk, ac, op, a.h, b.h, d);
          },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant var) {
            return gcall(c, mk, ac, a.g.get(), b.g.get(), d, var);
          },
          bounded);
    }
}

/// Both shapes.
template <class W, class T, class HOp, class GV, class GM>
void ewise_both(Ctx& ctx, Rng& r, Fill fill, bool add, const std::string& opdesc, const HOp& op, GV&& gv, GM&& gm, bool bounded,
                const Values& vals = {}) {
  ewise_vector<W, T>(ctx, r, fill, add, opdesc, op, gv, bounded, vals);
  ewise_matrix<W, T>(ctx, r, fill, add, opdesc, op, gm, bounded, vals);
}

/// Binary operators and comparisons on T.
template <class T>
void ewise_operators(Ctx& ctx, Rng& r, Fill fill) {
  for (bool add : {true, false}) {
    for (Bin k : binary_ops<T>()) {
      const bool bounded = k == Bin::any;
      const std::string opdesc = std::string("op=") + name(k) + "<" + type_name<T>() + ">";
      ewise_both<T, T>(
          ctx, r, fill, add, opdesc, DynBinary<T>{k},
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Vector v, GrB_Descriptor d, Variant var) {
            const GrB_BinaryOp op = grb_binop<T>(variant_op(k, var));
            return add ? GrB_Vector_eWiseAdd_BinaryOp(w, mk, ac, op, u, v, d) : GrB_Vector_eWiseMult_BinaryOp(w, mk, ac, op, u, v, d);
          },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Matrix b, GrB_Descriptor d, Variant var) {
            const GrB_BinaryOp op = grb_binop<T>(variant_op(k, var));
            return add ? GrB_Matrix_eWiseAdd_BinaryOp(c, mk, ac, op, a, b, d) : GrB_Matrix_eWiseMult_BinaryOp(c, mk, ac, op, a, b, d);
          },
          bounded, values_for<T>(k));
    }
    // Comparisons: bool results from T inputs (ewise_add casts a lone entry to bool).
    for (Cmp k : {Cmp::eq, Cmp::ne, Cmp::lt, Cmp::le, Cmp::gt, Cmp::ge}) {
      const std::string opdesc = std::string("op=") + name(k) + "<" + type_name<T>() + "> (bool result)";
      ewise_both<bool, T>(
          ctx, r, fill, add, opdesc, DynCompare<T>{k},
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Vector v, GrB_Descriptor d, Variant) {
            return add ? GrB_Vector_eWiseAdd_BinaryOp(w, mk, ac, grb_cmp<T>(k), u, v, d)
                       : GrB_Vector_eWiseMult_BinaryOp(w, mk, ac, grb_cmp<T>(k), u, v, d);
          },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Matrix b, GrB_Descriptor d, Variant) {
            return add ? GrB_Matrix_eWiseAdd_BinaryOp(c, mk, ac, grb_cmp<T>(k), a, b, d)
                       : GrB_Matrix_eWiseMult_BinaryOp(c, mk, ac, grb_cmp<T>(k), a, b, d);
          },
          false);
    }
  }
}

/// A monoid as the operator: run-time selected (DynMonoid, forwarding to hpg's monoids), or one of
/// hpg's named monoids.
template <class T, class HMon>
void ewise_monoid(Ctx& ctx, Rng& r, Fill fill, const HMon& hm, Mon gm) {
  for (bool add : {true, false}) {
    const std::string opdesc = std::string("monoid=") + name(gm) + "<" + type_name<T>() + ">";
    ewise_both<T, T>(
        ctx, r, fill, add, opdesc, hm,
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Vector v, GrB_Descriptor d, Variant var) {
          const GrB_Monoid m = grb_monoid<T>(variant_monoid(gm, var));
          return add ? GrB_Vector_eWiseAdd_Monoid(w, mk, ac, m, u, v, d) : GrB_Vector_eWiseMult_Monoid(w, mk, ac, m, u, v, d);
        },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Matrix b, GrB_Descriptor d, Variant var) {
          const GrB_Monoid m = grb_monoid<T>(variant_monoid(gm, var));
          return add ? GrB_Matrix_eWiseAdd_Monoid(c, mk, ac, m, a, b, d) : GrB_Matrix_eWiseMult_Monoid(c, mk, ac, m, a, b, d);
        },
        gm == Mon::any);
  }
}

/// A semiring as the operator: ewise_add uses its monoid, ewise_mult its multiply.
template <class SR>
void ewise_semiring(Ctx& ctx, Rng& r, Fill fill, const SrCase<SR>& sr) {
  using T = typename SR::value_type;
  for (bool add : {true, false}) {
    const std::string opdesc = "semiring=" + sr.name + "<" + type_name<T>() + ">";
    ewise_both<T, T>(
        ctx, r, fill, add, opdesc, sr.h,
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Vector u, GrB_Vector v, GrB_Descriptor d, Variant) {
          return add ? GrB_Vector_eWiseAdd_Semiring(w, mk, ac, sr.g(), u, v, d) : GrB_Vector_eWiseMult_Semiring(w, mk, ac, sr.g(), u, v, d);
        },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Matrix b, GrB_Descriptor d, Variant) {
          return add ? GrB_Matrix_eWiseAdd_Semiring(c, mk, ac, sr.g(), a, b, d) : GrB_Matrix_eWiseMult_Semiring(c, mk, ac, sr.g(), a, b, d);
        },
        false);
  }
}

template <class T>
void ewise_all(Ctx& ctx, Rng& r, Fill fill) {
  ewise_operators<T>(ctx, r, fill);
  const std::vector<Mon> monoids = std::is_same_v<T, bool> ? std::vector<Mon>{Mon::lor, Mon::land, Mon::lxor, Mon::eq}
                                                           : std::vector<Mon>{Mon::plus, Mon::times, Mon::min, Mon::max, Mon::any};
  for (Mon m : monoids) ewise_monoid<T>(ctx, r, fill, DynMonoid<T>{m}, m);
}

#define HPG_EWISE_TYPE_TEST(NAME, T)                    \
  TEST_P(ParityEwise, NAME) {                           \
    HPG_PARITY_BODY(ctx, {                              \
      for (auto seed : seeds(12)) {                      \
        ctx.seed = seed;                                \
        Rng r(seed);                                    \
        ewise_all<T>(ctx, r, trial_fill(seed));         \
      }                                                 \
    });                                                 \
  }
HPG_EWISE_TYPE_TEST(Bool, bool)
HPG_EWISE_TYPE_TEST(Int32, std::int32_t)
HPG_EWISE_TYPE_TEST(Int64, std::int64_t)
HPG_EWISE_TYPE_TEST(Uint64, std::uint64_t)
HPG_EWISE_TYPE_TEST(Float, float)
HPG_EWISE_TYPE_TEST(Double, double)
#undef HPG_EWISE_TYPE_TEST

// hpg's named monoids and semirings as users write them (ewise_add takes a semiring's monoid,
// ewise_mult its multiply).
TEST_P(ParityEwise, NamedMonoidsAndSemirings) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      ewise_monoid<std::int32_t>(ctx, r, fill, hpg::plus_monoid<std::int32_t>{}, Mon::plus);
      ewise_monoid<double>(ctx, r, fill, hpg::min_monoid<double>{}, Mon::min);
      ewise_monoid<bool>(ctx, r, fill, hpg::lor_monoid<bool>{}, Mon::lor);
      ewise_semiring(ctx, r, fill, sr_case("plus_times", hpg::plus_times<std::int64_t>, Mon::plus, Bin::times));
      ewise_semiring(ctx, r, fill, sr_case("lor_land", hpg::lor_land<bool>, Mon::lor, Bin::land));
      ewise_semiring(ctx, r, fill, sr_case("min_plus", hpg::min_plus<float>, Mon::min, Bin::plus));
    }
  });
}

// Inputs of different types than the output and the operator (typecast as in GraphBLAS).
TEST_P(ParityEwise, MixedTypes) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      for (bool add : {true, false}) {
        // int32 u and v through plus<double> into a float output.
        const Index n = random_dim(r);
        auto u = make(random_vector<std::int32_t>(r, n, fill), ctx.backend);
        auto v = make(random_vector<std::int32_t>(r, n, any_fill(r)), ctx.backend);
        auto w0 = make(random_vector<float>(r, n, any_fill(r)), ctx.backend);
        auto mask = make(random_vector<bool>(r, n, any_fill(r)), ctx.backend);
        const auto acc = accum_of<float>(random_accum<float>(r));
        check_all(
            ctx, std::string(add ? "ewise_add" : "ewise_mult") + " op=plus<fp64> u,v:int32 w:fp32 mask:bool n=" + std::to_string(n), false,
            false, w0, mask, acc,
            [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) {
              if (add) hpg::ewise_add(w, mk, ac, hpg::plus<double>{}, u.h, v.h, d);
              else hpg::ewise_mult(w, mk, ac, hpg::plus<double>{}, u.h, v.h, d);
            },
            [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
              return add ? GrB_Vector_eWiseAdd_BinaryOp(w, mk, ac, GrB_PLUS_FP64, u.g.get(), v.g.get(), d)
                         : GrB_Vector_eWiseMult_BinaryOp(w, mk, ac, GrB_PLUS_FP64, u.g.get(), v.g.get(), d);
            });
      }
    }
  });
}

// w<w> = accum(w, w + v), C<C> = C .* C ...
TEST_P(ParityEwise, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int32_t;
      const Index n = random_dim(r);
      auto w0 = make(random_vector<T>(r, n, trial_fill(seed)), ctx.backend);
      auto v = make(random_vector<T>(r, n, any_fill(r)), ctx.backend);
      auto c0 = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      const auto acc = accum_of<T>(Bin::times);
      const DynBinary<T> minus{Bin::minus};
      for (const Combo& c : combos(false, false)) {
        const std::string d = describe(c, acc.name, false, false) + " (mask = the output)";
        check_alias(
            ctx, "ewise_add(w, w, accum, minus<int32>, w, v) " + d, w0,
            [&](auto& x) {
              with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::ewise_add(x, mk, ac, minus, x, v.h, hpg_desc(c)); });
            },
            [&](GrB_Vector x) {
              return GrB_Vector_eWiseAdd_BinaryOp(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_MINUS_INT32, x,
                                                  v.g.get(), grb_desc(c));
            });
        check_alias(
            ctx, "ewise_mult(w, w, accum, minus<int32>, v, w) " + d, w0,
            [&](auto& x) {
              with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::ewise_mult(x, mk, ac, minus, v.h, x, hpg_desc(c)); });
            },
            [&](GrB_Vector x) {
              return GrB_Vector_eWiseMult_BinaryOp(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_MINUS_INT32,
                                                   v.g.get(), x, grb_desc(c));
            });
      }
      for (bool t0 : {false, true})
        for (bool t1 : {false, true})
          for (const Combo& c : combos(t0, t1)) {
            const std::string d = describe(c, acc.name) + " (mask = the output)";
            check_alias(
                ctx, "ewise_add(C, C, accum, minus<int32>, C, C) " + d, c0,
                [&](auto& x) {
                  with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::ewise_add(x, mk, ac, minus, x, x, hpg_desc(c)); });
                },
                [&](GrB_Matrix x) {
                  return GrB_Matrix_eWiseAdd_BinaryOp(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_MINUS_INT32,
                                                      x, x, grb_desc(c));
                });
          }
    }
  });
}

TEST_P(ParityEwise, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = float;
    const Backend b = ctx.backend;
    auto u3 = make(random_vector<T>(r, 3, Fill::dense), b);
    auto u4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto w3 = make(random_vector<T>(r, 3, Fill::sparse), b);
    auto m4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto a23 = make(random_matrix<T>(r, 2, 3, Fill::dense), b);
    auto a32 = make(random_matrix<T>(r, 3, 2, Fill::dense), b);
    auto c23 = make(random_matrix<T>(r, 2, 3, Fill::sparse), b);
    const hpg::plus<T> plus;
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
    vrun("ewise_add: v has 4 entries, w 3", [&](auto& w) { hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, plus, u3.h, u4.h); },
         [&](GrB_Vector w) { return GrB_Vector_eWiseAdd_BinaryOp(w, nullptr, nullptr, GrB_PLUS_FP32, u3.g.get(), u4.g.get(), nullptr); });
    vrun("ewise_mult: u has 4 entries, w 3", [&](auto& w) { hpg::ewise_mult(w, hpg::no_mask, hpg::no_accum, plus, u4.h, u3.h); },
         [&](GrB_Vector w) { return GrB_Vector_eWiseMult_BinaryOp(w, nullptr, nullptr, GrB_PLUS_FP32, u4.g.get(), u3.g.get(), nullptr); });
    vrun("ewise_add: mask has 4 entries, w 3", [&](auto& w) { hpg::ewise_add(w, m4.h, hpg::no_accum, plus, u3.h, u3.h); },
         [&](GrB_Vector w) { return GrB_Vector_eWiseAdd_BinaryOp(w, m4.g.get(), nullptr, GrB_PLUS_FP32, u3.g.get(), u3.g.get(), nullptr); });
    mrun("ewise_add: B is 3x2, C 2x3", [&](auto& c) { hpg::ewise_add(c, hpg::no_mask, hpg::no_accum, plus, a23.h, a32.h); },
         [&](GrB_Matrix c) { return GrB_Matrix_eWiseAdd_BinaryOp(c, nullptr, nullptr, GrB_PLUS_FP32, a23.g.get(), a32.g.get(), nullptr); });
    mrun("ewise_mult: A' is 3x2, C 2x3", [&](auto& c) { hpg::ewise_mult(c, hpg::no_mask, hpg::no_accum, plus, a23.h, a23.h, hpg::desc::transpose_first); },
         [&](GrB_Matrix c) { return GrB_Matrix_eWiseMult_BinaryOp(c, nullptr, nullptr, GrB_PLUS_FP32, a23.g.get(), a23.g.get(), GrB_DESC_T0); });
    mrun("ewise_add: mask is 3x2, C 2x3", [&](auto& c) { hpg::ewise_add(c, a32.h, hpg::no_accum, plus, a23.h, a23.h); },
         [&](GrB_Matrix c) { return GrB_Matrix_eWiseAdd_BinaryOp(c, a32.g.get(), nullptr, GrB_PLUS_FP32, a23.g.get(), a23.g.get(), nullptr); });
  });
}

}  // namespace
