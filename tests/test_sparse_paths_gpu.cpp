// The GPU's frontier-sized paths against the host backend: operations on sparse vectors that cost
// what their entries cost (hpgraph/cuda/sparse_result.cuh, vector_upsert.cuh) — push SpMV with the
// mask probed in place, ewise_mult driven by a sparse operand, apply/select over a sparse input,
// and the masked assign that BFS and SSSP do every level. Each runs with the output empty, sparse
// and dense, and with masks sparse, dense, valued, structural and complemented, with and without
// replace and an accumulator, so both the direct result and the fall-back to the general finish
// are compared. Integer values: results must match exactly. Skipped without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "hpgraph/cuda/access.hpp"
#include "hpgraph/hpgraph.hpp"
#if HPG_HAS_CUDA
#include "clean_scratch_check.hpp"
#include "hpgraph/cuda/claim_stamps.cuh"
#endif
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

struct MatrixPair {
  hpg::Matrix<std::int64_t> host, gpu;
};
/// size x size on both backends: rows 0 .. rows - 1 of length_of(i) entries each, at random columns,
/// values 1..9 (a duplicate keeps the first).
template <class Length>
MatrixPair random_rows(Index size, Index rows, std::mt19937_64& g, const Length& length_of) {
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  for (Index i = 0; i < rows; ++i)
    for (Index k = 0; k < length_of(i); ++k) {
      r.push_back(i);
      c.push_back(g() % size);
      v.push_back(static_cast<std::int64_t>(g() % 9 + 1));
    }
  MatrixPair m{hpg::Matrix<std::int64_t>(size, size, Backend::host), hpg::Matrix<std::int64_t>(size, size, Backend::cuda)};
  m.host.build(r, c, v, hpg::first<std::int64_t>{});
  m.gpu.build(r, c, v, hpg::first<std::int64_t>{});
  return m;
}

#if HPG_HAS_CUDA
/// Rows [0, rows) of 5 entries each; the other rows are empty.
MatrixPair rows_of_five(Index size, Index rows, std::mt19937_64& g) {
  return random_rows(size, rows, g, [](Index) { return Index{5}; });
}

// The memory in which a push under any claims its outputs (hpgraph/cuda/claim_stamps.cuh), as the
// last push left it: taking it fills nothing (a test cannot pass by a refill), its counters are
// zero and no stamp is past the epoch. `stamped`: the stamps equal to the epoch (the last push's).
struct PushStamps {
  std::uint32_t epoch = 0;
  Index stamped = 0;
};
PushStamps push_stamps_left(Index size, const std::string& how) {
  namespace dc = hpg::detail::cuda;
  const unsigned long long fills = dc::CleanScratch::fills();
  dc::CleanScratch kept = dc::zeroed_scratch(dc::ScratchUse::push_stamps, dc::push_stamps_bytes(size), "test");
  EXPECT_EQ(dc::CleanScratch::fills(), fills) << how << ": the push did not leave its stamps clean for the next one";
  std::vector<std::uint32_t> words(dc::push_stamps_bytes(size) / sizeof(std::uint32_t));
  hpg::detail::copy_device_to_host(words.data(), kept.data(), words.size() * sizeof(std::uint32_t));
  kept.restored();
  constexpr std::size_t epoch_word = dc::push_epoch_at / sizeof(std::uint32_t);
  for (std::size_t k = 0; k < dc::push_stamps_at / sizeof(std::uint32_t); ++k)
    if (k != epoch_word) EXPECT_EQ(words[k], 0u) << how << ": counter word " << k;
  PushStamps left{words[epoch_word], 0};
  Index past = 0;
  for (std::size_t k = dc::push_stamps_at / sizeof(std::uint32_t); k < words.size(); ++k) {
    past += words[k] > left.epoch;
    left.stamped += words[k] == left.epoch;
  }
  EXPECT_EQ(past, 0) << how << ": stamps past the epoch " << left.epoch;
  return left;
}

// Sets the push's epoch and every stamp of memory for `size` outputs to it (as if the last launch
// had claimed them all), growing the memory to that.
void set_push_epoch(Index size, std::uint32_t epoch) {
  namespace dc = hpg::detail::cuda;
  dc::CleanScratch kept = dc::zeroed_scratch(dc::ScratchUse::push_stamps, dc::push_stamps_bytes(size), "test");
  std::vector<std::uint32_t> words(dc::push_stamps_bytes(size) / sizeof(std::uint32_t), epoch);
  for (std::size_t k = 0; k < dc::push_stamps_at / sizeof(std::uint32_t); ++k)
    if (k != dc::push_epoch_at / sizeof(std::uint32_t)) words[k] = 0;  // the counters
  hpg::detail::copy_host_to_device(kept.data(), words.data(), words.size() * sizeof(std::uint32_t));
  kept.restored();
}
#endif

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

/// Named pairs of operands (u, v) of an element-wise operation.
using OperandPairs = std::vector<std::pair<std::string, std::pair<const Pair<std::int64_t>*, const Pair<std::int64_t>*>>>;

/// each_setting of f(w, mask, accum, u, v, d) for every pair: each backend's w from its own u and v.
template <class F>
void each_operand_pair(const std::string& what, const OperandPairs& operands, const F& f) {
  for (const auto& [name, uv] : operands) {
    const auto* x = uv.first;
    const auto* y = uv.second;
    each_setting<std::int64_t>(what + ", " + name,
                               [&](hpg::Vector<std::int64_t>& w, const hpg::Vector<bool>* m, bool accum, hpg::Descriptor d) {
      const bool gpu = w.backend() == Backend::cuda;
      with_mask_accum<std::int64_t>(m, accum, [&](const auto& mask, const auto& acc) {
        f(w, mask, acc, gpu ? x->gpu : x->host, gpu ? y->gpu : y->host, d);
      });
    });
  }
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

/// f<mask, replace> = u sr A by push on the GPU, folding by atomics and by sorting, against the
/// host, under the mask and its complement. Four shapes, so that each path of the atomic push
/// runs: T bounded by at most 1024 and by at most 8192 entries (one block sorts the outputs), by
/// more (the bitmap's words are scanned), and u with more than 8192 entries (with hub rows, its
/// row lengths are scanned by the counted scan, not by one block); each with hub rows (a product
/// per thread) and without (short rows: a row per thread, no scan).
template <class T, class SR>
void push_fold_case(const std::string& what, const SR& sr) {
  for (const auto& [size, u_density] : std::vector<std::pair<Index, double>>{{6000, 0.0005}, {6000, 0.02}, {20000, 0.02}, {20000, 0.5}})
  for (const bool hubs : {true, false}) {
    std::mt19937_64 g(21);
    std::vector<Index> r, c;
    std::vector<T> v;
    for (Index i = 0; i < size; ++i)
      for (int k = 0; k < 5 + static_cast<int>(hubs && i % 17 == 0) * 300; ++k) {  // some rows are hubs
        r.push_back(i);
        c.push_back(g() % size);
        if constexpr (std::is_same_v<T, bool>) v.push_back(g() % 3 != 0);
        else v.push_back(static_cast<T>(static_cast<std::int64_t>(g() % 9) - 3));
      }
    hpg::Matrix<T> ah(size, size, Backend::host), ag(size, size, Backend::cuda);
    ah.build(r, c, v, hpg::first<T>{});
    ag.build(r, c, v, hpg::first<T>{});
    const auto u = random_vector<T>(size, u_density, 22);
    const auto mask = random_vector<bool>(size, 0.3, 23);
    for (const bool complement : {false, true}) {
      const hpg::Descriptor d = hpg::desc::structure | hpg::desc::replace | (complement ? hpg::desc::mask_complement : hpg::Descriptor{});
      hpg::Vector<T> wh(size, Backend::host), wa(size, Backend::cuda), ws(size, Backend::cuda);
      hpg::vxm(wh, mask.host, hpg::no_accum, sr, u.host, ah, d);
      hpg::vxm(wa, mask.gpu, hpg::no_accum, sr, u.gpu, ag, d | hpg::desc::push);
      auto& switches = hpg::detail::switches();
      switches.push_atomics = false;
      hpg::vxm(ws, mask.gpu, hpg::no_accum, sr, u.gpu, ag, d | hpg::desc::push);
      switches.push_atomics = true;
      const std::string how = what + ", n " + std::to_string(size) + ", nvals(u) " + std::to_string(u.host.nvals()) +
                              (hubs ? ", hub rows" : ", short rows") + (complement ? ", complemented mask" : ", mask");
      expect_same(wh, wa, how + ", atomic fold");
      expect_same(wh, ws, how + ", sorted fold");
    }
  }
}

// Each monoid the push folds by atomics, on slots of 1, 2, 4 and 8 bytes (a 1- or 2-byte slot is
// swapped through its 4-byte word), and a float plus, which keeps the sorted fold.
TEST(SparsePathsGpu, PushFoldsByAtomicsAsBySorting) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  push_fold_case<bool>("any.pair bool", hpg::any_pair<bool>);
  push_fold_case<std::int32_t>("any.pair int32", hpg::any_pair<std::int32_t>);
  push_fold_case<bool>("lor.land bool", hpg::lor_land<bool>);
  push_fold_case<bool>("land.lor bool", hpg::land_lor<bool>);
  push_fold_case<std::int8_t>("min.plus int8", hpg::min_plus<std::int8_t>);
  push_fold_case<std::int16_t>("plus.times int16", hpg::plus_times<std::int16_t>);
  push_fold_case<std::uint16_t>("max.times uint16", hpg::max_times<std::uint16_t>);
  push_fold_case<float>("min.plus float", hpg::min_plus<float>);
  push_fold_case<double>("max.plus double", hpg::max_plus<double>);
  push_fold_case<std::uint64_t>("plus.times uint64", hpg::plus_times<std::uint64_t>);
  push_fold_case<float>("plus.times float, sorted", hpg::plus_times<float>);
}

// The push by products (rows of every length, u too long for a block per entry): each warp walks
// an equal run of the products, 32 at a time, finding their u entries among the next 32 row starts
// (src/cuda/push_atomic.cuh, ByProducts). Runs of several windows (more products than a wave of
// warps has lanes), windows that cross more than 32 row starts (one-entry rows between stretches
// of 50 empty ones, which u holds too), and hub rows longer than a window, against the host.
TEST(SparsePathsGpu, PushByProductsCrossesEmptyRowsAndHubs) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index size = 200000;
  std::mt19937_64 g(41);
  const MatrixPair m = random_rows(size, size, g, [](Index i) -> Index {
    return i % 500 == 499 ? 2000 : i % 100 < 50 ? 0 : i % 100 < 90 ? 1 : 3;
  });
  const hpg::Matrix<std::int64_t>& ah = m.host;
  const hpg::Matrix<std::int64_t>& ag = m.gpu;
  const auto u = random_vector<std::int64_t>(size, 0.5, 42);
  const auto mask = random_vector<bool>(size, 0.3, 43);
  const auto both = [&](const auto& sr, const std::string& what) {
    for (const bool masked : {false, true}) {
      hpg::Vector<std::int64_t> wh(size, Backend::host), wg(size, Backend::cuda);
      if (masked) {
        const hpg::Descriptor d = hpg::desc::structure | hpg::desc::replace | hpg::desc::mask_complement;
        hpg::vxm(wh, mask.host, hpg::no_accum, sr, u.host, ah, d);
        hpg::vxm(wg, mask.gpu, hpg::no_accum, sr, u.gpu, ag, d | hpg::desc::push);
      } else {
        hpg::vxm(wh, hpg::no_mask, hpg::no_accum, sr, u.host, ah);
        hpg::vxm(wg, hpg::no_mask, hpg::no_accum, sr, u.gpu, ag, hpg::desc::push);
      }
      expect_same(wh, wg, what + (masked ? ", complemented mask" : ", no mask"));
    }
  };
  both(hpg::min_plus<std::int64_t>, "min.plus");
  both(hpg::plus_times<std::int64_t>, "plus.times");
  both(hpg::any_pair<std::int64_t>, "any.pair");
}

#if HPG_HAS_CUDA
// The push keeps its output bits and the slots it folds into from call to call, clean
// (hpgraph/cuda/clean_scratch.cuh): whichever way T was listed (one block's sort of at most 8192
// outputs, or the scan of the bitmap's words), each push leaves the bits zero and the slots the
// monoid's identity, so that the next push starts clean. Pushes in turn, each against the host.
TEST(SparsePathsGpu, PushLeavesItsBitsAndSlotsClean) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  namespace dc = hpg::detail::cuda;
  const Index size = 20000;
  std::mt19937_64 g(31);
  MatrixPair m = rows_of_five(size, size, g);
  const hpg::Matrix<std::int64_t>& ah = m.host;
  const hpg::Matrix<std::int64_t>& ag = m.gpu;
  // A push of a random u of this density by semiring s on both backends, compared; says which.
  const auto push_both = [&](const auto& s, const char* name, double density) {
    const auto u = random_vector<std::int64_t>(size, density, g());
    hpg::Vector<std::int64_t> wh(size, Backend::host), wg(size, Backend::cuda);
    hpg::vxm(wh, hpg::no_mask, hpg::no_accum, s, u.host, ah);
    hpg::vxm(wg, hpg::no_mask, hpg::no_accum, s, u.gpu, ag, hpg::desc::push);
    const std::string how = std::string(name) + ", nvals(u) " + std::to_string(u.host.nvals());
    expect_same(wh, wg, how);
    return how;
  };
  for (const double density : {0.3, 0.0005, 0.3}) {  // the bitmap scanned, then one block's sort, then the scan again
    const std::string how = push_both(hpg::min_plus<std::int64_t>, "min.plus", density);
    hpg::test::expect_left_clean(dc::ScratchUse::push_values, size, hpg::min_monoid<std::int64_t>::identity(), how + ", slots");
    hpg::test::expect_left_clean(dc::ScratchUse::bitmap, (size + 31) / 32 + 1, std::uint32_t(0), how + ", bits");
  }
  // Under any, a push whose bound on outputs is small appends them (T jumbled) and claims them by
  // stamps (ClaimStamps): each leaves the counters zero, the epoch one further and no stamp past
  // it. The launch whose stamp is the last before the epoch wraps zeroes every stamp the memory
  // holds (here twice what the pushes reach, every stamp at the epoch before), and the pushes
  // after it are right.
  push_both(hpg::any_pair<std::int64_t>, "any.pair, the stamps made", 0.0005);
  std::uint32_t epoch = push_stamps_left(size, "before").epoch;
  for (const double density : {0.0005, 0.01, 0.0005}) {
    const std::string how = push_both(hpg::any_pair<std::int64_t>, "any.pair", density);
    const PushStamps left = push_stamps_left(size, how);
    EXPECT_EQ(left.epoch, epoch + 1) << how;
    EXPECT_GT(left.stamped, 0) << how << ": no output stamped with the launch's epoch";
    epoch = left.epoch;
  }
  set_push_epoch(2 * size, 0xfffffffdu);
  const std::uint32_t wrapping[] = {0xfffffffeu, 0u, 1u};
  for (const std::uint32_t expected : wrapping) {
    const std::string how = push_both(hpg::any_pair<std::int64_t>, "any.pair near the epoch's wrap", 0.01);
    const PushStamps left = push_stamps_left(2 * size, how);
    EXPECT_EQ(left.epoch, expected) << how;
    if (expected == 0) EXPECT_EQ(left.stamped, 2 * size) << how << ": after the wrap every stamp is 0, the epoch";
    else EXPECT_GT(left.stamped, 0) << how << ": no output stamped with the launch's epoch";
  }
}

// A device loop whose round is the one-kernel push alone (a BFS level: the push, and the parents'
// and levels' assigns that it does as it claims each output, the levels reading the round counter)
// runs every round in one cooperative launch (RoundEnd::all_rounds), in both ways of running the
// rounds equal to the host: the levels, the reached set, the parents (any: each one level up along
// an edge), the rounds and the counter. Each round stamps one further, as a launch does: after the
// loop the epoch is as many rounds on, the counters are zero and no stamp is past it, also when
// the epoch wraps inside the loop (every stamp zeroed, here twice what the pushes reach). Loops cut
// short by max_rounds after an odd and an even number of device rounds (the last list in T or in
// the second list) leave the frontier the host's.
TEST(SparsePathsGpu, ALoopsRoundsInOneLaunchStampOneFurtherEach) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const hpg::test::RestoreTuning restore;  // the tuning and the switches
  hpg::detail::tuning().device_loop_slowest_round_us = 0;
  hpg::detail::tuning().device_loop_after_rounds = 3;  // the wrap comes in the device's rounds
  constexpr Index side = 48, size = side * side;
  const auto spec = hpg::gen::parse_spec("grid:48x48");
  const hpg::Matrix<float> ah = hpg::generate<float>(spec, Backend::host), ag = hpg::generate<float>(spec, Backend::cuda);
  struct Levels {
    Index rounds;
    std::int32_t depth;
    hpg::Vector<std::int64_t> frontier, parent;
    hpg::Vector<std::int32_t> level;
  };
  const auto levels = [&](const hpg::Matrix<float>& a, Backend b, Index max_rounds) {
    Levels r{0, 0, hpg::Vector<std::int64_t>(size, b), hpg::Vector<std::int64_t>(size, b), hpg::Vector<std::int32_t>(size, b)};
    r.frontier.set_element(0, 0);
    r.parent.set_element(0, 0);
    r.level.set_element(0, 0);
    hpg::Scalar<std::int32_t> depth(1, b);
    r.rounds = hpg::loop_while(hpg::nonempty(r.frontier), [&] {
      hpg::vxm(r.frontier, r.parent, hpg::no_accum, hpg::any_secondi<std::int64_t>, r.frontier, a,
               hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace | hpg::desc::push);
      hpg::assign(r.parent, r.frontier, hpg::no_accum, r.frontier, hpg::all, hpg::desc::structure);
      hpg::assign(r.level, r.frontier, hpg::no_accum, depth, hpg::all, hpg::desc::structure);
    }, max_rounds, depth);
    r.depth = *depth.extract_element();
    return r;
  };
  const auto expect_like_host = [&](const Levels& want, const Levels& got, const std::string& how) {
    EXPECT_EQ(got.rounds, want.rounds) << how;
    EXPECT_EQ(got.depth, want.depth) << how;
    expect_same(want.level, got.level, how + ", levels");
    std::vector<Index> wi, gi;
    std::vector<std::int64_t> wv, gv;
    want.frontier.extract_tuples(wi, wv);
    got.frontier.extract_tuples(gi, gv);
    EXPECT_EQ(gi, wi) << how << ": the frontier";
    std::vector<Index> pi, li;
    std::vector<std::int64_t> pv;
    std::vector<std::int32_t> lv;
    got.parent.extract_tuples(pi, pv);
    got.level.extract_tuples(li, lv);
    ASSERT_EQ(pi, li) << how;
    for (std::size_t k = 1; k < pi.size(); ++k) {
      const Index v = pi[k], p = static_cast<Index>(pv[k]);
      const Index d = v > p ? v - p : p - v;
      EXPECT_TRUE(d == 1 || d == side) << how << ": no edge " << p << " -> " << v;
      const auto at = std::lower_bound(li.begin(), li.end(), p);
      ASSERT_TRUE(at != li.end() && *at == p) << how << ": parent " << p << " of " << v << " has no level";
      EXPECT_EQ(lv[at - li.begin()], lv[k] - 1) << how << ": vertex " << v;
    }
  };
  const Levels want = levels(ah, Backend::host, size);
  ASSERT_EQ(want.rounds, 95u);  // levels 1..94, and the round that finds none
  constexpr std::uint32_t wraps_after = 20;  // rounds 1..20 take the stamps up to 0xffffffff
  for (const bool in_one_launch : {false, true}) {
    hpg::detail::switches().loop_rounds_in_one_kernel = in_one_launch;
    const std::string how = in_one_launch ? "rounds in one launch" : "a launch a round";
    set_push_epoch(2 * size, ~std::uint32_t(0) - wraps_after);
    const std::uint64_t graphs = hpg::detail::device_loop_graphs, in_kernel = hpg::detail::device_loop_kernel_rounds;
    const Levels got = levels(ag, Backend::cuda, size);
    EXPECT_EQ(hpg::detail::device_loop_graphs - graphs, 1u) << how << ": " << hpg::detail::device_loop_declined;
    EXPECT_EQ(hpg::detail::device_loop_kernel_rounds - in_kernel, in_one_launch ? 1u : 0u) << how;
    expect_like_host(want, got, how);
    const PushStamps left = push_stamps_left(2 * size, how);
    EXPECT_EQ(left.epoch, got.rounds - wraps_after) << how;  // the last round claimed nothing (outputs its mask refused may hold its stamp)
    // Cut short: 3 rounds from the host, then 7 or 8 on the device.
    for (const Index max_rounds : {10, 11}) {
      const std::string cut = how + ", at most " + std::to_string(max_rounds) + " rounds";
      const Levels short_want = levels(ah, Backend::host, max_rounds), short_got = levels(ag, Backend::cuda, max_rounds);
      EXPECT_EQ(short_got.rounds, max_rounds) << cut;
      EXPECT_EQ(short_got.frontier.nvals(), short_want.frontier.nvals()) << cut;
      expect_like_host(short_want, short_got, cut);
      push_stamps_left(size, cut);
    }
  }
}

// Between the small path's bound (8192 outputs) and the bitmap's words, a push that folds (min)
// appends its outputs to T as it claims them and a gather reads their values (T jumbled), instead
// of scanning every word: a few thousand rows of 5 in a 2^19-vertex graph. It leaves its bits,
// slots and counters clean, and an equal result.
TEST(SparsePathsGpu, PushGathersAMidSizedOutputList) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  namespace dc = hpg::detail::cuda;
  const Index size = Index(1) << 19, rows = 3000;
  std::mt19937_64 g(37);
  MatrixPair m = rows_of_five(size, rows, g);
  const hpg::Matrix<std::int64_t>& ah = m.host;
  const hpg::Matrix<std::int64_t>& ag = m.gpu;
  for (int round = 0; round < 2; ++round) {
    std::vector<Index> ui;
    std::vector<std::int64_t> uv;
    for (Index i = round; i < rows; i += 1) {  // 3000 and 2999 entries: at most 15000 outputs
      ui.push_back(i);
      uv.push_back(static_cast<std::int64_t>(g() % 5));
    }
    hpg::Vector<std::int64_t> uh(size, Backend::host), ug(size, Backend::cuda), wh(size, Backend::host), wg(size, Backend::cuda);
    uh.build(ui, uv);
    ug.build(ui, uv);
    hpg::vxm(wh, hpg::no_mask, hpg::no_accum, hpg::min_plus<std::int64_t>, uh, ah);
    hpg::vxm(wg, hpg::no_mask, hpg::no_accum, hpg::min_plus<std::int64_t>, ug, ag, hpg::desc::push);
    EXPECT_TRUE(hpg::detail::cuda::vec_of(wg).jumbled) << "round " << round;
    expect_same(wh, wg, "min.plus gathered, round " + std::to_string(round));
    hpg::test::expect_left_clean(dc::ScratchUse::push_values, size, hpg::min_monoid<std::int64_t>::identity(), "slots");
    hpg::test::expect_left_clean(dc::ScratchUse::bitmap, (size + 31) / 32 + 1, std::uint32_t(0), "bits and the list's length");
    hpg::test::expect_left_clean(dc::ScratchUse::scan_status, 1, std::uint64_t(0), "the blocks finished");
  }
}
#endif

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
  const OperandPairs operands = {
      {"sparse .* dense", {&sparse, &dense}}, {"dense .* sparse", {&dense, &sparse}}, {"sparse .* sparse", {&sparse, &sparse2}},
      {"sparse2 .* sparse", {&sparse2, &sparse}}, {"sparse .* full", {&sparse, &full}}, {"full .* sparse", {&full, &sparse}}};
  each_operand_pair("ewise_mult minus", operands,
                    [](auto& w, const auto& mask, const auto& acc, const auto& u, const auto& v, hpg::Descriptor d) {
                      hpg::ewise_mult(w, mask, acc, hpg::minus<std::int64_t>{}, u, v, d);
                    });
  // A bool result (SSSP's "which candidates improve") from a sparse and a full operand.
  Pair<bool> better{hpg::Vector<bool>(n, Backend::host), hpg::Vector<bool>(n, Backend::cuda)};
  hpg::ewise_mult(better.host, hpg::no_mask, hpg::no_accum, hpg::lt<std::int64_t>{}, sparse.host, full.host);
  hpg::ewise_mult(better.gpu, hpg::no_mask, hpg::no_accum, hpg::lt<std::int64_t>{}, sparse.gpu, full.gpu);
  expect_same(better.host, better.gpu, "ewise_mult lt, sparse .* full");
}

// ewise_add of two sparse lists merges them (a kernel and a compaction, no pass over n): overlapping
// lists in both orders (minus tells u's value from v's), a list with itself (every index in both),
// with an empty one, a cast of the result to another type, and a jumbled list whose count is still
// on the device (an any push's result) as an operand.
TEST(SparsePathsGpu, EwiseAddOfTwoSparseListsMerges) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto a = random_vector<std::int64_t>(n, 0.01, 31);
  const auto b = random_vector<std::int64_t>(n, 0.03, 32);
  const auto none = random_vector<std::int64_t>(n, 0.0, 33);
  const OperandPairs operands = {
      {"a + b", {&a, &b}}, {"b + a", {&b, &a}}, {"a + a", {&a, &a}}, {"a + none", {&a, &none}}, {"none + b", {&none, &b}}};
  each_operand_pair("ewise_add minus", operands,
                    [](auto& w, const auto& mask, const auto& acc, const auto& u, const auto& v, hpg::Descriptor d) {
                      hpg::ewise_add(w, mask, acc, hpg::minus<std::int64_t>{}, u, v, d);
                    });
  Pair<double> cast{hpg::Vector<double>(n, Backend::host), hpg::Vector<double>(n, Backend::cuda)};
  hpg::ewise_add(cast.host, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.host, b.host);
  hpg::ewise_add(cast.gpu, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.gpu, b.gpu);
  expect_same(cast.host, cast.gpu, "ewise_add minus, a + b, cast to double");
  // A jumbled list with its count on the device: what a push under any leaves (any.pair: every
  // value 1, where any.secondi's parents could differ between the backends).
  hpg::Matrix<std::int64_t> ah = hpg::generate<std::int64_t>(hpg::gen::parse_spec("grid:60x100"), Backend::host);
  hpg::Matrix<std::int64_t> ag = hpg::generate<std::int64_t>(hpg::gen::parse_spec("grid:60x100"), Backend::cuda);
  Pair<std::int64_t> pushed{hpg::Vector<std::int64_t>(n, Backend::host), hpg::Vector<std::int64_t>(n, Backend::cuda)};
  hpg::vxm(pushed.host, hpg::no_mask, hpg::no_accum, hpg::any_pair<std::int64_t>, a.host, ah, hpg::desc::push);
  hpg::vxm(pushed.gpu, hpg::no_mask, hpg::no_accum, hpg::any_pair<std::int64_t>, a.gpu, ag, hpg::desc::push);
  Pair<std::int64_t> w{hpg::Vector<std::int64_t>(n, Backend::host), hpg::Vector<std::int64_t>(n, Backend::cuda)};
  hpg::ewise_add(w.host, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, b.host, pushed.host);
  hpg::ewise_add(w.gpu, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, b.gpu, pushed.gpu);
  expect_same(w.host, w.gpu, "ewise_add minus, b + a pushed frontier");
}

// A push of a few entries whose rows may be long (a hub's) takes blocks per entry, no scan of the
// row lengths (ByEntryBlocks): a hub row of 40000 products and short ones, pushed alone and with
// others, under any (appended) and min (folded), against the host.
TEST(SparsePathsGpu, PushOfAFewEntriesWithALongRow) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const Index size = 200000;
  std::mt19937_64 g(41);
  std::vector<Index> r, c;
  std::vector<std::int64_t> v;
  for (Index k = 0; k < 40000; ++k) {  // row 7: the hub
    r.push_back(7);
    c.push_back(k * 5);
    v.push_back(static_cast<std::int64_t>(k % 9 + 1));
  }
  for (Index i = 100; i < 140; ++i)
    for (int k = 0; k < 3; ++k) {
      r.push_back(i);
      c.push_back(g() % size);
      v.push_back(static_cast<std::int64_t>(g() % 9 + 1));
    }
  hpg::Matrix<std::int64_t> ah(size, size, Backend::host), ag(size, size, Backend::cuda);
  ah.build(r, c, v, hpg::first<std::int64_t>{});
  ag.build(r, c, v, hpg::first<std::int64_t>{});
  for (const std::vector<Index>& ui : {std::vector<Index>{7}, std::vector<Index>{101}, std::vector<Index>{7, 100, 120, 139, 150}}) {
    hpg::Vector<std::int64_t> uh(size, Backend::host), ug(size, Backend::cuda);
    const std::vector<std::int64_t> uv(ui.size(), 2);
    uh.build(ui, uv);
    ug.build(ui, uv);
    const std::string how = "u of " + std::to_string(ui.size()) + " entries";
    hpg::Vector<std::int64_t> wh(size, Backend::host), wg(size, Backend::cuda);
    hpg::vxm(wh, hpg::no_mask, hpg::no_accum, hpg::min_plus<std::int64_t>, uh, ah);
    hpg::vxm(wg, hpg::no_mask, hpg::no_accum, hpg::min_plus<std::int64_t>, ug, ag, hpg::desc::push);
    expect_same(wh, wg, "min.plus, " + how);
    hpg::vxm(wh, hpg::no_mask, hpg::no_accum, hpg::any_pair<std::int64_t>, uh, ah);
    hpg::vxm(wg, hpg::no_mask, hpg::no_accum, hpg::any_pair<std::int64_t>, ug, ag, hpg::desc::push);
    expect_same(wh, wg, "any.pair, " + how);
  }
}

#if HPG_HAS_CUDA
// The list operations that append what they keep in one kernel (append_kept.cuh: ewise_add,
// ewise_mult of two lists, a mask applied after the fact) and the one-kernel reduction into a
// scalar, on lists and a bitmap long enough for a hundred blocks and more. Each leaves its
// ticket words clean for the next call.
TEST(SparsePathsGpu, OneKernelListOperationsAndReductionOnManyBlocks) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  namespace dc = hpg::detail::cuda;
  const Index big = Index(1) << 20;
  const auto a = random_vector<std::int64_t>(big, 0.02, 51);
  const auto b = random_vector<std::int64_t>(big, 0.03, 52);
  const auto dense = random_vector<std::int64_t>(big, 0.5, 53);
  Pair<std::int64_t> w{hpg::Vector<std::int64_t>(big, Backend::host), hpg::Vector<std::int64_t>(big, Backend::cuda)};
  hpg::ewise_add(w.host, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.host, b.host);
  hpg::ewise_add(w.gpu, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.gpu, b.gpu);
  expect_same(w.host, w.gpu, "ewise_add of two long lists");
  hpg::test::expect_left_clean(dc::ScratchUse::scan_status, 2, std::uint64_t(0), "ewise_add's tickets");
  hpg::ewise_mult(w.host, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.host, b.host);
  hpg::ewise_mult(w.gpu, hpg::no_mask, hpg::no_accum, hpg::minus<std::int64_t>{}, a.gpu, b.gpu);
  expect_same(w.host, w.gpu, "ewise_mult of two long lists");
  EXPECT_GT(w.host.nvals(), 100u);
  hpg::ewise_mult(w.host, hpg::no_mask, hpg::no_accum, hpg::times<std::int64_t>{}, b.host, dense.host);
  hpg::ewise_mult(w.gpu, hpg::no_mask, hpg::no_accum, hpg::times<std::int64_t>{}, b.gpu, dense.gpu);
  expect_same(w.host, w.gpu, "ewise_mult of a long list and a bitmap");
  // A mask applied after the fact (keep_allowed): an ewise_add or ewise_mult of two lists
  // into w<mask, replace>, the mask a long list too, structural or valued, plain or complemented.
  for (const hpg::Descriptor d : {hpg::desc::replace, hpg::desc::structure | hpg::desc::replace,
                                  hpg::desc::mask_complement | hpg::desc::structure | hpg::desc::replace}) {
    hpg::ewise_add(w.host, dense.host, hpg::no_accum, hpg::plus<std::int64_t>{}, a.host, b.host, d);
    hpg::ewise_add(w.gpu, dense.gpu, hpg::no_accum, hpg::plus<std::int64_t>{}, a.gpu, b.gpu, d);
    expect_same(w.host, w.gpu, "ewise_add of two long lists under a mask");
    hpg::ewise_mult(w.host, a.host, hpg::no_accum, hpg::plus<std::int64_t>{}, b.host, dense.host, d);
    hpg::ewise_mult(w.gpu, a.gpu, hpg::no_accum, hpg::plus<std::int64_t>{}, b.gpu, dense.gpu, d);
    expect_same(w.host, w.gpu, "ewise_mult of a long list and a bitmap under a mask");
  }
  hpg::test::expect_left_clean(dc::ScratchUse::scan_status, 2, std::uint64_t(0), "the tickets");
  // Reductions into a scalar: a long list, a half-full bitmap, with and without an accumulator.
  for (const auto* x : {&a, &dense}) {
    for (const bool accumulates : {false, true}) {
      hpg::Scalar<std::int64_t> sh(std::int64_t(1000), Backend::host), sg(std::int64_t(1000), Backend::cuda);
      if (accumulates) {
        hpg::reduce(sh, hpg::plus<std::int64_t>{}, hpg::plus_monoid<std::int64_t>{}, x->host);
        hpg::reduce(sg, hpg::plus<std::int64_t>{}, hpg::plus_monoid<std::int64_t>{}, x->gpu);
      } else {
        hpg::reduce(sh, hpg::no_accum, hpg::max_monoid<std::int64_t>{}, x->host);
        hpg::reduce(sg, hpg::no_accum, hpg::max_monoid<std::int64_t>{}, x->gpu);
      }
      EXPECT_EQ(sh.extract_element(), sg.extract_element()) << (x == &a ? "list" : "bitmap") << (accumulates ? ", accum" : "");
      hpg::test::expect_left_clean(dc::ScratchUse::scan_status, 1, std::uint64_t(0), "the reduction's ticket");
    }
  }
}
#endif

// A push result's arrays are longer than its count (they are sized before it is known). Once the
// count is read, an apply or ewise_mult over it that casts to the output's type (nothing to
// compact) must read only the entries it has: the sanitizer's memcheck runs this test.
TEST(SparsePathsGpu, CastOfAResultWhoseArraysAreLongerThanItsCount) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto spec = hpg::gen::parse_spec("grid:64x64");
  hpg::Matrix<float> ga = hpg::generate<float>(spec, Backend::cuda), ha = hpg::generate<float>(spec, Backend::host);
  Pair<float> u{hpg::Vector<float>(4096, Backend::host), hpg::Vector<float>(4096, Backend::cuda)};
  for (auto* x : {&u.host, &u.gpu}) x->build(std::vector<Index>{0, 70, 2000}, std::vector<float>{1, 2, 3});
  Pair<float> t{hpg::Vector<float>(4096, Backend::host), hpg::Vector<float>(4096, Backend::cuda)};
  hpg::vxm(t.host, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, u.host, ha, hpg::desc::push);
  hpg::vxm(t.gpu, hpg::no_mask, hpg::no_accum, hpg::min_plus<float>, u.gpu, ga, hpg::desc::push);
  ASSERT_EQ(t.gpu.nvals(), 10u);  // read: the count is known, the arrays hold 12
  Pair<double> w{hpg::Vector<double>(4096, Backend::host), hpg::Vector<double>(4096, Backend::cuda)};
  hpg::apply(w.host, hpg::no_mask, hpg::no_accum, hpg::identity<float>{}, t.host);
  hpg::apply(w.gpu, hpg::no_mask, hpg::no_accum, hpg::identity<float>{}, t.gpu);
  expect_same(w.host, w.gpu, "apply cast to double");
  Pair<float> full = random_vector<float>(4096, 1.0, 900);
  hpg::ewise_mult(w.host, hpg::no_mask, hpg::no_accum, hpg::plus<float>{}, t.host, full.host);
  hpg::ewise_mult(w.gpu, hpg::no_mask, hpg::no_accum, hpg::plus<float>{}, t.gpu, full.gpu);
  expect_same(w.host, w.gpu, "ewise_mult with a full operand, cast to double");
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

// Run once as the library chooses (a sparse w takes bitmap form, then is written in place) and
// once with every sparse w merged with the mask's list (the path of a w too large for a bitmap).
class MaskedAssign : public ::testing::TestWithParam<double> {};

TEST_P(MaskedAssign, AtASparseMask) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const double saved = hpg::detail::tuning().upsert_bitmap_memory_fraction;
  hpg::detail::tuning().upsert_bitmap_memory_fraction = GetParam();
  struct Restore {
    double v;
    ~Restore() { hpg::detail::tuning().upsert_bitmap_memory_fraction = v; }
  } restore{saved};
  std::uint64_t seed = 500;
  for (const auto& [oname, odensity] : output_kinds)
    for (double fdensity : {0.005, 0.03, 0.1}) {  // 0.1: a bitmap mask, one pass over its presence
      const std::string where = oname + ", frontier " + std::to_string(fdensity);
      const auto f = random_vector<std::int64_t>(n, fdensity, ++seed);
      const auto full = random_vector<std::int64_t>(n, 1.0, ++seed);
      {  // level<struct(frontier)> = depth
        auto w = random_vector<std::int32_t>(n, odensity, ++seed);
        hpg::assign(w.host, f.host, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
        hpg::assign(w.gpu, f.gpu, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
        expect_same(w.host, w.gpu, "scalar assign, " + where);
        if (GetParam() > 0 && fdensity < hpg::detail::sparse_vector_density)  // the upsert ran, in place
          EXPECT_EQ(w.gpu.sparsity(), hpg::Sparsity::bitmap) << where;
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

// A sparse w whose bitmap cannot be allocated is merged instead: the call still succeeds.
TEST(SparsePathsGpu, MaskedAssignMergesWhenTheBitmapCannotBeHad) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  const auto f = random_vector<std::int64_t>(n, 0.01, 700);
  auto w = random_vector<std::int32_t>(n, 0.01, 701);
  ASSERT_EQ(w.gpu.sparsity(), hpg::Sparsity::sparse);
  hpg::detail::inject_device_allocation_failure(0);  // the bitmap's first array
  hpg::assign(w.gpu, f.gpu, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
  EXPECT_LT(hpg::detail::inject_device_allocation_failure(-1), 0) << "the injected failure did not fire";
  hpg::assign(w.host, f.host, hpg::no_accum, 7, hpg::all, hpg::desc::structure);
  expect_same(w.host, w.gpu, "scalar assign after a failed bitmap allocation");
}

INSTANTIATE_TEST_SUITE_P(SparsePathsGpu, MaskedAssign, ::testing::Values(1.0 / 16, 0.0),
                         [](const auto& info) { return info.param == 0.0 ? std::string("Merged") : std::string("InPlace"); });

// A result the GPU knows to be full (an operation on full inputs, a scalar over all of w,
// accumulation into a full w) skips clearing its bitmap and counting its entries. Run over memory
// that held full vectors (freed blocks come back from the pool), every such call, and each one's
// near miss with an input that is not full, must still hold exactly its entries.
TEST(SparsePathsGpu, ResultsKnownFullAndTheirNearMisses) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using V = std::int64_t;
  const auto part = random_vector<V>(n, 0.3, 31);
  const auto part2 = random_vector<V>(n, 0.6, 32);
  const auto full = random_vector<V>(n, 1.0, 33);
  const auto full2 = random_vector<V>(n, 1.0, 34);
  const auto frontier = random_vector<V>(n, 0.01, 35);
  auto poison = [] {  // leave freed blocks of full bitmaps and values in the pool
    for (int k = 0; k < 6; ++k) {
      hpg::Vector<V> v(n, Backend::cuda);
      hpg::assign(v, hpg::no_mask, hpg::no_accum, V{7}, hpg::all);
      ASSERT_EQ(v.nvals(), n);
    }
  };
  // Runs f(w, gpu) on both backends from w0 (empty when null) and compares.
  auto check = [&](const std::string& what, const Pair<V>* w0, const auto& f) {
    Pair<V> w{hpg::Vector<V>(n, Backend::host), hpg::Vector<V>(n, Backend::cuda)};
    if (w0) w = Pair<V>{w0->host.dup(), w0->gpu.dup()};
    poison();
    f(w.host, false);
    f(w.gpu, true);
    expect_same(w.host, w.gpu, what);
  };
  const auto pick = [](const Pair<V>& p, bool gpu) -> const hpg::Vector<V>& { return gpu ? p.gpu : p.host; };
  const hpg::plus<V> add;
  for (const auto& [name, x_of_case, y_of_case] :
       {std::tuple{"full, full", &full, &full2}, std::tuple{"full, part", &full, &part}, std::tuple{"part, full", &part, &full},
        std::tuple{"part, part", &part, &part2}}) {
    const auto *x = x_of_case, *y = y_of_case;  // captured below (clang 14 cannot capture a structured binding)
    const std::string on = std::string(" of ") + name;
    check("ewise_add" + on, nullptr, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, add, pick(*x, g), pick(*y, g));
    });
    check("ewise_mult" + on, nullptr, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_mult(w, hpg::no_mask, hpg::no_accum, hpg::minus<V>{}, pick(*x, g), pick(*y, g));
    });
    check("ewise_mult into a full w, accumulated" + on, &full2, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_mult(w, hpg::no_mask, add, hpg::times<V>{}, pick(*x, g), pick(*y, g));
    });
    check("ewise_add into a partial w, accumulated" + on, &part2, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_add(w, hpg::no_mask, add, add, pick(*x, g), pick(*y, g));
    });
    check("ewise_add, no mask complemented" + on, &part2, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, add, pick(*x, g), pick(*y, g), hpg::desc::mask_complement);
    });
    check("ewise_add, masked" + on, &full2, [&](hpg::Vector<V>& w, bool g) {
      hpg::ewise_add(w, pick(part2, g), hpg::no_accum, add, pick(*x, g), pick(*y, g), hpg::desc::replace);
    });
  }
  for (const auto& [name, u_of_case] : {std::pair{"full", &full}, std::pair{"part", &part}}) {
    const auto* u = u_of_case;  // captured below (clang 14 cannot capture a structured binding)
    const std::string of = std::string(" of ") + name + " u";
    check("apply" + of, nullptr, [&](hpg::Vector<V>& w, bool g) {
      hpg::apply(w, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, pick(*u, g));
    });
    check("select (drops entries)" + of, nullptr, [&](hpg::Vector<V>& w, bool g) {
      hpg::select(w, hpg::no_mask, hpg::no_accum, hpg::valuegt<V>{}, pick(*u, g), V{0});
    });
    check("vector assign over all" + of, &part2, [&](hpg::Vector<V>& w, bool g) {
      hpg::assign(w, hpg::no_mask, hpg::no_accum, pick(*u, g), hpg::all);
    });
  }
  check("scalar assign over all", &part, [&](hpg::Vector<V>& w, bool) {
    hpg::assign(w, hpg::no_mask, hpg::no_accum, V{5}, hpg::all);
  });
  check("scalar assign over some", &part, [&](hpg::Vector<V>& w, bool) {
    hpg::assign(w, hpg::no_mask, hpg::no_accum, V{5}, std::vector<Index>{3, 70, 900});
  });
  check("scalar assign into a full w at a sparse mask", &full, [&](hpg::Vector<V>& w, bool g) {
    hpg::assign(w, pick(frontier, g), hpg::no_accum, V{-3}, hpg::all, hpg::desc::structure);
  });
  check("vector assign into a full w at a sparse mask (u = mask)", &full, [&](hpg::Vector<V>& w, bool g) {
    hpg::assign(w, pick(frontier, g), hpg::no_accum, pick(frontier, g), hpg::all, hpg::desc::structure);
  });
  // A push with no mask (nothing compacted) and with "no mask, complemented" (nothing allowed).
  const hpg::Matrix<V> a_host = [&] {
    std::mt19937_64 g(36);
    std::vector<Index> r, c;
    for (Index i = 0; i < n; ++i)
      for (int k = 0; k < 3; ++k) r.push_back(i), c.push_back(g() % n);
    hpg::Matrix<V> m(n, n, Backend::host);
    m.build(r, c, std::vector<V>(r.size(), 2), add);
    return m;
  }();
  hpg::Matrix<V> a_gpu = a_host.dup();
  a_gpu.to_backend(Backend::cuda);
  check("push, no mask", &part, [&](hpg::Vector<V>& w, bool g) {
    hpg::vxm(w, hpg::no_mask, hpg::no_accum, hpg::min_plus<V>, pick(frontier, g), g ? a_gpu : a_host, hpg::desc::push);
  });
  check("push, no mask complemented, replace", &part, [&](hpg::Vector<V>& w, bool g) {
    hpg::vxm(w, hpg::no_mask, hpg::no_accum, hpg::min_plus<V>, pick(frontier, g), g ? a_gpu : a_host,
             hpg::desc::push | hpg::desc::mask_complement | hpg::desc::replace);
  });
  // Reductions of full and partial vectors, and of a matrix, with ANY and plus.
  for (const auto* u : {&full, &part}) {
    EXPECT_EQ(hpg::reduce(hpg::plus_monoid<V>{}, u->host), hpg::reduce(hpg::plus_monoid<V>{}, u->gpu));
    const V any = hpg::reduce(hpg::any_monoid<V>{}, u->gpu);
    EXPECT_NE(any, 0);  // some entry's value (values are never 0)
  }
  EXPECT_EQ(hpg::reduce(hpg::plus_monoid<V>{}, a_host), hpg::reduce(hpg::plus_monoid<V>{}, a_gpu));
}

/// A full result handed over whole (no mask, no accumulator, the output's type) is written into a
/// full output's own arrays: no allocation, and in a device loop no copy back at the end of a
/// round (PageRank's rank and temporaries). The output may be an input (the kernels are
/// element-wise); a result that is not full, or an output of another type, is not written in place
/// and is still right.
TEST(SparsePathsGpu, FullResultsAreWrittenIntoAFullOutputsArrays) {
  HPG_SKIP_IF_NO_BACKEND(Backend::cuda);
  using V = std::int64_t;
  const auto full = random_vector<V>(n, 1.0, 41);
  const auto full2 = random_vector<V>(n, 1.0, 42);
  const auto part = random_vector<V>(n, 0.4, 43);
  const auto pick = [](const Pair<V>& p, bool gpu) -> const hpg::Vector<V>& { return gpu ? p.gpu : p.host; };
  const auto values_of = [](const hpg::Vector<V>& v) { return hpg::detail::cuda::vec_of(v).val.data(); };
  // Runs f(w, gpu) on both backends from a full w; `in_place`: whether the GPU's w keeps its values' array.
  const auto check = [&](const std::string& what, bool in_place, const auto& f) {
    Pair<V> w{full2.host.dup(), full2.gpu.dup()};
    ASSERT_EQ(w.gpu.sparsity(), hpg::Sparsity::bitmap) << what;
    const V* before = values_of(w.gpu);
    f(w.host, false);
    f(w.gpu, true);
    EXPECT_EQ(values_of(w.gpu) == before, in_place) << what;
    expect_same(w.host, w.gpu, what);
  };
  check("apply of a full u", true, [&](hpg::Vector<V>& w, bool g) {
    hpg::apply(w, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, pick(full, g));
  });
  check("apply of w itself", true, [&](hpg::Vector<V>& w, bool) {
    hpg::apply(w, hpg::no_mask, hpg::no_accum, hpg::bind_first(hpg::plus<V>{}, V{3}), w);
  });
  check("ewise_mult of full vectors", true, [&](hpg::Vector<V>& w, bool g) {
    hpg::ewise_mult(w, hpg::no_mask, hpg::no_accum, hpg::times<V>{}, pick(full, g), pick(full2, g));
  });
  check("ewise_add of w and a part", true, [&](hpg::Vector<V>& w, bool g) {
    hpg::ewise_add(w, hpg::no_mask, hpg::no_accum, hpg::minus<V>{}, w, pick(part, g));
  });
  check("scalar assign over all", true, [&](hpg::Vector<V>& w, bool) {
    hpg::assign(w, hpg::no_mask, hpg::no_accum, V{9}, hpg::all);
  });
  check("vector assign of a full u over all", true, [&](hpg::Vector<V>& w, bool g) {
    hpg::assign(w, hpg::no_mask, hpg::no_accum, pick(full, g), hpg::all);
  });
  check("apply of a partial u (not full: new arrays)", false, [&](hpg::Vector<V>& w, bool g) {
    hpg::apply(w, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, pick(part, g));
  });
  check("ewise_mult of full vectors, accumulated (a finish pass)", false, [&](hpg::Vector<V>& w, bool g) {
    hpg::ewise_mult(w, hpg::no_mask, hpg::plus<V>{}, hpg::times<V>{}, pick(full, g), pick(full2, g));
  });
  check("apply, no mask complemented (nothing allowed)", false, [&](hpg::Vector<V>& w, bool g) {
    hpg::apply(w, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, pick(full, g), hpg::desc::mask_complement);
  });
  // An output of another type: the result is cast by the finish, into new arrays.
  hpg::Vector<std::int32_t> hw(n, Backend::host), gw(n, Backend::cuda);
  hpg::assign(hw, hpg::no_mask, hpg::no_accum, 1, hpg::all);
  hpg::assign(gw, hpg::no_mask, hpg::no_accum, 1, hpg::all);
  hpg::apply(hw, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, full.host);
  hpg::apply(gw, hpg::no_mask, hpg::no_accum, hpg::ainv<V>{}, full.gpu);
  expect_same(hw, gw, "apply into an int32 w");
}

}  // namespace
