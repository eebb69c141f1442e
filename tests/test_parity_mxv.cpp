// Differential suite against SuiteSparse:GraphBLAS: mxv (masked and unmasked, every descriptor
// combination, A transposed or not) over the built-in semirings on bool, int32, int64, uint64,
// float and double (selected at run time through DynSemiring, which forwards to hpg's monoids and
// operators), hpg's named semiring constants, mixed-type operands, zero-sized dimensions, an
// aliased output, and the error codes of invalid calls. See parity_support.hpp for the machinery
// and how to replay a seed. (In a CUDA build every mxv instantiation brings its GPU kernels: the
// semirings are run-time values to keep this file's compile time down; vxm is in its own file.)
#include "parity_support.hpp"

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

class ParityMxv : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityMxv);

/// w<mask> = accum(w, A u) (A' u under transpose_first), W/A/U/M the output, matrix, vector and mask types.
template <class W, class A, class U, class M, class SR>
void mxv_case(Ctx& ctx, Rng& r, Fill fill, const SrCase<SR>& sr) {
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r), n = random_dim(r);
    auto a = make(t0 ? random_matrix<A>(r, n, m, fill) : random_matrix<A>(r, m, n, fill), ctx.backend);
    auto u = make(random_vector<U>(r, n, any_fill(r)), ctx.backend);
    auto w0 = make(random_vector<W>(r, m, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<M>(r, m, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<W>(random_accum<W>(r, sr.bounded));
    std::ostringstream what;
    what << "mxv semiring=" << sr.name << "<" << type_name<typename SR::value_type>() << "> w:" << type_name<W>() << "[" << m
         << "] A:" << type_name<A>() << "[" << a.h.nrows() << "x" << a.h.ncols() << ", " << a.h.nvals() << " entries, " << fill_name(fill)
         << "] u:" << type_name<U>() << "[" << u.h.nvals() << " entries] mask:" << type_name<M>() << " w0 " << w0.h.nvals() << " entries";
    check_all(
        ctx, what.str(), t0, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxv(w, mk, ac, sr.h, a.h, u.h, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant v) {
          return GrB_mxv(w, mk, ac, sr.g(v), a.g.get(), u.g.get(), d);
        },
        sr.bounded);
  }
}

// Every semiring of semirings_for<T>() on T (run-time selected: one instantiation per type).
TEST_P(ParityMxv, Semirings) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      each_dyn_semiring([&](const auto& sr) {
        using T = typename std::decay_t<decltype(sr)>::Z;
        mxv_case<T, T, T, T>(ctx, r, trial_fill(seed), sr);
      });
    }
  });
}

// hpg's named semiring constants as users write them, and operands of other types than the
// semiring's (typecast as GraphBLAS does): an int32 matrix with a float vector into doubles.
TEST_P(ParityMxv, NamedSemiringsAndMixedTypes) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill f = trial_fill(seed);
      mxv_case<std::int32_t, std::int32_t, std::int32_t, std::int32_t>(ctx, r, f, sr_case("plus_times", hpg::plus_times<std::int32_t>, Mon::plus, Bin::times));
      mxv_case<bool, bool, bool, bool>(ctx, r, f, sr_case("lor_land", hpg::lor_land<bool>, Mon::lor, Bin::land));
      mxv_case<double, std::int32_t, float, std::int32_t>(ctx, r, f, sr_case("plus_times", hpg::plus_times<double>, Mon::plus, Bin::times));
    }
  });
}

// GraphBLAS 2.0 lets the output be an input and the mask: u<u> = accum(u, A u).
TEST_P(ParityMxv, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Index n = random_dim(r);
      auto a = make(random_matrix<std::int32_t>(r, n, n, trial_fill(seed)), ctx.backend);
      auto u0 = make(random_vector<std::int32_t>(r, n, any_fill(r)), ctx.backend);
      const auto sr = sr_case("plus_times", hpg::plus_times<std::int32_t>, Mon::plus, Bin::times);
      const auto acc = accum_of<std::int32_t>(Bin::plus);
      for (bool t : {false, true})
        for (const Combo& c : combos(t, false))
          check_alias(
              ctx, "mxv(u, u, accum, plus_times<int32>, A, u) A " + std::to_string(n) + "x" + std::to_string(n) + " " +
                       describe(c, acc.name, true, false) + " (mask = the output)",
              u0,
              [&](auto& x) {
                with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::mxv(x, mk, ac, sr.h, a.h, x, hpg_desc(c)); });
              },
              [&](GrB_Vector x) {
                return GrB_mxv(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, sr.g(), a.g.get(), x, grb_desc(c));
              });
    }
  });
}

// Zero-sized dimensions: A is 0 x n, m x 0 or 0 x 0; the mask / accumulator / replace pipeline
// still runs on whatever w holds. SuiteSparse 7.4.0 wrongly returns GrB_DIMENSION_MISMATCH for some
// of these products with an inner dimension of 0 (w<M> += A*u with A 5x0 and every w(i) present),
// so its reference there is the same empty product computed with an inner dimension of 1 holding
// no entries.
TEST_P(ParityMxv, ZeroDimensions) {
  HPG_PARITY_BODY(ctx, {
    Rng r(5);
    using T = std::int32_t;
    const auto sr = sr_case("plus_times", hpg::plus_times<T>, Mon::plus, Bin::times);
    const auto acc = accum_of<T>(Bin::plus);
    for (const auto& shape : {std::pair<Index, Index>{0, 5}, {5, 0}, {0, 0}}) {
      const Index m = shape.first, n = shape.second;  // not a structured binding: lambdas capture them (clang 14)
      auto a = make(random_matrix<T>(r, m, n, Fill::dense), ctx.backend);
      auto u = make(random_vector<T>(r, n, Fill::dense), ctx.backend);
      auto un = make(random_vector<T>(r, m, Fill::dense), ctx.backend);
      auto wm = make(random_vector<T>(r, m, Fill::dense), ctx.backend);
      auto wn = make(random_vector<T>(r, n, Fill::dense), ctx.backend);
      auto mm = make(random_vector<T>(r, m, Fill::sparse, mask_values()), ctx.backend);
      auto mn = make(random_vector<T>(r, n, Fill::sparse, mask_values()), ctx.backend);
      // The stand-ins with an inner dimension of 1 and no entries.
      auto a_m1 = make(random_matrix<T>(r, m, 1, Fill::empty), ctx.backend);  // for A u, inner n = 0
      auto a_1n = make(random_matrix<T>(r, 1, n, Fill::empty), ctx.backend);  // for A' u, inner m = 0
      auto one = make(random_vector<T>(r, 1, Fill::empty), ctx.backend);
      const std::string dims = "A " + std::to_string(m) + "x" + std::to_string(n);
      check_all(
          ctx, "mxv plus_times<int32> " + dims, false, false, wm, mm, acc,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxv(w, mk, ac, sr.h, a.h, u.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
            return n == 0 ? GrB_mxv(w, mk, ac, sr.g(), a_m1.g.get(), one.g.get(), d) : GrB_mxv(w, mk, ac, sr.g(), a.g.get(), u.g.get(), d);
          });
      check_all(
          ctx, "mxv plus_times<int32> transposed " + dims, true, false, wn, mn, acc,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxv(w, mk, ac, sr.h, a.h, un.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
            return m == 0 ? GrB_mxv(w, mk, ac, sr.g(), a_1n.g.get(), one.g.get(), d) : GrB_mxv(w, mk, ac, sr.g(), a.g.get(), un.g.get(), d);
          });
    }
  });
}

// Invalid calls: the same error code as SuiteSparse, and the output untouched.
TEST_P(ParityMxv, Errors) {
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
    const auto sr = sr_case("plus_times", hpg::plus_times<T>, Mon::plus, Bin::times);
    const DynBinary<T> plus{Bin::plus};
    auto run = [&](const std::string& what, auto& w, auto&& hop, auto&& gop) {
      auto before = w.dup();
      const auto hi = hpg_code(ctx, [&] { hop(w.h); });
      const GrB_Info gi = gop(w.g.get());
      expect_error(ctx, what, hi, gi, hpg::Info::dimension_mismatch);
      expect_unchanged(ctx, what, before.h, w.h);
    };
    run("mxv: w has 3 entries, A is 4x3", w3, [&](auto& w) { hpg::mxv(w, hpg::no_mask, hpg::no_accum, sr.h, a.h, u3.h); },
        [&](GrB_Vector w) { return GrB_mxv(w, nullptr, nullptr, sr.g(), a.g.get(), u3.g.get(), nullptr); });
    run("mxv: u has 4 entries, A is 4x3", w4, [&](auto& w) { hpg::mxv(w, hpg::no_mask, hpg::no_accum, sr.h, a.h, u4.h); },
        [&](GrB_Vector w) { return GrB_mxv(w, nullptr, nullptr, sr.g(), a.g.get(), u4.g.get(), nullptr); });
    run("mxv: A' is 3x4, u has 3 entries", w3,
        [&](auto& w) { hpg::mxv(w, hpg::no_mask, hpg::no_accum, sr.h, a.h, u3.h, hpg::desc::transpose_first); },
        [&](GrB_Vector w) { return GrB_mxv(w, nullptr, nullptr, sr.g(), a.g.get(), u3.g.get(), GrB_DESC_T0); });
    run("mxv: mask has 5 entries, w 4", w4, [&](auto& w) { hpg::mxv(w, m5.h, hpg::no_accum, sr.h, a.h, u3.h); },
        [&](GrB_Vector w) { return GrB_mxv(w, m5.g.get(), nullptr, sr.g(), a.g.get(), u3.g.get(), nullptr); });
    run("mxv: structural mask has 5 entries, w 4", w4, [&](auto& w) { hpg::mxv(w, m5.h, plus, sr.h, a.h, u3.h, hpg::desc::structure); },
        [&](GrB_Vector w) { return GrB_mxv(w, m5.g.get(), GrB_PLUS_INT32, sr.g(), a.g.get(), u3.g.get(), GrB_DESC_S); });
  });
}

}  // namespace
