// The GPU's frontier-sized paths against the host backend: operations on sparse vectors that cost
// what their entries cost (hpgraph/cuda/sparse_result.cuh, vector_upsert.cuh) — push SpMV with the
// mask probed in place, ewise_mult driven by a sparse operand, apply/select over a sparse input,
// and the masked assign that BFS and SSSP do every level. Each runs with the output empty, sparse
// and dense, and with masks sparse, dense, valued, structural and complemented, with and without
// replace and an accumulator, so both the direct result and the fall-back to the general finish
// are compared. Integer values: results must match exactly. Skipped without a GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "test_support.hpp"
#include "vector_compare.hpp"

namespace {

using hpg::Backend;
using hpg::Index;

template <class T>
struct Pair {
  hpg::Vector<T> host, gpu;
};

/// About `density` of n indices, values in 1..9 or -9..-1 (bool: alternating true/false).
template <class T>
Pair<T> random_vector(Index n, double density, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<Index> idx;
  std::vector<T> val;
  for (Index i = 0; i < n; ++i)
    if (std::uniform_real_distribution<double>(0, 1)(g) < density) {
      idx.push_back(i);
      if constexpr (std::is_same_v<T, bool>) val.push_back(g() % 2 == 0);
      else val.push_back(static_cast<T>(static_cast<std::int64_t>(g() % 9 + 1) * (g() % 2 ? 1 : -1)));
    }
  Pair<T> p{hpg::Vector<T>(n, Backend::host), hpg::Vector<T>(n, Backend::cuda)};
  p.host.build(idx, val);
  p.gpu.build(idx, val);
  return p;
}

using hpg::test::expect_same;

constexpr Index n = 6000;
// Densities below and above the 1/16 at which a vector is kept sparse.
const std::vector<std::pair<std::string, double>> output_kinds = {
    {"empty w", 0.0}, {"sparse w", 0.01}, {"sparse w near 1/16", 0.05}, {"dense w", 0.5}};
const std::vector<std::pair<std::string, double>> mask_kinds = {{"sparse mask", 0.02}, {"dense mask", 0.4}};

struct Settings {
  std::string name;
  hpg::Descriptor d;
  bool accum;
};
const std::vector<Settings> settings = {
    {"valued", {}, false},
    {"structural, replace", hpg::desc::structure | hpg::desc::replace, false},
    {"!structural, replace", hpg::desc::structure | hpg::desc::mask_complement | hpg::desc::replace, false},
    {"!valued", hpg::desc::mask_complement, false},
    {"valued, accum", {}, true},
    {"structural, accum, replace", hpg::desc::structure | hpg::desc::replace, true},
};

/// Runs op(w, mask or no_mask, accum or no_accum) on both backends from the same start and compares.
template <class W, class Op>
void each_setting(const std::string& what, const Op& op) {
  std::uint64_t seed = 100;
  for (const auto& [oname, odensity] : output_kinds) {
    for (const auto& [mname, mdensity] : mask_kinds)
      for (const auto& s : settings) {
        auto w = random_vector<W>(n, odensity, ++seed);
        const auto m = random_vector<bool>(n, mdensity, ++seed);
        op(w.host, &m.host, s.accum, s.d);
        op(w.gpu, &m.gpu, s.accum, s.d);
        expect_same(w.host, w.gpu, what + ", " + oname + ", " + mname + ", " + s.name);
      }
    // No mask; complemented, "no mask" allows nothing (with replace the output is cleared).
    for (const auto& s : std::vector<Settings>{{"no mask", {}, false},
                                               {"no mask, accum", {}, true},
                                               {"no mask, complemented", hpg::desc::mask_complement, false},
                                               {"no mask, complemented, replace", hpg::desc::mask_complement | hpg::desc::replace, false}}) {
      auto w = random_vector<W>(n, odensity, ++seed);
      op(w.host, static_cast<const hpg::Vector<bool>*>(nullptr), s.accum, s.d);
      op(w.gpu, static_cast<const hpg::Vector<bool>*>(nullptr), s.accum, s.d);
      expect_same(w.host, w.gpu, what + ", " + oname + ", " + s.name);
    }
  }
}

/// Calls f(mask_arg, accum_arg) with the mask or hpg::no_mask and hpg::plus or hpg::no_accum.
template <class W, class F>
void with_mask_accum(const hpg::Vector<bool>* mask, bool accum, const F& f) {
  if (mask && accum) f(*mask, hpg::plus<W>{});
  else if (mask) f(*mask, hpg::no_accum);
  else if (accum) f(hpg::no_mask, hpg::plus<W>{});
  else f(hpg::no_mask, hpg::no_accum);
}

TEST(SparsePathsGpu, PushSpmvWithTheMaskProbedInPlace) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  std::mt19937_64 g(5);
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  for (Index i = 0; i < n; ++i)
    for (int k = 0; k < 6 + static_cast<int>(i % 13 == 0) * 200; ++k) {
      r.push_back(i);
      c.push_back(g() % n);
      v.push_back(static_cast<std::int64_t>(g() % 7) - 3);
    }
  hpg::Matrix<std::int64_t> ah(n, n, Backend::host), ag(n, n, Backend::cuda);
  ah.build(r, c, v, hpg::plus<std::int64_t>{});
  ag.build(r, c, v, hpg::plus<std::int64_t>{});
  const auto u = random_vector<std::int64_t>(n, 0.01, 1);  // sparse: the push path
  each_setting<std::int64_t>("vxm plus_times", [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::vxm(w, mask, acc, hpg::plus_times<std::int64_t>, gpu ? u.gpu : u.host, gpu ? ag : ah, d);
    });
  });
  each_setting<std::int64_t>("mxv min_plus", [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::mxv(w, mask, acc, hpg::min_plus<std::int64_t>, gpu ? ag : ah, gpu ? u.gpu : u.host, d | hpg::desc::push);
    });
  });
}

TEST(SparsePathsGpu, PushWithTheOutputAsInputAndMask) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  std::mt19937_64 g(11);
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  for (Index k = 0; k < 8 * n; ++k) {
    r.push_back(g() % n);
    c.push_back(g() % n);
    v.push_back(static_cast<std::int64_t>(g() % 5) + 1);
  }
  hpg::Matrix<std::int64_t> ah(n, n, Backend::host), ag(n, n, Backend::cuda);
  ah.build(r, c, v, hpg::min<std::int64_t>{});
  ag.build(r, c, v, hpg::min<std::int64_t>{});
  const auto visited = random_vector<bool>(n, 0.03, 12);
  // The BFS shape: f<!struct(visited), replace> = f min.plus A, f both input and output.
  auto f = random_vector<std::int64_t>(n, 0.005, 13);
  for (int step = 0; step < 4; ++step) {
    hpg::vxm(f.host, visited.host, hpg::no_accum, hpg::min_plus<std::int64_t>, f.host, ah,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace);
    hpg::vxm(f.gpu, visited.gpu, hpg::no_accum, hpg::min_plus<std::int64_t>, f.gpu, ag,
             hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
    expect_same(f.host, f.gpu, "f<!visited> = f min.plus A, step " + std::to_string(step));
  }
  // The output as its own mask: f<f> = f min.plus A.
  auto h = random_vector<std::int64_t>(n, 0.01, 14);
  hpg::vxm(h.host, h.host, hpg::no_accum, hpg::min_plus<std::int64_t>, h.host, ah, hpg::desc::structure);
  hpg::vxm(h.gpu, h.gpu, hpg::no_accum, hpg::min_plus<std::int64_t>, h.gpu, ag, hpg::desc::structure | hpg::desc::push);
  expect_same(h.host, h.gpu, "h<struct(h)> = h min.plus A");
}

TEST(SparsePathsGpu, ReduceAndEwiseAddOfBitmapVectors) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  for (double density : {0.0, 0.01, 0.3, 1.0}) {
    const auto u = random_vector<std::int64_t>(n, density, 21);
    const std::string where = "density " + std::to_string(density);
    EXPECT_EQ(hpg::reduce(hpg::plus_monoid<std::int64_t>{}, u.host), hpg::reduce(hpg::plus_monoid<std::int64_t>{}, u.gpu)) << where;
    EXPECT_EQ(hpg::reduce(hpg::min_monoid<std::int64_t>{}, u.host), hpg::reduce(hpg::min_monoid<std::int64_t>{}, u.gpu)) << where;
    EXPECT_EQ(hpg::reduce(hpg::max_monoid<std::int64_t>{}, u.host), hpg::reduce(hpg::max_monoid<std::int64_t>{}, u.gpu)) << where;
    const auto v = random_vector<std::int64_t>(n, 0.5, 22);
    Pair<std::int64_t> w{hpg::Vector<std::int64_t>(n, Backend::host), hpg::Vector<std::int64_t>(n, Backend::cuda)};
    hpg::ewise_add(w.host, hpg::no_mask, hpg::no_accum, hpg::plus<std::int64_t>{}, u.host, v.host);
    hpg::ewise_add(w.gpu, hpg::no_mask, hpg::no_accum, hpg::plus<std::int64_t>{}, u.gpu, v.gpu);
    expect_same(w.host, w.gpu, "ewise_add, " + where);
    hpg::apply(w.host, hpg::no_mask, hpg::no_accum, hpg::ainv<std::int64_t>{}, v.host);
    hpg::apply(w.gpu, hpg::no_mask, hpg::no_accum, hpg::ainv<std::int64_t>{}, v.gpu);
    expect_same(w.host, w.gpu, "apply over a bitmap, " + where);
  }
}

TEST(SparsePathsGpu, EwiseMultDrivenByTheSparseOperand) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto sparse = random_vector<std::int64_t>(n, 0.01, 1);
  const auto sparse2 = random_vector<std::int64_t>(n, 0.03, 2);
  const auto dense = random_vector<std::int64_t>(n, 0.5, 3);
  const auto full = random_vector<std::int64_t>(n, 1.0, 4);
  const std::vector<std::pair<std::string, std::pair<const Pair<std::int64_t>*, const Pair<std::int64_t>*>>> operands = {
      {"sparse .* dense", {&sparse, &dense}}, {"dense .* sparse", {&dense, &sparse}}, {"sparse .* sparse", {&sparse, &sparse2}},
      {"sparse2 .* sparse", {&sparse2, &sparse}}, {"sparse .* full", {&sparse, &full}}, {"full .* sparse", {&full, &sparse}}};
  for (const auto& [name, uv] : operands) {
    const auto* x = uv.first;
    const auto* y = uv.second;
    each_setting<std::int64_t>("ewise_mult minus, " + name,
                               [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
      const bool gpu = w.backend() == Backend::cuda;
      with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
        hpg::ewise_mult(w, mask, acc, hpg::minus<std::int64_t>{}, gpu ? x->gpu : x->host, gpu ? y->gpu : y->host, d);
      });
    });
  }
  // A bool result (SSSP's "which candidates improve") from a sparse and a full operand.
  Pair<bool> better{hpg::Vector<bool>(n, Backend::host), hpg::Vector<bool>(n, Backend::cuda)};
  hpg::ewise_mult(better.host, hpg::no_mask, hpg::no_accum, hpg::lt<std::int64_t>{}, sparse.host, full.host);
  hpg::ewise_mult(better.gpu, hpg::no_mask, hpg::no_accum, hpg::lt<std::int64_t>{}, sparse.gpu, full.gpu);
  expect_same(better.host, better.gpu, "ewise_mult lt, sparse .* full");
}

TEST(SparsePathsGpu, ApplyAndSelectOverASparseInput) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto u = random_vector<std::int64_t>(n, 0.02, 9);
  each_setting<std::int64_t>("apply ainv", [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::apply(w, mask, acc, hpg::ainv<std::int64_t>{}, gpu ? u.gpu : u.host, d);
    });
  });
  each_setting<std::int64_t>("apply rowindex", [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::apply(w, mask, acc, hpg::rowindex<std::int64_t>{}, gpu ? u.gpu : u.host, std::int64_t{3}, d);
    });
  });
  each_setting<double>("apply ainv into double", [&](hpg::Vector<double>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<double>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::apply(w, mask, acc, hpg::ainv<std::int64_t>{}, gpu ? u.gpu : u.host, d);
    });
  });
  each_setting<std::int64_t>("select valuegt 0", [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
    const bool gpu = w.backend() == Backend::cuda;
    with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
      hpg::select(w, mask, acc, hpg::valuegt<std::int64_t>{}, gpu ? u.gpu : u.host, std::int64_t{0}, d);
    });
  });
}

TEST(SparsePathsGpu, MaskedAssignAtASparseMask) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  std::uint64_t seed = 500;
  for (const auto& [oname, odensity] : output_kinds)
    for (double fdensity : {0.005, 0.03, 0.1}) {  // 0.1: a bitmap mask, the general path
      const std::string where = oname + ", frontier " + std::to_string(fdensity);
      const auto f = random_vector<std::int64_t>(n, fdensity, ++seed);
      const auto full = random_vector<std::int64_t>(n, 1.0, ++seed);
      {  // level<struct(frontier)> = depth
        auto w = random_vector<std::int32_t>(n, odensity, ++seed);
        hpg::assign(w.host, f.host, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "scalar assign, " + where);
      }
      {  // parent<struct(frontier)> = frontier (u is the mask itself)
        auto w = random_vector<std::int64_t>(n, odensity, ++seed);
        hpg::assign(w.host, f.host, hpg::no_accum, f.host, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, f.gpu, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "vector assign, u = mask, " + where);
      }
      {  // w<struct(frontier)> = full u, cast to another type
        auto w = random_vector<double>(n, odensity, ++seed);
        hpg::assign(w.host, f.host, hpg::no_accum, full.host, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, full.gpu, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "vector assign, full u, " + where);
      }
      {  // the mask is the output: w<struct(w)> = x
        auto w = random_vector<std::int64_t>(n, fdensity, ++seed);
        hpg::assign(w.host, w.host, hpg::no_accum, std::int64_t{-4}, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, w.gpu, hpg::no_accum, std::int64_t{-4}, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "scalar assign, mask = w, " + where);
      }
      {  // the same calls outside the fast path's conditions (valued mask, replace, a partial u)
        const auto part = random_vector<std::int64_t>(n, 0.5, ++seed);
        auto w = random_vector<std::int64_t>(n, odensity, ++seed);
        hpg::assign(w.host, f.host, hpg::no_accum, std::int64_t{2}, hpg::all);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, std::int64_t{2}, hpg::all);
        expect_same(w.host, w.gpu, "scalar assign, valued mask, " + where);
        hpg::assign(w.host, f.host, hpg::no_accum, part.host, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, part.gpu, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "vector assign, partial u, " + where);
        hpg::assign(w.host, f.host, hpg::no_accum, f.host, hpg::all, hpg::desc::structure | hpg::desc::replace);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, f.gpu, hpg::all, hpg::desc::structure | hpg::desc::replace);
        expect_same(w.host, w.gpu, "vector assign, replace, " + where);
      }
    }
}

}  // namespace
