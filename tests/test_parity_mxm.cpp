// Differential suite against SuiteSparse:GraphBLAS: mxm (masked and unmasked, every descriptor
// combination, either input transposed) over the built-in semirings on bool, int32, int64, uint64,
// float and double (run-time selected through DynSemiring, plus some of hpg's named constants),
// mixed-type operands, zero-sized dimensions, aliased outputs, and the error codes of invalid calls.
// See parity_support.hpp for the machinery and how to replay a seed.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityMxm : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityMxm);

/// C<M> = accum(C, A B), with A and/or B transposed by the descriptor.
template <class C, class A, class B, class M, class SR>
void mxm_case(Ctx& ctx, Rng& r, Fill fill, const SrCase<SR>& sr) {
  for (bool t0 : {false, true})
    for (bool t1 : {false, true}) {
      const Index m = random_dim(r, 40), k = random_dim(r, 40), n = random_dim(r, 40);
      auto a = make(t0 ? random_matrix<A>(r, k, m, fill) : random_matrix<A>(r, m, k, fill), ctx.backend);
      auto b = make(t1 ? random_matrix<B>(r, n, k, any_fill(r)) : random_matrix<B>(r, k, n, any_fill(r)), ctx.backend);
      auto c0 = make(random_matrix<C>(r, m, n, any_fill(r)), ctx.backend);
      auto mask = make(random_matrix<M>(r, m, n, any_fill(r), mask_values()), ctx.backend);
      const auto acc = accum_of<C>(random_accum<C>(r, sr.bounded));
      std::ostringstream what;
      what << "mxm semiring=" << sr.name << "<" << type_name<typename SR::value_type>() << "> C:" << type_name<C>() << "[" << m << "x"
           << n << ", " << c0.h.nvals() << " entries] A:" << type_name<A>() << "[" << a.h.nrows() << "x" << a.h.ncols() << ", "
           << a.h.nvals() << " entries, " << fill_name(fill) << "] B:" << type_name<B>() << "[" << b.h.nrows() << "x" << b.h.ncols()
           << ", " << b.h.nvals() << " entries] mask:" << type_name<M>() << "[" << mask.h.nvals() << " entries]";
      check_all(
          ctx, what.str(), t0, t1, c0, mask, acc,
          [&](auto& cc, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxm(cc, mk, ac, sr.h, a.h, b.h, d); },
          [&](GrB_Matrix cc, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant v) {
            return GrB_mxm(cc, mk, ac, sr.g(v), a.g.get(), b.g.get(), d);
          },
          sr.bounded);
    }
}

// Every semiring of semirings_for<T>() on T (run-time selected: one instantiation per type).
TEST_P(ParityMxm, Mxm) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      each_dyn_semiring([&](const auto& sr) {
        using T = typename std::decay_t<decltype(sr)>::Z;
        mxm_case<T, T, T, T>(ctx, r, trial_fill(seed), sr);
      });
    }
  });
}

// hpg's named semiring constants as users write them.
TEST_P(ParityMxm, NamedSemirings) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      each_named_semiring([&](const auto& sr) {
        using T = typename std::decay_t<decltype(sr)>::Z;
        mxm_case<T, T, T, T>(ctx, r, trial_fill(seed), sr);
      });
    }
  });
}

TEST_P(ParityMxm, MixedTypes) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill f = trial_fill(seed);
      mxm_case<std::int64_t, bool, std::int64_t, bool>(ctx, r, f, sr_case("any_secondi", hpg::any_secondi<std::int64_t>, Mon::any, Bin::secondi));
      mxm_case<double, std::int32_t, float, std::int32_t>(ctx, r, f, sr_case("plus_times", hpg::plus_times<double>, Mon::plus, Bin::times));
      mxm_case<std::uint64_t, bool, bool, bool>(ctx, r, f, sr_case("plus_pair", hpg::plus_pair<std::uint64_t>, Mon::plus, Bin::oneb));
    }
  });
}

// C<C> = accum(C, C C), C<M> = accum(C, A C), C = accum(C, C' B) ... with the same aliasing on both sides.
TEST_P(ParityMxm, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(16)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int64_t;
      const Index n = random_dim(r, 30);
      auto c0 = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      auto a = make(random_matrix<T>(r, n, n, any_fill(r)), ctx.backend);
      auto mask = make(random_matrix<T>(r, n, n, any_fill(r), mask_values()), ctx.backend);
      const auto pt = dyn_sr_case<T>(Mon::plus, Bin::times);
      const auto mp = dyn_sr_case<T>(Mon::min, Bin::plus);
      const auto acc = accum_of<T>(r.chance(0.5) ? Bin::plus : Bin::min);
      const std::string dims = " C " + std::to_string(n) + "x" + std::to_string(n);
      for (bool t0 : {false, true})
        for (bool t1 : {false, true})
          for (const Combo& c : combos(t0, t1)) {
            const std::string d = describe(c, acc.name);
            check_alias(
                ctx, "mxm(C, C, accum, plus_times<int64>, C, C)" + dims + " " + d + " (mask = the output)", c0,
                [&](auto& x) {
                  with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::mxm(x, mk, ac, pt.h, x, x, hpg_desc(c)); });
                },
                [&](GrB_Matrix x) {
                  return GrB_mxm(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, pt.g(), x, x, grb_desc(c));
                });
            check_alias(
                ctx, "mxm(C, M, accum, min_plus<int64>, A, C)" + dims + " " + d, c0,
                [&](auto& x) {
                  with_mask_accum(c, mask.h, acc.h, [&](const auto& mk, const auto& ac) { hpg::mxm(x, mk, ac, mp.h, a.h, x, hpg_desc(c)); });
                },
                [&](GrB_Matrix x) {
                  return GrB_mxm(x, c.mask == MaskKind::none ? nullptr : mask.g.get(), c.accum ? acc.g : nullptr, mp.g(), a.g.get(), x,
                                 grb_desc(c));
                });
            check_alias(
                ctx, "mxm(C, M, accum, plus_times<int64>, C, A)" + dims + " " + d, c0,
                [&](auto& x) {
                  with_mask_accum(c, mask.h, acc.h, [&](const auto& mk, const auto& ac) { hpg::mxm(x, mk, ac, pt.h, x, a.h, hpg_desc(c)); });
                },
                [&](GrB_Matrix x) {
                  return GrB_mxm(x, c.mask == MaskKind::none ? nullptr : mask.g.get(), c.accum ? acc.g : nullptr, pt.g(), x, a.g.get(),
                                 grb_desc(c));
                });
          }
    }
  });
}

// Zero-sized dimensions, including an empty inner dimension (C keeps only what accum / mask leave).
TEST_P(ParityMxm, ZeroDimensions) {
  HPG_PARITY_BODY(ctx, {
    Rng r(5);
    using T = float;
    const auto sr = dyn_sr_case<T>(Mon::min, Bin::plus);
    const auto acc = accum_of<T>(Bin::max);
    for (auto [m, k, n] : {std::tuple<Index, Index, Index>{3, 0, 4}, {0, 3, 4}, {3, 4, 0}, {0, 0, 0}}) {
      auto a = make(random_matrix<T>(r, m, k, Fill::dense), ctx.backend);
      auto b = make(random_matrix<T>(r, k, n, Fill::dense), ctx.backend);
      auto c0 = make(random_matrix<T>(r, m, n, Fill::dense), ctx.backend);
      auto mask = make(random_matrix<T>(r, m, n, Fill::sparse, mask_values()), ctx.backend);
      check_all(
          ctx, "mxm min_plus<fp32> " + std::to_string(m) + "x" + std::to_string(k) + " times " + std::to_string(k) + "x" + std::to_string(n), false,
          false, c0, mask, acc,
          [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxm(c, mk, ac, sr.h, a.h, b.h, d); },
          [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_mxm(c, mk, ac, sr.g(), a.g.get(), b.g.get(), d); });
    }
  });
}

TEST_P(ParityMxm, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = double;
    const Backend b = ctx.backend;
    auto a = make(random_matrix<T>(r, 4, 3, Fill::sparse), b);  // 4 x 3
    auto b32 = make(random_matrix<T>(r, 3, 2, Fill::sparse), b);  // 3 x 2
    auto b42 = make(random_matrix<T>(r, 4, 2, Fill::sparse), b);  // 4 x 2
    auto c42 = make(random_matrix<T>(r, 4, 2, Fill::sparse), b);
    auto c33 = make(random_matrix<T>(r, 3, 3, Fill::sparse), b);
    auto m43 = make(random_matrix<T>(r, 4, 3, Fill::dense), b);
    const auto sr = dyn_sr_case<T>(Mon::plus, Bin::times);
    auto run = [&](const std::string& what, auto& c, auto&& hop, auto&& gop) {
      auto before = c.dup();
      const auto hi = hpg_code(ctx, [&] { hop(c.h); });
      const GrB_Info gi = gop(c.g.get());
      expect_error(ctx, what, hi, gi, hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, c.h);
    };
    run("mxm: inner dimensions 3 and 4", c42, [&](auto& c) { hpg::mxm(c, hpg::no_mask, hpg::no_accum, sr.h, a.h, b42.h); },
        [&](GrB_Matrix c) { return GrB_mxm(c, nullptr, nullptr, sr.g(), a.g.get(), b42.g.get(), nullptr); });
    run("mxm: C is 3x3, A B is 4x2", c33, [&](auto& c) { hpg::mxm(c, hpg::no_mask, hpg::no_accum, sr.h, a.h, b32.h); },
        [&](GrB_Matrix c) { return GrB_mxm(c, nullptr, nullptr, sr.g(), a.g.get(), b32.g.get(), nullptr); });
    run("mxm: mask is 4x3, C 4x2", c42, [&](auto& c) { hpg::mxm(c, m43.h, hpg::no_accum, sr.h, a.h, b32.h); },
        [&](GrB_Matrix c) { return GrB_mxm(c, m43.g.get(), nullptr, sr.g(), a.g.get(), b32.g.get(), nullptr); });
    run("mxm: A' is 3x4, B 3x2", c42, [&](auto& c) { hpg::mxm(c, hpg::no_mask, hpg::no_accum, sr.h, a.h, b32.h, hpg::desc::transpose_first); },
        [&](GrB_Matrix c) { return GrB_mxm(c, nullptr, nullptr, sr.g(), a.g.get(), b32.g.get(), GrB_DESC_T0); });
    run("mxm: B' is 2x3, A 4x3", c42, [&](auto& c) { hpg::mxm(c, hpg::no_mask, hpg::no_accum, sr.h, a.h, b32.h, hpg::desc::transpose_second); },
        [&](GrB_Matrix c) { return GrB_mxm(c, nullptr, nullptr, sr.g(), a.g.get(), b32.g.get(), GrB_DESC_T1); });
  });
}

}  // namespace
