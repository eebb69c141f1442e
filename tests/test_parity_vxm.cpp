// Differential suite against SuiteSparse:GraphBLAS: vxm (masked and unmasked, every descriptor
// combination, A transposed or not) over the built-in semirings on bool, int32, int64, uint64,
// float and double (run-time selected through DynSemiring), hpg's named semiring constants, the
// docs/design.md's BFS step with mixed types, zero-sized dimensions, an aliased output, and the error codes
// of invalid calls. See parity_support.hpp for the machinery and how to replay a seed.
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityVxm : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityVxm);

/// w<mask> = accum(w, u A) (u A' under transpose_second).
template <class W, class A, class U, class M, class SR>
void vxm_case(Ctx& ctx, Rng& r, Fill fill, const SrCase<SR>& sr) {
  for (bool t1 : {false, true}) {
    const Index m = random_dim(r), n = random_dim(r);  // u: m, w: n
    auto a = make(t1 ? random_matrix<A>(r, n, m, fill) : random_matrix<A>(r, m, n, fill), ctx.backend);
    auto u = make(random_vector<U>(r, m, any_fill(r)), ctx.backend);
    auto w0 = make(random_vector<W>(r, n, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<M>(r, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<W>(random_accum<W>(r, sr.bounded));
    std::ostringstream what;
    what << "vxm semiring=" << sr.name << "<" << type_name<typename SR::value_type>() << "> w:" << type_name<W>() << "[" << n
         << "] A:" << type_name<A>() << "[" << a.h.nrows() << "x" << a.h.ncols() << ", " << a.h.nvals() << " entries, " << fill_name(fill)
         << "] u:" << type_name<U>() << "[" << u.h.nvals() << " entries] mask:" << type_name<M>() << " w0 " << w0.h.nvals() << " entries";
    check_all(
        ctx, what.str(), false, t1, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::vxm(w, mk, ac, sr.h, u.h, a.h, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant v) {
          return GrB_vxm(w, mk, ac, sr.g(v), u.g.get(), a.g.get(), d);
        },
        sr.bounded);
  }
}

// Every semiring of semirings_for<T>() on T (run-time selected: one instantiation per type).
TEST_P(ParityVxm, Semirings) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      each_dyn_semiring([&](const auto& sr) {
        using T = typename std::decay_t<decltype(sr)>::Z;
        vxm_case<T, T, T, T>(ctx, r, trial_fill(seed), sr);
      });
    }
  });
}

// hpg's named semiring constants as users write them, and docs/design.md's BFS step: a bool matrix, an
// int64 frontier, any_secondi<int64_t>, a bool mask (the parent of each reached vertex is checked
// to be one of its possible parents: SuiteSparse's ANY may pick any).
TEST_P(ParityVxm, NamedSemiringsAndMixedTypes) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill f = trial_fill(seed);
      const auto any_secondi = sr_case("any_secondi", hpg::any_secondi<std::int64_t>, Mon::any, Bin::secondi);
      vxm_case<std::int64_t, std::int64_t, std::int64_t, std::int64_t>(ctx, r, f, any_secondi);
      vxm_case<double, double, double, double>(ctx, r, f, sr_case("min_plus", hpg::min_plus<double>, Mon::min, Bin::plus));
      vxm_case<std::int64_t, bool, std::int64_t, bool>(ctx, r, f, any_secondi);
    }
  });
}

// u<u> = accum(u, u A) with the output as input and mask.
TEST_P(ParityVxm, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      using T = std::int32_t;
      const Index n = random_dim(r);
      auto a = make(random_matrix<T>(r, n, n, trial_fill(seed)), ctx.backend);
      auto u0 = make(random_vector<T>(r, n, any_fill(r)), ctx.backend);
      const auto sr = dyn_sr_case<T>(Mon::min, Bin::plus);
      const auto acc = accum_of<T>(Bin::plus);
      for (bool t : {false, true})
        for (const Combo& c : combos(false, t))
          check_alias(
              ctx, "vxm(u, u, accum, min_plus<int32>, u, A) A " + std::to_string(n) + "x" + std::to_string(n) + " " +
                       describe(c, acc.name, false, true) + " (mask = the output)",
              u0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::vxm(x, mk, ac, sr.h, x, a.h, hpg_desc(c)); });
              },
              [&](GrB_Vector x) {
                return GrB_vxm(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, sr.g(), x, a.g.get(), grb_desc(c));
              });
    }
  });
}

// u A with A 0 x n, m x 0 or 0 x 0 (the inner dimension 0 as in test_parity_mxv.cpp).
TEST_P(ParityVxm, ZeroDimensions) {
  HPG_PARITY_BODY(ctx, {
    Rng r(5);
    using T = std::int32_t;
    const auto sr = dyn_sr_case<T>(Mon::plus, Bin::times);
    const auto acc = accum_of<T>(Bin::plus);
    for (const auto& shape : {std::pair<Index, Index>{0, 5}, {5, 0}, {0, 0}}) {
      const Index m = shape.first, n = shape.second;  // not a structured binding: lambdas capture them (clang 14)
      auto a = make(random_matrix<T>(r, m, n, Fill::dense), ctx.backend);
      auto um = make(random_vector<T>(r, m, Fill::dense), ctx.backend);
      auto wn = make(random_vector<T>(r, n, Fill::dense), ctx.backend);
      auto mn = make(random_vector<T>(r, n, Fill::sparse, mask_values()), ctx.backend);
      auto a_1n = make(random_matrix<T>(r, 1, n, Fill::empty), ctx.backend);  // stand-in for an inner m = 0
      auto one = make(random_vector<T>(r, 1, Fill::empty), ctx.backend);
      check_all(
          ctx, "vxm plus_times<int32> A " + std::to_string(m) + "x" + std::to_string(n), false, false, wn, mn, acc,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::vxm(w, mk, ac, sr.h, um.h, a.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
            return m == 0 ? GrB_vxm(w, mk, ac, sr.g(), one.g.get(), a_1n.g.get(), d) : GrB_vxm(w, mk, ac, sr.g(), um.g.get(), a.g.get(), d);
          });
    }
  });
}

TEST_P(ParityVxm, Errors) {
  HPG_PARITY_BODY(ctx, {
    Rng r(1);
    using T = std::int32_t;
    const Backend b = ctx.backend;
    auto a = make(random_matrix<T>(r, 4, 3, Fill::sparse), b);  // 4 x 3
    auto u3 = make(random_vector<T>(r, 3, Fill::dense), b);
    auto u4 = make(random_vector<T>(r, 4, Fill::dense), b);
    auto w4 = make(random_vector<T>(r, 4, Fill::sparse), b);
    auto w3 = make(random_vector<T>(r, 3, Fill::sparse), b);
    auto m5 = make(random_vector<T>(r, 5, Fill::dense), b);
    const auto sr = dyn_sr_case<T>(Mon::plus, Bin::times);
    auto run = [&](const std::string& what, auto& w, auto&& hop, auto&& gop) {
      auto before = w.dup();
      const auto hi = hpg_code(ctx, [&] { hop(w.h); });
      const GrB_Info gi = gop(w.g.get());
      expect_error(ctx, what, hi, gi, hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, w.h);
    };
    run("vxm: u has 3 entries, A is 4x3", w3, [&](auto& w) { hpg::vxm(w, hpg::no_mask, hpg::no_accum, sr.h, u3.h, a.h); },
        [&](GrB_Vector w) { return GrB_vxm(w, nullptr, nullptr, sr.g(), u3.g.get(), a.g.get(), nullptr); });
    run("vxm: w has 4 entries, A is 4x3", w4, [&](auto& w) { hpg::vxm(w, hpg::no_mask, hpg::no_accum, sr.h, u4.h, a.h); },
        [&](GrB_Vector w) { return GrB_vxm(w, nullptr, nullptr, sr.g(), u4.g.get(), a.g.get(), nullptr); });
    run("vxm: A' is 3x4, u has 4 entries", w4,
        [&](auto& w) { hpg::vxm(w, hpg::no_mask, hpg::no_accum, sr.h, u4.h, a.h, hpg::desc::transpose_second); },
        [&](GrB_Vector w) { return GrB_vxm(w, nullptr, nullptr, sr.g(), u4.g.get(), a.g.get(), GrB_DESC_T1); });
    run("vxm: mask has 5 entries, w 3", w3, [&](auto& w) { hpg::vxm(w, m5.h, hpg::no_accum, sr.h, u4.h, a.h); },
        [&](GrB_Vector w) { return GrB_vxm(w, m5.g.get(), nullptr, sr.g(), u4.g.get(), a.g.get(), nullptr); });
  });
}

}  // namespace
