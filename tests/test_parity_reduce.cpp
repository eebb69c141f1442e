// Differential suite against SuiteSparse:GraphBLAS: reduce a matrix's rows (or, transposed, its
// columns) to a vector with a monoid or a binary operator, under every descriptor combination, and
// reduce a vector or a matrix to a scalar (with and without an accumulator), on bool, int32, int64,
// uint64, float and double; an aliased output; error codes. See parity_support.hpp.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityReduce : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityReduce);

/// Values for a monoid: TIMES gets -1..1 on integers (no overflow over a 60-entry row) and
/// integer-valued -2..2 on floating types (exact products).
template <class T>
Values monoid_values(Mon m) {
  Values v;
  if (m == Mon::times) {
    v.lo = std::is_integral_v<T> ? -1 : -2;
    v.hi = std::is_integral_v<T> ? 1 : 2;
    v.fraction = 0;
  }
  return v;
}

/// w<mask> = accum(w, reduce rows of A) (columns under transpose_first). HOp: an hpg monoid or
/// binary operator; gcall(w, mask, accum, A, desc, variant) is SuiteSparse's.
template <class W, class T, class HOp, class GCall>
void reduce_rows_case(Ctx& ctx, Rng& r, Fill fill, const std::string& opdesc, const HOp& op, GCall&& gcall, bool bounded,
                      const Values& vals) {
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r), n = random_dim(r);
    auto a = make(t0 ? random_matrix<T>(r, n, m, fill, vals) : random_matrix<T>(r, m, n, fill, vals), ctx.backend);
    auto w0 = make(random_vector<W>(r, m, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, m, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<W>(random_accum<W>(r, bounded));
    std::ostringstream what;
    what << "reduce to vector " << opdesc << " w:" << type_name<W>() << "[" << m << ", " << w0.h.nvals() << " entries] A:" << type_name<T>()
         << "[" << a.h.nrows() << "x" << a.h.ncols() << ", " << a.h.nvals() << " entries, " << fill_name(fill) << "] mask:" << type_name<T>()
         << "[" << mask.h.nvals() << " entries]";
    check_all(
        ctx, what.str(), t0, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::reduce(w, mk, ac, op, a.h, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant v) { return gcall(w, mk, ac, a.g.get(), d, v); }, bounded);
  }
}

/// Compares two scalars (bounded: hpg's within SuiteSparse's MIN and MAX results).
template <class T>
void compare_scalar(Ctx& ctx, const std::string& what, const T& h, const T& g, const T* lo = nullptr, const T* hi = nullptr) {
  Entries<T> eh, eg, el, ei;
  eh.r = eg.r = el.r = ei.r = {0};
  eh.c = eg.c = el.c = ei.c = {0};
  eh.x = {h};
  eg.x = {g};
  if (lo) {
    el.x = {*lo};
    ei.x = {*hi};
    compare(ctx, what, eh, eg, true, &el, &ei);
  } else {
    compare(ctx, what, eh, eg, true);
  }
}

/// GrB_Vector_reduce_Monoid_Scalar and GrB_Matrix_reduce_Monoid_Scalar: hpg::Scalar s, empty or
/// holding a value, reduced into with and without an accumulator; whether s holds a value after
/// (x without entries: cleared without accum, unchanged with it) and which.
template <class T, class HMon, class X, class GX>
void reduce_into_scalar_case(Ctx& ctx, Rng& r, const HMon& hm, Mon gm, bool bounded, const X& x, GX gx, const std::string& xdesc) {
  for (int k = 0; k < 4; ++k) {
    const bool holds = k & 1, accumulates = k & 2;
    const auto acc = accum_of<T>(random_accum<T>(r, true));
    const T s0 = random_value<T>(r);
    const std::string what = std::string("reduce to GrB_Scalar monoid=") + name(gm) + "<" + type_name<T>() + "> accum=" +
                             (accumulates ? acc.name : std::string("none")) + " s=" + (holds ? show(s0) : std::string("empty")) + " " + xdesc;
    hpg::Scalar<T> hs(ctx.backend);
    if (holds) hs.set_element(s0);
    if (auto e = ctx.run_hpg(what, [&] {
          if (accumulates) hpg::reduce(hs, acc.h, hm, x);
          else hpg::reduce(hs, hpg::no_accum, hm, x);
        })) {
      ctx.fail("  case: " + what + "\n  hpg threw " + e->what());
      continue;
    }
    GrB_Scalar raw = nullptr;
    grb_ok(GrB_Scalar_new(&raw, hpg::grb_type<T>()), "GrB_Scalar_new");
    using Opaque = std::remove_pointer_t<GrB_Scalar>;
    std::unique_ptr<Opaque, void (*)(Opaque*)> gs(raw, [](Opaque* p) { GrB_Scalar_free(&p); });
    if (holds) grb_ok(grb_scalar_set(gs.get(), s0), "GrB_Scalar_setElement");
    grb_ok(gx(gs.get(), accumulates ? acc.g : nullptr), "GrB_reduce to GrB_Scalar");
    GrB_Index gn = 0;
    grb_ok(GrB_Scalar_nvals(&gn, gs.get()), "GrB_Scalar_nvals");
    const std::optional<T> got = hs.extract_element();
    if (got.has_value() != (gn == 1)) {
      ctx.fail("  case: " + what + "\n  hpg's scalar " + (got ? "holds a value" : "is empty") + ", SuiteSparse's " + (gn ? "holds one" : "is empty"));
      continue;
    }
    if (!got || bounded) continue;  // ANY: which entry it takes is free; presence was checked
    T want{};
    grb_ok(grb_scalar_get(&want, gs.get()), "GrB_Scalar_extractElement");
    compare_scalar(ctx, what, *got, want);
  }
}

/// s = reduce(monoid, u) and s = accum(s, reduce(monoid, A)) on both sides.
template <class T, class HMon>
void reduce_scalar_case(Ctx& ctx, Rng& r, Fill fill, const HMon& hm, Mon gm, bool bounded, const Values& vals) {
  const Index m = random_dim(r), n = random_dim(r);
  auto u = make(random_vector<T>(r, n, fill, vals), ctx.backend);
  auto a = make(random_matrix<T>(r, m, n, fill, vals), ctx.backend);
  const std::string mdesc = std::string("monoid=") + name(gm) + "<" + type_name<T>() + ">";
  auto grb_vs = [&](Mon mon, GrB_BinaryOp ac, T s0) {
    T s = s0;
    grb_ok(grb_reduce_scalar(&s, ac, grb_monoid<T>(mon), u.g.get()), "GrB_Vector_reduce");
    return s;
  };
  auto grb_ms = [&](Mon mon, GrB_BinaryOp ac, T s0) {
    T s = s0;
    grb_ok(grb_reduce_scalar(&s, ac, grb_monoid<T>(mon), a.g.get()), "GrB_Matrix_reduce");
    return s;
  };
  // No accumulator: the value (the identity when there are no entries).
  {
    const std::string what = "reduce to scalar " + mdesc + " u:[" + std::to_string(n) + ", " + std::to_string(u.h.nvals()) + " entries, " + fill_name(fill) + "]";
    T h{};
    if (auto e = ctx.run_hpg(what, [&] { h = hpg::reduce(hm, u.h); })) {
      ctx.fail("  case: " + what + "\n  hpg threw " + e->what());
    } else if (bounded && u.h.nvals() > 0) {
      const T lo = grb_vs(Mon::min, nullptr, T{}), hi = grb_vs(Mon::max, nullptr, T{});
      compare_scalar(ctx, what, h, grb_vs(gm, nullptr, T{}), &lo, &hi);
    } else {
      compare_scalar(ctx, what, h, grb_vs(gm, nullptr, T{}));
    }
  }
  {
    const std::string what = "reduce to scalar " + mdesc + " A:[" + std::to_string(m) + "x" + std::to_string(n) + ", " + std::to_string(a.h.nvals()) +
                             " entries, " + fill_name(fill) + "]";
    T h{};
    if (auto e = ctx.run_hpg(what, [&] { h = hpg::reduce(hm, a.h); })) {
      ctx.fail("  case: " + what + "\n  hpg threw " + e->what());
    } else if (bounded && a.h.nvals() > 0) {
      const T lo = grb_ms(Mon::min, nullptr, T{}), hi = grb_ms(Mon::max, nullptr, T{});
      compare_scalar(ctx, what, h, grb_ms(gm, nullptr, T{}), &lo, &hi);
    } else {
      compare_scalar(ctx, what, h, grb_ms(gm, nullptr, T{}));
    }
  }
  reduce_into_scalar_case<T>(ctx, r, hm, gm, bounded, u.h, [&](GrB_Scalar gs, GrB_BinaryOp ac) {
    return GrB_Vector_reduce_Monoid_Scalar(gs, ac, grb_monoid<T>(gm), u.g.get(), nullptr);
  }, "u:[" + std::to_string(n) + ", " + std::to_string(u.h.nvals()) + " entries, " + fill_name(fill) + "]");
  reduce_into_scalar_case<T>(ctx, r, hm, gm, bounded, a.h, [&](GrB_Scalar gs, GrB_BinaryOp ac) {
    return GrB_Matrix_reduce_Monoid_Scalar(gs, ac, grb_monoid<T>(gm), a.g.get(), nullptr);
  }, "A:[" + std::to_string(m) + "x" + std::to_string(n) + ", " + std::to_string(a.h.nvals()) + " entries, " + fill_name(fill) + "]");
  // With an accumulator: s = accum(s, reduce(...)).
  for (int k = 0; k < 2; ++k) {
    const auto acc = accum_of<T>(random_accum<T>(r, true));
    const T s0 = random_value<T>(r);
    const bool vec = k == 0;
    const std::string what = "reduce to scalar with accum=" + acc.name + " s0=" + show(s0) + " " + mdesc + (vec ? " u:[" : " A:[") +
                             std::to_string(vec ? u.h.nvals() : a.h.nvals()) + " entries, " + fill_name(fill) + "]";
    T h = s0;
    const bool any_entries = vec ? u.h.nvals() > 0 : a.h.nvals() > 0;
    if (auto e = ctx.run_hpg(what, [&] {
          if (vec) hpg::reduce(h, acc.h, hm, u.h);
          else hpg::reduce(h, acc.h, hm, a.h);
        })) {
      ctx.fail("  case: " + what + "\n  hpg threw " + e->what());
      continue;
    }
    auto g = [&](Mon mon) { return vec ? grb_vs(mon, acc.g, s0) : grb_ms(mon, acc.g, s0); };
    if (bounded && any_entries) {
      const T lo = g(Mon::min), hi = g(Mon::max);
      compare_scalar(ctx, what, h, g(gm), &lo, &hi);
    } else {
      compare_scalar(ctx, what, h, g(gm));
    }
  }
}

template <class T, class HMon>
void reduce_monoid(Ctx& ctx, Rng& r, Fill fill, const HMon& hm, Mon gm) {
  const bool bounded = gm == Mon::any;
  const Values vals = monoid_values<T>(gm);
  reduce_rows_case<T, T>(
      ctx, r, fill, std::string("monoid=") + name(gm) + "<" + type_name<T>() + ">", hm,
      [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d, Variant v) {
        return GrB_Matrix_reduce_Monoid(w, mk, ac, grb_monoid<T>(variant_monoid(gm, v)), a, d);
      },
      bounded, vals);
  reduce_scalar_case<T>(ctx, r, fill, hm, gm, bounded, vals);
}

template <class T>
void reduce_all(Ctx& ctx, Rng& r, Fill fill) {
  // Every monoid that makes sense on T, selected at run time (DynMonoid forwards to hpg's monoids).
  const std::vector<Mon> monoids = std::is_same_v<T, bool> ? std::vector<Mon>{Mon::lor, Mon::land, Mon::lxor, Mon::eq}
                                                           : std::vector<Mon>{Mon::plus, Mon::times, Mon::min, Mon::max, Mon::any};
  for (Mon m : monoids) reduce_monoid<T>(ctx, r, fill, DynMonoid<T>{m}, m);
}

/// A binary operator instead of a monoid (GrB_Matrix_reduce_BinaryOp; SuiteSparse takes the
/// operators of its built-in monoids).
template <class T>
void reduce_binary_ops(Ctx& ctx, Rng& r, Fill fill) {
  const std::vector<Bin> ops = std::is_same_v<T, bool> ? std::vector<Bin>{Bin::lor, Bin::land, Bin::lxor}
                                                       : std::vector<Bin>{Bin::plus, Bin::min, Bin::max, Bin::times};
  for (Bin k : ops) {
    reduce_rows_case<T, T>(
        ctx, r, fill, std::string("op=") + name(k) + "<" + type_name<T>() + ">", DynBinary<T>{k},
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d, Variant) {
          return GrB_Matrix_reduce_BinaryOp(w, mk, ac, grb_binop<T>(k), a, d);
        },
        false, monoid_values<T>(k == Bin::times ? Mon::times : Mon::plus));
  }
}

#define HPG_REDUCE_TYPE_TEST(NAME, T)           \
  TEST_P(ParityReduce, NAME) {                  \
    HPG_PARITY_BODY(ctx, {                      \
      for (auto seed : seeds(30)) {             \
        ctx.seed = seed;                        \
        Rng r(seed);                            \
        reduce_all<T>(ctx, r, trial_fill(seed)); \
      }                                         \
    });                                         \
  }
HPG_REDUCE_TYPE_TEST(Bool, bool)
HPG_REDUCE_TYPE_TEST(Int32, std::int32_t)
HPG_REDUCE_TYPE_TEST(Int64, std::int64_t)
HPG_REDUCE_TYPE_TEST(Uint64, std::uint64_t)
HPG_REDUCE_TYPE_TEST(Float, float)
HPG_REDUCE_TYPE_TEST(Double, double)
#undef HPG_REDUCE_TYPE_TEST

// Binary operators as the reduction (a few types: the operators are the monoids' above).
TEST_P(ParityReduce, BinaryOperators) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(30)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      reduce_binary_ops<bool>(ctx, r, fill);
      reduce_binary_ops<std::int32_t>(ctx, r, fill);
      reduce_binary_ops<double>(ctx, r, fill);
    }
  });
}

// hpg's named monoids as users write them.
TEST_P(ParityReduce, NamedMonoids) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(30)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      reduce_monoid<std::int32_t>(ctx, r, fill, hpg::plus_monoid<std::int32_t>{}, Mon::plus);
      reduce_monoid<double>(ctx, r, fill, hpg::min_monoid<double>{}, Mon::min);
      reduce_monoid<std::int64_t>(ctx, r, fill, hpg::any_monoid<std::int64_t>{}, Mon::any);
      reduce_monoid<bool>(ctx, r, fill, hpg::lor_monoid<bool>{}, Mon::lor);
    }
  });
}

// A monoid on another type than the matrix and the output: int32 rows summed in int64 into a
// double vector; bool rows counted with plus<uint64>.
TEST_P(ParityReduce, MixedTypes) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(30)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      reduce_rows_case<double, std::int32_t>(
          ctx, r, fill, "monoid=plus<int64> (int32 -> fp64)", hpg::plus_monoid<std::int64_t>{},
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d, Variant) {
            return GrB_Matrix_reduce_Monoid(w, mk, ac, GrB_PLUS_MONOID_INT64, a, d);
          },
          false, Values{});
      reduce_rows_case<std::uint64_t, bool>(
          ctx, r, fill, "monoid=plus<uint64> (bool -> uint64)", hpg::plus_monoid<std::uint64_t>{},
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Matrix a, GrB_Descriptor d, Variant) {
            return GrB_Matrix_reduce_Monoid(w, mk, ac, GrB_PLUS_MONOID_UINT64, a, d);
          },
          false, Values{});
    }
  });
}

// w<w> = accum(w, reduce(A)) with the output as its own mask.
TEST_P(ParityReduce, OutputAsMask) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int32_t;
      const Index n = random_dim(r);
      auto a = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      auto w0 = make(random_vector<T>(r, n, any_fill(r), mask_values()), ctx.backend);
      const auto acc = accum_of<T>(Bin::plus);
      for (bool t0 : {false, true})
        for (const Combo& c : combos(t0, false)) {
          check_alias(
              ctx, "reduce(w, w, accum, plus_monoid<int32>, A) " + describe(c, acc.name, true, false) + " (mask = the output)", w0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::reduce(x, mk, ac, hpg::plus_monoid<T>{}, a.h, hpg_desc(c)); });
              },
              [&](GrB_Vector x) {
                return GrB_Matrix_reduce_Monoid(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, GrB_PLUS_MONOID_INT32, a.g.get(),
                                                grb_desc(c));
              });
        }
    }
  });
}

TEST_P(ParityReduce, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::int64_t;
    const Backend b = ctx.backend;
    auto a = make(random_matrix<T>(r, 4, 3, Fill::sparse), b);
    auto w3 = make(random_vector<T>(r, 3, Fill::sparse), b);
    auto w4 = make(random_vector<T>(r, 4, Fill::sparse), b);
    auto m3 = make(random_vector<T>(r, 3, Fill::dense), b);
    auto run = [&](const std::string& what, auto& w, auto&& hop, auto&& gop) {
      auto before = w.dup();
      const auto hi = hpg_code(ctx, [&] { hop(w.h); });
      expect_error(ctx, what, hi, gop(w.g.get()), hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, w.h);
    };
    run("reduce: A has 4 rows, w 3 entries", w3, [&](auto& w) { hpg::reduce(w, hpg::no_mask, hpg::no_accum, DynMonoid<T>{Mon::plus}, a.h); },
        [&](GrB_Vector w) { return GrB_Matrix_reduce_Monoid(w, nullptr, nullptr, GrB_PLUS_MONOID_INT64, a.g.get(), nullptr); });
    run("reduce: A' has 3 rows, w 4 entries", w4,
        [&](auto& w) { hpg::reduce(w, hpg::no_mask, hpg::no_accum, DynMonoid<T>{Mon::plus}, a.h, hpg::desc::transpose_first); },
        [&](GrB_Vector w) { return GrB_Matrix_reduce_Monoid(w, nullptr, nullptr, GrB_PLUS_MONOID_INT64, a.g.get(), GrB_DESC_T0); });
    run("reduce: mask has 3 entries, w 4", w4, [&](auto& w) { hpg::reduce(w, m3.h, hpg::no_accum, DynMonoid<T>{Mon::max}, a.h); },
        [&](GrB_Vector w) { return GrB_Matrix_reduce_Monoid(w, m3.g.get(), nullptr, GrB_MAX_MONOID_INT64, a.g.get(), nullptr); });
  });
}

}  // namespace
