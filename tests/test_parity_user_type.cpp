// Differential suite against SuiteSparse:GraphBLAS with a user-defined value type: a struct with
// user operators written twice, as hpg functors and as GraphBLAS C functions (GrB_Type_new,
// GrB_BinaryOp_new, GrB_UnaryOp_new, GrB_IndexUnaryOp_new, GrB_Monoid_new_UDT, GrB_Semiring_new).
// mxv, vxm, mxm, ewise_add, ewise_mult, apply, select, reduce, assign, extract and transpose under
// every descriptor combination (valued masks are bool; a user-typed mask is used structurally),
// and the domain errors of invalid type combinations. See parity_support.hpp.
#include "parity_support.hpp"

#include <ostream>

namespace {

using namespace hpg::parity;
using hpg::Backend;
using hpg::Index;

/// The user type: no padding, so GraphBLAS's byte copies and C++ copies agree.
struct Pt {
  std::int64_t a;
  std::int32_t b;
  std::int32_t c;
  friend HPG_HOST_DEVICE bool operator==(const Pt& x, const Pt& y) { return x.a == y.a && x.b == y.b && x.c == y.c; }
  friend std::ostream& operator<<(std::ostream& o, const Pt& p) { return o << "{" << p.a << "," << p.b << "," << p.c << "}"; }
};
static_assert(sizeof(Pt) == 16);

// ---- the user operators as hpg functors ---------------------------------------------------------

/// Monoid operator: (a1 + a2, min(b1, b2), max(c1, c2)); identity (0, INT32_MAX, INT32_MIN).
struct PtAdd {
  HPG_HOST_DEVICE Pt operator()(const Pt& x, const Pt& y) const {
    return Pt{x.a + y.a, x.b < y.b ? x.b : y.b, x.c < y.c ? y.c : x.c};
  }
};
constexpr Pt pt_add_identity{0, std::numeric_limits<std::int32_t>::max(), std::numeric_limits<std::int32_t>::min()};
/// Multiply: (a1 a2, b1 + b2, c1 - c2).
struct PtMul {
  HPG_HOST_DEVICE Pt operator()(const Pt& x, const Pt& y) const { return Pt{x.a * y.a, x.b + y.b, x.c - y.c}; }
};
/// Unary: (-a, c, b).
struct PtFlip {
  HPG_HOST_DEVICE Pt operator()(const Pt& x) const { return Pt{-x.a, x.c, x.b}; }
};
/// Index-unary selector: keeps x where x.a + i > thunk.
struct PtKeep {
  using result_type = bool;
  HPG_HOST_DEVICE bool operator()(const Pt& x, Index i, Index, const std::int64_t& thunk) const {
    return x.a + static_cast<std::int64_t>(i) > thunk;
  }
};

// ---- the same operators as GraphBLAS C functions ------------------------------------------------

void pt_add_fn(void* z, const void* x, const void* y) { *static_cast<Pt*>(z) = PtAdd{}(*static_cast<const Pt*>(x), *static_cast<const Pt*>(y)); }
void pt_mul_fn(void* z, const void* x, const void* y) { *static_cast<Pt*>(z) = PtMul{}(*static_cast<const Pt*>(x), *static_cast<const Pt*>(y)); }
void pt_flip_fn(void* z, const void* x) { *static_cast<Pt*>(z) = PtFlip{}(*static_cast<const Pt*>(x)); }
void pt_keep_fn(void* z, const void* x, GrB_Index i, GrB_Index j, const void* y) {
  *static_cast<bool*>(z) = PtKeep{}(*static_cast<const Pt*>(x), i, j, *static_cast<const std::int64_t*>(y));
}

struct GrbPtOps {
  GrB_BinaryOp add = nullptr, mul = nullptr;
  GrB_UnaryOp flip = nullptr;
  GrB_IndexUnaryOp keep = nullptr;
  GrB_Monoid monoid = nullptr;
  GrB_Semiring semiring = nullptr;
};
const GrbPtOps& grb_pt() {
  static const GrbPtOps ops = [] {
    grb_setup();
    GrbPtOps o;
    const GrB_Type t = hpg::grb_type<Pt>();
    grb_ok(GrB_BinaryOp_new(&o.add, pt_add_fn, t, t, t), "GrB_BinaryOp_new");
    grb_ok(GrB_BinaryOp_new(&o.mul, pt_mul_fn, t, t, t), "GrB_BinaryOp_new");
    grb_ok(GrB_UnaryOp_new(&o.flip, pt_flip_fn, t, t), "GrB_UnaryOp_new");
    grb_ok(GrB_IndexUnaryOp_new(&o.keep, pt_keep_fn, GrB_BOOL, t, GrB_INT64), "GrB_IndexUnaryOp_new");
    Pt id = pt_add_identity;
    grb_ok(GrB_Monoid_new_UDT(&o.monoid, o.add, &id), "GrB_Monoid_new_UDT");
    grb_ok(GrB_Semiring_new(&o.semiring, o.monoid, o.mul), "GrB_Semiring_new");
    return o;
  }();
  return ops;
}

const auto pt_monoid = hpg::monoid(PtAdd{}, pt_add_identity);
const auto pt_semiring = hpg::semiring(pt_monoid, PtMul{});

Pt random_pt(Rng& r) {
  return Pt{r.between(-9, 9), static_cast<std::int32_t>(r.between(-9, 9)), static_cast<std::int32_t>(r.between(-9, 9))};
}
VecData<Pt> random_pt_vector(Rng& r, Index n, Fill f) { return random_vector_with<Pt>(r, n, f, random_pt); }
MatData<Pt> random_pt_matrix(Rng& r, Index m, Index n, Fill f) { return random_matrix_with<Pt>(r, m, n, f, random_pt); }

Accum<PtAdd> pt_accum() { return Accum<PtAdd>{PtAdd{}, grb_pt().add, "pt_add"}; }

class ParityUserType : public ::testing::TestWithParam<Backend> {};
HPG_PARITY_SUITE(ParityUserType);

/// check_all with a bool mask, then the structural combinations again with a Pt mask of the same pattern.
template <class Out, class MaskB, class MaskP, class HOp, class GOp>
void check_user(Ctx& ctx, const std::string& what, bool t0, bool t1, const Out& w0, const MaskB& bmask, const MaskP& pmask, HOp&& hop, GOp&& gop) {
  const auto acc = pt_accum();
  check_all(ctx, what + " mask:bool", t0, t1, w0, bmask, acc, hop, gop);
  for (const Combo& c : combos(t0, t1))
    if (c.mask == MaskKind::structural) check(ctx, what + " mask:user type", c, w0, pmask, acc, hop, gop);
}

/// A bool mask and a Pt mask with the same pattern.
std::pair<Vec<bool>, Vec<Pt>> masks(Rng& r, Index n, Backend b) {
  auto d = random_pt_vector(r, n, any_fill(r));
  VecData<bool> bd{n, d.i, {}};
  for (std::size_t k = 0; k < d.i.size(); ++k) bd.x.push_back(d.x[k].a > 0);
  return {make(bd, b), make(d, b)};
}
std::pair<Mat<bool>, Mat<Pt>> matrix_masks(Rng& r, Index m, Index n, Backend b) {
  auto d = random_pt_matrix(r, m, n, any_fill(r));
  MatData<bool> bd{m, n, d.r, d.c, {}};
  for (std::size_t k = 0; k < d.r.size(); ++k) bd.x.push_back(d.x[k].a > 0);
  return {make(bd, b), make(d, b)};
}

TEST_P(ParityUserType, MxvVxmMxm) {
  HPG_PARITY_BODY(ctx, {
    const auto& g = grb_pt();
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      for (bool t : {false, true}) {
        const Index m = random_dim(r, 40), n = random_dim(r, 40), k = random_dim(r, 30);
        auto a = make(t ? random_pt_matrix(r, n, m, fill) : random_pt_matrix(r, m, n, fill), ctx.backend);
        auto u = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
        auto w0 = make(random_pt_vector(r, m, any_fill(r)), ctx.backend);
        auto [bm, pm] = masks(r, m, ctx.backend);
        check_user(
            ctx, "mxv user semiring (pt_add, pt_mul) A[" + std::to_string(a.h.nrows()) + "x" + std::to_string(a.h.ncols()) + ", " + fill_name(fill) + "]", t,
            false, w0, bm, pm,
            [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxv(w, mk, ac, pt_semiring, a.h, u.h, d); },
            [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_mxv(w, mk, ac, g.semiring, a.g.get(), u.g.get(), d); });
        // vxm: u (size m) times A (m x n), or A' when transposed.
        auto u2 = make(random_pt_vector(r, m, any_fill(r)), ctx.backend);
        auto a2 = make(t ? random_pt_matrix(r, n, m, fill) : random_pt_matrix(r, m, n, fill), ctx.backend);
        auto w2 = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
        auto [bm2, pm2] = masks(r, n, ctx.backend);
        check_user(
            ctx, "vxm user semiring A[" + std::to_string(a2.h.nrows()) + "x" + std::to_string(a2.h.ncols()) + "]", false, t, w2, bm2, pm2,
            [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::vxm(w, mk, ac, pt_semiring, u2.h, a2.h, d); },
            [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_vxm(w, mk, ac, g.semiring, u2.g.get(), a2.g.get(), d); });
        // mxm: (m x k) (k x n), A transposed by t.
        auto a3 = make(t ? random_pt_matrix(r, k, m, fill) : random_pt_matrix(r, m, k, fill), ctx.backend);
        auto b3 = make(random_pt_matrix(r, k, n, any_fill(r)), ctx.backend);
        auto c0 = make(random_pt_matrix(r, m, n, any_fill(r)), ctx.backend);
        auto [bm3, pm3] = matrix_masks(r, m, n, ctx.backend);
        check_user(
            ctx, "mxm user semiring C[" + std::to_string(m) + "x" + std::to_string(n) + "]", t, false, c0, bm3, pm3,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::mxm(c, mk, ac, pt_semiring, a3.h, b3.h, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_mxm(c, mk, ac, g.semiring, a3.g.get(), b3.g.get(), d); });
      }
    }
  });
}

TEST_P(ParityUserType, EwiseApplySelectReduce) {
  HPG_PARITY_BODY(ctx, {
    const auto& g = grb_pt();
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      const Index n = random_dim(r);
      auto u = make(random_pt_vector(r, n, fill), ctx.backend);
      auto v = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
      auto w0 = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
      auto [bm, pm] = masks(r, n, ctx.backend);
      const std::string dims = " n=" + std::to_string(n) + " u:" + std::to_string(u.h.nvals()) + " v:" + std::to_string(v.h.nvals()) + " (" + fill_name(fill) + ")";
      check_user(
          ctx, "ewise_add op=pt_add" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::ewise_add(w, mk, ac, PtAdd{}, u.h, v.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_eWiseAdd_BinaryOp(w, mk, ac, g.add, u.g.get(), v.g.get(), d); });
      check_user(
          ctx, "ewise_add monoid=pt_monoid" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::ewise_add(w, mk, ac, pt_monoid, u.h, v.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_eWiseAdd_Monoid(w, mk, ac, g.monoid, u.g.get(), v.g.get(), d); });
      check_user(
          ctx, "ewise_mult op=pt_mul" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::ewise_mult(w, mk, ac, PtMul{}, u.h, v.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_eWiseMult_BinaryOp(w, mk, ac, g.mul, u.g.get(), v.g.get(), d); });
      check_user(
          ctx, "ewise_mult semiring (its multiply)" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::ewise_mult(w, mk, ac, pt_semiring, u.h, v.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_eWiseMult_Semiring(w, mk, ac, g.semiring, u.g.get(), v.g.get(), d); });
      check_user(
          ctx, "apply unary=pt_flip" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::apply(w, mk, ac, PtFlip{}, u.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_apply(w, mk, ac, g.flip, u.g.get(), d); });
      const Pt s = random_pt(r);
      check_user(
          ctx, "apply bind_second(pt_mul, " + show(s) + ")" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::apply(w, mk, ac, hpg::bind_second(PtMul{}, s), u.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_apply_BinaryOp2nd_UDT(w, mk, ac, g.mul, u.g.get(), &s, d); });
      check_user(
          ctx, "apply bind_first(pt_mul, " + show(s) + ")" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::apply(w, mk, ac, hpg::bind_first(PtMul{}, s), u.h, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_apply_BinaryOp1st_UDT(w, mk, ac, g.mul, &s, u.g.get(), d); });
      const std::int64_t thunk = r.between(-3, 8);
      check_user(
          ctx, "select user op (x.a + i > " + std::to_string(thunk) + ")" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::select(w, mk, ac, PtKeep{}, u.h, thunk, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_select_INT64(w, mk, ac, g.keep, u.g.get(), thunk, d); });

      // Matrices: select (user op and tril), apply, ewise_add, reduce rows, transposed or not.
      for (bool t0 : {false, true}) {
        const Index rows = random_dim(r, 30), cols = random_dim(r, 30);
        auto a = make(t0 ? random_pt_matrix(r, cols, rows, fill) : random_pt_matrix(r, rows, cols, fill), ctx.backend);
        auto b = make(random_pt_matrix(r, rows, cols, any_fill(r)), ctx.backend);
        auto c0 = make(random_pt_matrix(r, rows, cols, any_fill(r)), ctx.backend);
        auto [cbm, cpm] = matrix_masks(r, rows, cols, ctx.backend);
        const std::string mdims = " A[" + std::to_string(a.h.nrows()) + "x" + std::to_string(a.h.ncols()) + ", " + std::to_string(a.h.nvals()) + " entries]";
        check_user(
            ctx, "select (matrix) user op thunk " + std::to_string(thunk) + mdims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::select(c, mk, ac, PtKeep{}, a.h, thunk, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Matrix_select_INT64(c, mk, ac, g.keep, a.g.get(), thunk, d); });
        check_user(
            ctx, "select (matrix) tril thunk 0 on the user type" + mdims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::select(c, mk, ac, hpg::tril<>{}, a.h, std::int64_t{0}, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Matrix_select_INT64(c, mk, ac, GrB_TRIL, a.g.get(), 0, d); });
        check_user(
            ctx, "apply (matrix) unary=pt_flip" + mdims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::apply(c, mk, ac, PtFlip{}, a.h, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Matrix_apply(c, mk, ac, g.flip, a.g.get(), d); });
        check_user(
            ctx, "ewise_add (matrix) op=pt_add" + mdims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::ewise_add(c, mk, ac, PtAdd{}, a.h, b.h, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Matrix_eWiseAdd_BinaryOp(c, mk, ac, g.add, a.g.get(), b.g.get(), d); });
        auto rw0 = make(random_pt_vector(r, rows, any_fill(r)), ctx.backend);
        auto [rbm, rpm] = masks(r, rows, ctx.backend);
        check_user(
            ctx, "reduce rows monoid=pt_monoid" + mdims, t0, false, rw0, rbm, rpm,
            [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::reduce(w, mk, ac, pt_monoid, a.h, d); },
            [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Matrix_reduce_Monoid(w, mk, ac, g.monoid, a.g.get(), d); });
        // Reduce to a scalar.
        Pt h{}, gs = pt_add_identity;
        if (auto e = ctx.run_hpg("reduce to scalar", [&] { h = hpg::reduce(pt_monoid, a.h); })) {
          ctx.fail(std::string("  case: reduce user matrix to scalar\n  hpg threw ") + e->what());
        } else {
          grb_ok(GrB_Matrix_reduce_UDT(&gs, nullptr, g.monoid, a.g.get(), nullptr), "GrB_Matrix_reduce_UDT");
          Entries<Pt> eh, eg;
          eh.r = eg.r = eh.c = eg.c = {0};
          eh.x = {h};
          eg.x = {gs};
          compare(ctx, "reduce user matrix to scalar" + mdims, eh, eg, true);
        }
      }
    }
  });
}

TEST_P(ParityUserType, AssignExtractTranspose) {
  HPG_PARITY_BODY(ctx, {
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Fill fill = trial_fill(seed);
      const Index n = random_dim(r);
      // Distinct indices for assign, repeats allowed for extract.
      std::vector<Index> I(n);
      for (Index i = 0; i < n; ++i) I[i] = i;
      for (Index i = n; i > 1; --i) std::swap(I[i - 1], I[static_cast<std::size_t>(r.between(0, static_cast<std::int64_t>(i) - 1))]);
      I.resize(static_cast<std::size_t>(r.between(1, static_cast<std::int64_t>(n))));
      std::vector<Index> E(static_cast<std::size_t>(r.between(1, 2 * static_cast<std::int64_t>(n))));
      for (auto& e : E) e = static_cast<Index>(r.between(0, static_cast<std::int64_t>(n) - 1));
      auto u = make(random_pt_vector(r, I.size(), fill), ctx.backend);
      auto big = make(random_pt_vector(r, n, fill), ctx.backend);
      auto w0 = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
      auto e0 = make(random_pt_vector(r, E.size(), any_fill(r)), ctx.backend);
      auto [bm, pm] = masks(r, n, ctx.backend);
      auto [ebm, epm] = masks(r, E.size(), ctx.backend);
      const Pt x = random_pt(r);
      const std::string dims = " n=" + std::to_string(n) + " |I|=" + std::to_string(I.size()) + " (" + fill_name(fill) + ")";
      check_user(
          ctx, "assign vector w(I) = u" + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(w, mk, ac, u.h, I, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_assign(w, mk, ac, u.g.get(), I.data(), I.size(), d); });
      check_user(
          ctx, "assign scalar w(I) = " + show(x) + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(w, mk, ac, x, I, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_assign_UDT(w, mk, ac, const_cast<Pt*>(&x), I.data(), I.size(), d); });
      check_user(
          ctx, "assign scalar w(all) = " + show(x) + dims, false, false, w0, bm, pm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(w, mk, ac, x, hpg::all, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_assign_UDT(w, mk, ac, const_cast<Pt*>(&x), GrB_ALL, n, d); });
      check_user(
          ctx, "extract vector w = u(E), |E|=" + std::to_string(E.size()) + dims, false, false, e0, ebm, epm,
          [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(w, mk, ac, big.h, E, d); },
          [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_Vector_extract(w, mk, ac, big.g.get(), E.data(), E.size(), d); });
      for (bool t0 : {false, true}) {
        const Index m = n, k = random_dim(r, 30);  // C is m x k
        std::vector<Index> J(k);
        for (Index j = 0; j < k; ++j) J[j] = k - 1 - j;
        auto a = make(t0 ? random_pt_matrix(r, k, I.size(), fill) : random_pt_matrix(r, I.size(), k, fill), ctx.backend);
        auto c0 = make(random_pt_matrix(r, m, k, any_fill(r)), ctx.backend);
        auto [cbm, cpm] = matrix_masks(r, m, k, ctx.backend);
        check_user(
            ctx, "assign matrix C(I, reversed) = A" + dims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(c, mk, ac, a.h, I, J, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
              return GrB_Matrix_assign(c, mk, ac, a.g.get(), I.data(), I.size(), J.data(), J.size(), d);
            });
        check_user(
            ctx, "assign scalar C(I, all) = " + show(x) + dims, false, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::assign(c, mk, ac, x, I, hpg::all, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
              return GrB_Matrix_assign_UDT(c, mk, ac, const_cast<Pt*>(&x), I.data(), I.size(), GrB_ALL, k, d);
            });
        // Extract rows E of the (transposed) m x k source, columns J.
        auto src = make(t0 ? random_pt_matrix(r, k, m, fill) : random_pt_matrix(r, m, k, fill), ctx.backend);
        auto x0 = make(random_pt_matrix(r, E.size(), k, any_fill(r)), ctx.backend);
        auto [xbm, xpm] = matrix_masks(r, E.size(), k, ctx.backend);
        check_user(
            ctx, "extract matrix C = A(E, reversed)" + dims, t0, false, x0, xbm, xpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(c, mk, ac, src.h, E, J, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
              return GrB_Matrix_extract(c, mk, ac, src.g.get(), E.data(), E.size(), J.data(), J.size(), d);
            });
        const Index j = static_cast<Index>(r.between(0, static_cast<std::int64_t>(k) - 1));
        check_user(
            ctx, "extract column A(E, " + std::to_string(j) + ")" + dims, t0, false, e0, ebm, epm,
            [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::extract(w, mk, ac, src.h, E, j, d); },
            [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) {
              return GrB_Col_extract(w, mk, ac, src.g.get(), E.data(), E.size(), j, d);
            });
        auto tsrc = make(t0 ? random_pt_matrix(r, m, k, fill) : random_pt_matrix(r, k, m, fill), ctx.backend);
        check_user(
            ctx, "transpose" + dims, t0, false, c0, cbm, cpm,
            [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hpg::transpose(c, mk, ac, tsrc.h, d); },
            [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return GrB_transpose(c, mk, ac, tsrc.g.get(), d); });
      }
    }
  });
}

// u<u, struct> = u + A u with the output as mask and input, on the user type.
TEST_P(ParityUserType, AliasedOutput) {
  HPG_PARITY_BODY(ctx, {
    const auto& g = grb_pt();
    for (auto seed : seeds(24)) {
      ctx.seed = seed;
      Rng r(seed);
      const Index n = random_dim(r);
      auto a = make(random_pt_matrix(r, n, n, trial_fill(seed)), ctx.backend);
      auto u0 = make(random_pt_vector(r, n, any_fill(r)), ctx.backend);
      const auto acc = pt_accum();
      for (bool t0 : {false, true})
        for (const Combo& c : combos(t0, false)) {
          if (c.mask == MaskKind::valued) continue;  // a user-typed mask is structural only
          check_alias(
              ctx, "mxv(u, u, accum, pt_semiring, A, u) " + describe(c, acc.name, true, false) + " (mask = the output)", u0,
              [&](auto& x) { with_mask_accum(c, x, acc.h, [&](const auto& mk, const auto& ac) { hpg::mxv(x, mk, ac, pt_semiring, a.h, x, hpg_desc(c)); }); },
              [&](GrB_Vector x) { return GrB_mxv(x, c.mask == MaskKind::none ? nullptr : x, c.accum ? acc.g : nullptr, g.semiring, a.g.get(), x, grb_desc(c)); });
        }
    }
  });
}

// Unsupported type combinations: a valued mask of a user type, a user type meeting a number.
TEST_P(ParityUserType, DomainErrors) {
  HPG_PARITY_BODY(ctx, {
    const auto& g = grb_pt();
    Rng r(3);
    const Backend b = ctx.backend;
    auto a = make(random_pt_matrix(r, 4, 4, Fill::dense), b);
    auto u = make(random_pt_vector(r, 4, Fill::dense), b);
    auto w = make(random_pt_vector(r, 4, Fill::sparse), b);
    auto pmask = make(random_pt_vector(r, 4, Fill::sparse), b);
    auto ints = make(random_vector<std::int32_t>(r, 4, Fill::dense), b);
    auto imat = make(random_matrix<std::int32_t>(r, 4, 4, Fill::dense), b);
    auto iw = make(random_vector<std::int32_t>(r, 4, Fill::sparse), b);
    auto run = [&](const std::string& what, auto& out, hpg::Info expected, auto&& hop, auto&& gop) {
      auto before = out.dup();
      const auto hi = hpg_code(ctx, [&] { hop(out.h); });
      expect_error(ctx, what, hi, gop(out.g.get()), expected);
      if (expected != hpg::Info::success) expect_unchanged(ctx, what, before.h, out.h);
    };
    const auto DOM = hpg::Info::domain_mismatch;
    run("mxv with a valued mask of the user type", w, DOM, [&](auto& x) { hpg::mxv(x, pmask.h, hpg::no_accum, pt_semiring, a.h, u.h); },
        [&](GrB_Vector x) { return GrB_mxv(x, pmask.g.get(), nullptr, g.semiring, a.g.get(), u.g.get(), nullptr); });
    run("mxv with a structural mask of the user type", w, hpg::Info::success,
        [&](auto& x) { hpg::mxv(x, pmask.h, hpg::no_accum, pt_semiring, a.h, u.h, hpg::desc::structure); },
        [&](GrB_Vector x) { return GrB_mxv(x, pmask.g.get(), nullptr, g.semiring, a.g.get(), u.g.get(), GrB_DESC_S); });
    run("assign an int32 vector into a user-type vector", w, DOM, [&](auto& x) { hpg::assign(x, hpg::no_mask, hpg::no_accum, ints.h, hpg::all); },
        [&](GrB_Vector x) { return GrB_Vector_assign(x, nullptr, nullptr, ints.g.get(), GrB_ALL, 4, nullptr); });
    run("assign a user-type vector into an int32 vector", iw, DOM, [&](auto& x) { hpg::assign(x, hpg::no_mask, hpg::no_accum, u.h, hpg::all); },
        [&](GrB_Vector x) { return GrB_Vector_assign(x, nullptr, nullptr, u.g.get(), GrB_ALL, 4, nullptr); });
    run("extract from an int32 vector into a user-type vector", w, DOM, [&](auto& x) { hpg::extract(x, hpg::no_mask, hpg::no_accum, ints.h, hpg::all); },
        [&](GrB_Vector x) { return GrB_Vector_extract(x, nullptr, nullptr, ints.g.get(), GrB_ALL, 4, nullptr); });
    run("transpose an int32 matrix into a user-type matrix", a, DOM, [&](auto& x) { hpg::transpose(x, hpg::no_mask, hpg::no_accum, imat.h); },
        [&](GrB_Matrix x) { return GrB_transpose(x, nullptr, nullptr, imat.g.get(), nullptr); });
  });
}

}  // namespace
