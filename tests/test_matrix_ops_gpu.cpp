// GPU-only checks of the matrix operations that the SuiteSparse parity suite cannot make: its
// inputs are at most 60 x 60 and each mxm call takes one method. Here mxm's two GPU methods
// (masked dot products and Gustavson's expand-sort-reduce) are run on the same random graphs and
// compared with each other and with the host backend, on graphs large enough that every kernel
// spans many thread blocks and the rows are uneven (a few long "hub" rows); the other matrix
// operations are compared with the host at that size too. Integer values and order-independent
// monoids (plus on integers, min) keep every comparison exact. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "tuples_of.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;
using hpg::Matrix;
using hpg::Vector;

using hpg::test::describe;
using hpg::test::tuples;

/// One matrix on both backends.
template <class T>
struct Both {
  Matrix<T> h, g;
  const Matrix<T>& on(Backend b) const { return b == Backend::host ? h : g; }
};
template <class T>
Both<T> both(const Matrix<T>& a) {
  Both<T> p{a.dup(), a.dup()};
  p.h.to_backend(Backend::host);
  p.g.to_backend(Backend::cuda);
  return p;
}

/// An n x m matrix with about `deg` entries per row, one row in 64 twenty times longer, values in
/// [lo, hi] (a valued mask may then hold zeros).
template <class T>
Matrix<T> random_matrix(Index n, Index m, double deg, std::uint64_t seed, int lo = 1, int hi = 5) {
  std::mt19937_64 g(seed);
  std::poisson_distribution<int> len(deg);
  std::vector<Index> r, c;
  std::vector<T> x;
  for (Index i = 0; i < n; ++i) {
    int d = len(g);
    if (g() % 64 == 0) d *= 20;
    for (int k = 0; k < d; ++k) {
      r.push_back(i);
      c.push_back(g() % m);
      x.push_back(static_cast<T>(lo + static_cast<int>(g() % static_cast<std::uint64_t>(hi - lo + 1))));
    }
  }
  Matrix<T> a(n, m, Backend::host);
  a.build(r, c, x, hpg::max<T>{});
  return a;
}

/// Runs op(C, backend) on a host copy and a GPU copy of c0 and expects the same entries.
template <class T, class Op>
void expect_same(const std::string& what, const Matrix<T>& c0, Op&& op) {
  auto p = both(c0);
  op(p.h, Backend::host);
  op(p.g, Backend::cuda);
  const auto th = tuples(p.h), tg = tuples(p.g);
  EXPECT_TRUE(th == tg) << what << ": host " << describe(th) << ", GPU " << describe(tg);
}

/// Selects mxm's method for masks that are not complemented, and restores the default.
struct MxmMethod {
  bool saved;
  explicit MxmMethod(bool masked_dot) : saved(hpg::detail::switches().mxm_masked_dot) { hpg::detail::switches().mxm_masked_dot = masked_dot; }
  ~MxmMethod() { hpg::detail::switches().mxm_masked_dot = saved; }
};

const hpg::Descriptor descriptors[] = {
    hpg::desc::none,
    hpg::desc::structure,
    hpg::desc::replace,
    hpg::desc::structure | hpg::desc::replace,
    hpg::desc::mask_complement,
    hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace,
};

std::string name(const hpg::Descriptor& d) {
  std::string s;
  if (d.transpose_first) s += "T0 ";
  if (d.transpose_second) s += "T1 ";
  if (d.mask_complement) s += "C ";
  if (d.mask_structure) s += "S ";
  if (d.replace) s += "R ";
  return s.empty() ? "default" : s;
}

/// C<M> = accum(C, op(A) op(B)) by masked dot products, by Gustavson, and on the host.
template <class T, class SR, class Accum>
void check_mxm_methods(const std::string& what, const SR& sr, const Accum& accum, const Matrix<T>& c0, const Both<T>& a, const Both<T>& b,
                       const Both<T>& m) {
  for (bool t0 : {false, true})
    for (bool t1 : {false, true})
      for (hpg::Descriptor d : descriptors) {
        d.transpose_first = t0;
        d.transpose_second = t1;
        const std::string label = what + " " + name(d);
        auto host = c0.dup();
        host.to_backend(Backend::host);
        hpg::mxm(host, m.h, accum, sr, a.h, b.h, d);
        Matrix<T> gpu[2] = {c0.dup(), c0.dup()};
        for (int method = 0; method < 2; ++method) {
          MxmMethod use(method == 0);
          gpu[method].to_backend(Backend::cuda);
          hpg::mxm(gpu[method], m.g, accum, sr, a.g, b.g, d);
        }
        const auto th = tuples(host), dot = tuples(gpu[0]), esc = tuples(gpu[1]);
        EXPECT_TRUE(dot == esc) << label << ": masked dot " << describe(dot) << ", Gustavson " << describe(esc);
        EXPECT_TRUE(dot == th) << label << ": GPU " << describe(dot) << ", host " << describe(th);
      }
}

TEST(MatrixOpsGpu, MxmMaskedDotMatchesGustavson) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using T = std::int64_t;
  const Index n = 3000;
  const auto a = both(random_matrix<T>(n, n, 6, 1));
  const auto b = both(random_matrix<T>(n, n, 6, 2));
  const auto m = both(random_matrix<T>(n, n, 12, 3, 0, 2));  // valued: about a third of its entries are 0
  const auto c0 = random_matrix<T>(n, n, 4, 4);
  check_mxm_methods("plus_times<int64>", hpg::plus_times<T>, hpg::no_accum, c0, a, b, m);
  check_mxm_methods("min_plus<int64> accum plus", hpg::min_plus<T>, hpg::plus<T>{}, c0, a, b, m);
  // Positional: the sum of the inner indices k, and the smallest k (SuiteSparse's (i, k, j)).
  check_mxm_methods("plus_firstj", hpg::semiring(hpg::plus_monoid<T>{}, hpg::firstj<T>{}), hpg::no_accum, c0, a, b, m);
  check_mxm_methods("min_secondi accum min", hpg::min_secondi<T>, hpg::min<T>{}, c0, a, b, m);
}

// Triangle counting as LAGraph's Sandia LUT does it: C<L> = L (+.pair) U', whose sum is the count.
// Monoids with a terminal value (lor, min) stop their dot products early and must keep the pattern.
TEST(MatrixOpsGpu, TriangleCountingMaskedDot) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index n = 4000;
  auto g = random_matrix<std::uint32_t>(n, n, 8, 5);
  Matrix<std::uint32_t> sym(n, n, Backend::host);
  hpg::ewise_add(sym, hpg::no_mask, hpg::no_accum, hpg::max<std::uint32_t>{}, g, g, hpg::desc::transpose_second);
  std::uint64_t counts[2] = {0, 0};
  Index patterns[2][2] = {{0, 0}, {0, 0}};
  for (Backend bk : {Backend::host, Backend::cuda}) {
    auto a = sym.dup();
    a.to_backend(bk);
    Matrix<std::uint32_t> l(n, n, bk), u(n, n, bk);
    hpg::select(l, hpg::no_mask, hpg::no_accum, hpg::tril<>{}, a, std::int64_t{-1});
    hpg::select(u, hpg::no_mask, hpg::no_accum, hpg::triu<>{}, a, std::int64_t{1});
    Matrix<std::uint64_t> c(n, n, bk);
    hpg::mxm(c, l, hpg::no_accum, hpg::plus_pair<std::uint64_t>, l, u, hpg::desc::structure | hpg::desc::transpose_second);
    const int k = bk == Backend::host ? 0 : 1;
    counts[k] = hpg::reduce(hpg::plus_monoid<std::uint64_t>{}, c);
    Matrix<bool> any(n, n, bk);
    hpg::mxm(any, l, hpg::no_accum, hpg::lor_pair<bool>, l, u, hpg::desc::structure | hpg::desc::transpose_second);
    patterns[k][0] = c.nvals();
    patterns[k][1] = any.nvals();
  }
  EXPECT_GT(counts[0], 0u);
  EXPECT_EQ(counts[1], counts[0]);
  EXPECT_EQ(patterns[1][0], patterns[0][0]);
  EXPECT_EQ(patterns[1][1], patterns[0][0]);  // lor.pair stops at the first common neighbour
}

// C = C C under C itself as the mask, on the GPU as on the host (the output is read as an input,
// a transposed input and the mask before it is replaced).
TEST(MatrixOpsGpu, MxmAliasedOutput) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using T = std::int64_t;
  const auto c0 = random_matrix<T>(1500, 1500, 5, 6);
  for (bool dot : {true, false}) {
    MxmMethod use(dot);
    for (hpg::Descriptor d : descriptors) {
      d.transpose_second = true;
      expect_same("mxm(C, C, plus, plus_times, C, C') " + name(d) + (dot ? " masked dot" : " Gustavson"), c0,
                  [&](Matrix<T>& c, Backend) { hpg::mxm(c, c, hpg::plus<T>{}, hpg::plus_times<T>, c, c, d); });
    }
  }
}

// ewise, apply, select, assign, extract and transpose at a size that spans many blocks.
TEST(MatrixOpsGpu, OtherOperationsMatchHost) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using T = std::int32_t;
  const Index n = 2500;
  const auto a = both(random_matrix<T>(n, n, 7, 11));
  const auto b = both(random_matrix<T>(n, n, 7, 12));
  const auto m = both(random_matrix<T>(n, n, 9, 13, 0, 1));
  const auto c0 = random_matrix<T>(n, n, 5, 14);
  std::mt19937_64 g(15);
  std::vector<Index> I, J;  // I: distinct rows (assign); J: unsorted with repeats (extract)
  for (Index i = 0; i < n; i += 1 + g() % 3) I.push_back(i);
  for (Index k = 0; k < n / 2; ++k) J.push_back(g() % n);
  std::vector<Index> Jd(J);
  std::sort(Jd.begin(), Jd.end());
  Jd.erase(std::unique(Jd.begin(), Jd.end()), Jd.end());

  for (hpg::Descriptor d : descriptors)
    for (bool t0 : {false, true}) {
      d.transpose_first = t0;
      const std::string dn = name(d);
      auto with_mask = [&](auto&& f) {
        return [&, f](Matrix<T>& c, Backend bk) { f(c, m.on(bk), bk); };
      };
      expect_same("ewise_add " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::ewise_add(c, mk, hpg::plus<T>{}, hpg::minus<T>{}, a.on(bk), b.on(bk), d);
                  }));
      expect_same("ewise_mult " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::ewise_mult(c, mk, hpg::no_accum, hpg::times<T>{}, a.on(bk), b.on(bk), d);
                  }));
      expect_same("apply ainv " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::apply(c, mk, hpg::no_accum, hpg::ainv<T>{}, a.on(bk), d);
                  }));
      expect_same("apply bind_second(minus, 3) " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::apply(c, mk, hpg::max<T>{}, hpg::bind_second(hpg::minus<T>{}, T{3}), a.on(bk), d);
                  }));
      expect_same("apply diagindex " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::apply(c, mk, hpg::no_accum, hpg::diagindex<T>{}, a.on(bk), T{1}, d);
                  }));
      expect_same("select tril " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::select(c, mk, hpg::plus<T>{}, hpg::tril<>{}, a.on(bk), std::int64_t{-3}, d);
                  }));
      expect_same("select valuegt " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::select(c, mk, hpg::no_accum, hpg::valuegt<T>{}, a.on(bk), T{2}, d);
                  }));
      expect_same("transpose " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                    hpg::transpose(c, mk, hpg::minus<T>{}, a.on(bk), d);
                  }));
      expect_same("assign scalar C(I, all) " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend) {
                    hpg::assign(c, mk, hpg::no_accum, T{7}, I, hpg::all, d);
                  }));
      expect_same("assign scalar C(all, all) " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend) {
                    hpg::assign(c, mk, hpg::plus<T>{}, T{7}, hpg::all, hpg::all, d);
                  }));
      {
        // A(I-sized, Jd-sized) assigned into C(I, Jd).
        const auto part = both(random_matrix<T>(t0 ? Jd.size() : I.size(), t0 ? I.size() : Jd.size(), 4, 16));
        expect_same("assign matrix C(I, Jd) " + dn, c0, with_mask([&](Matrix<T>& c, const Matrix<T>& mk, Backend bk) {
                      hpg::assign(c, mk, hpg::plus<T>{}, part.on(bk), I, Jd, d);
                    }));
      }
      {
        const auto x0 = random_matrix<T>(I.size(), J.size(), 3, 17);
        const auto xm = both(random_matrix<T>(I.size(), J.size(), 6, 18, 0, 1));
        expect_same("extract C = A(I, J unsorted) " + dn, x0, [&](Matrix<T>& c, Backend bk) {
          hpg::extract(c, xm.on(bk), hpg::plus<T>{}, a.on(bk), I, J, d);
        });
        expect_same("extract C = A(I, Jd) " + dn, x0.dup(), [&](Matrix<T>& c, Backend bk) {
          Matrix<T> wide(I.size(), Jd.size(), bk);
          hpg::extract(wide, hpg::no_mask, hpg::no_accum, a.on(bk), I, Jd, d);
          c = std::move(wide);
        });
      }
      for (Index j : {Index{0}, Index{17}, n - 1}) {
        Vector<T> wh(J.size(), Backend::host), wg(J.size(), Backend::cuda);
        hpg::extract(wh, hpg::no_mask, hpg::no_accum, a.h, J, j, d);
        hpg::extract(wg, hpg::no_mask, hpg::no_accum, a.g, J, j, d);
        EXPECT_TRUE(tuples(wh) == tuples(wg)) << "extract column " << j << " " << dn;
      }
    }
}

// The element-wise operations run a thread per entry (each finds its row and its place in the
// other operand's row by binary search): rows longer than a thread block, rows only one operand
// has, rows both have with no column in common, and empty operands, with no mask (T is C) and
// with one, as the host computes them.
TEST(MatrixOpsGpu, EwiseOverRowsLongerThanABlock) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using T = std::int32_t;
  const Index n = 3000;
  std::vector<Index> ar, ac, br, bc;
  std::vector<T> ax, bx;
  for (Index j = 0; j < n; j += 1) ar.push_back(0), ac.push_back(j), ax.push_back(T(j % 7) + 1);  // a full row
  for (Index j = 0; j < n; j += 3) br.push_back(0), bc.push_back(j), bx.push_back(T(j % 5) + 2);
  for (Index j = 1; j < n; j += 2) ar.push_back(7), ac.push_back(j), ax.push_back(3);  // odd columns against even ones
  for (Index j = 0; j < n; j += 2) br.push_back(7), bc.push_back(j), bx.push_back(4);
  for (Index j = 0; j < n; j += 4) ar.push_back(9), ac.push_back(j), ax.push_back(5);  // a row of A alone
  for (Index j = 5; j < n; j += 5) br.push_back(n - 1), bc.push_back(j), bx.push_back(6);  // a row of B alone, last
  for (Index i = 11; i < n - 1; i += 13) ar.push_back(i), ac.push_back(i % 17), ax.push_back(1), br.push_back(i), bc.push_back(i % 19), bx.push_back(2);
  Matrix<T> a0(n, n, Backend::host), b0(n, n, Backend::host), empty(n, n, Backend::host);
  a0.build(ar, ac, ax, hpg::plus<T>{});
  b0.build(br, bc, bx, hpg::plus<T>{});
  const auto a = both(a0), b = both(b0), z = both(empty);
  const auto mask = both(random_matrix<T>(n, n, 40, 21, 0, 1));
  const Matrix<T> c0 = random_matrix<T>(n, n, 3, 22);
  for (bool masked : {false, true}) {
    const std::string how = masked ? " under a mask" : "";
    auto run = [&](const char* what, auto&& f) {
      expect_same(what + how, c0, [&](Matrix<T>& c, Backend bk) {
        if (masked) f(c, mask.on(bk), bk);
        else f(c, hpg::no_mask, bk);
      });
    };
    run("ewise_add A B", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_add(c, mk, hpg::no_accum, hpg::minus<T>{}, a.on(bk), b.on(bk)); });
    run("ewise_add B A'", [&](Matrix<T>& c, const auto& mk, Backend bk) {
      hpg::ewise_add(c, mk, hpg::no_accum, hpg::minus<T>{}, b.on(bk), a.on(bk), hpg::desc::transpose_second);
    });
    run("ewise_mult A B", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_mult(c, mk, hpg::no_accum, hpg::minus<T>{}, a.on(bk), b.on(bk)); });
    run("ewise_mult B' A", [&](Matrix<T>& c, const auto& mk, Backend bk) {
      hpg::ewise_mult(c, mk, hpg::no_accum, hpg::minus<T>{}, b.on(bk), a.on(bk), hpg::desc::transpose_first);
    });
    run("ewise_add A empty", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_add(c, mk, hpg::no_accum, hpg::minus<T>{}, a.on(bk), z.on(bk)); });
    run("ewise_add empty B", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_add(c, mk, hpg::no_accum, hpg::minus<T>{}, z.on(bk), b.on(bk)); });
    run("ewise_mult A empty", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_mult(c, mk, hpg::no_accum, hpg::minus<T>{}, a.on(bk), z.on(bk)); });
    run("ewise_mult empty B", [&](Matrix<T>& c, const auto& mk, Backend bk) { hpg::ewise_mult(c, mk, hpg::no_accum, hpg::minus<T>{}, z.on(bk), b.on(bk)); });
  }
}

/// The forms the GPU derives from a matrix and keeps (its HYB, its transpose and the transpose's
/// HYB, made by the pull products below) are dropped whenever the matrix changes: after
/// set_element, remove_element, resize, clear and build, a product reads the matrix as it is, as
/// the host's does.
TEST(MatrixOpsGpu, ProductsReadAMatrixAsItIsAfterItChanges) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using T = std::int32_t;
  const Index n = 3000;
  auto a = both(random_matrix<T>(n, n, 6, 21));
  const auto products = [&](const std::string& when) {
    for (bool t0 : {false, true}) {
      hpg::Descriptor d;
      d.transpose_first = t0;
      const auto run = [&](Backend bk) {
        const Matrix<T>& m = a.on(bk);
        Vector<T> u(t0 ? m.nrows() : m.ncols(), bk), w(t0 ? m.ncols() : m.nrows(), bk);
        hpg::assign(u, hpg::no_mask, hpg::no_accum, T{1}, hpg::all);  // full: a pull, over the HYB
        hpg::mxv(w, hpg::no_mask, hpg::no_accum, hpg::plus_times<T>, m, u, d);
        return w;
      };
      hpg::test::expect_same(run(Backend::host), run(Backend::cuda), std::string(t0 ? "A'u " : "Au ") + when);
    }
  };
  products("as built");
  for (Matrix<T>* m : {&a.h, &a.g}) {
    m->set_element(100, 5, 7);
    m->set_element(200, n - 1, 0);
    m->remove_element(5, 7);
    m->set_element(300, 5, 8);
  }
  products("after set_element and remove_element");
  for (Matrix<T>* m : {&a.h, &a.g}) m->resize(n - 100, n + 50);
  products("after resize");
  for (Matrix<T>* m : {&a.h, &a.g}) {
    m->clear();
    m->build(std::vector<Index>{0, 3, 3}, std::vector<Index>{n + 49, 1, 2}, std::vector<T>{4, 5, 6});
  }
  products("after clear and build");
}

}  // namespace
