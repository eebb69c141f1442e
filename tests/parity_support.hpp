// The SuiteSparse:GraphBLAS differential suite's shared machinery: seeded random inputs built
// identically on both sides (an hpg container on the backend under test and a GrB object from the
// same tuples), hpg <-> GrB operator / monoid / semiring / descriptor mapping, the run-time loop
// over descriptor combinations (mask none / valued / structural, complemented or not, accumulator
// or not, replace or not, transposes), result comparison, and seed reporting.
//
// Replaying a failure: every failing case prints its seed and a full description (operation, types,
// operator, descriptor). HPG_PARITY_SEED=<seed> runs only that seed (in every parity test; narrow
// with --gtest_filter), HPG_PARITY_TRIALS=<n> runs n seeds per test instead of the default.
//
// The cuda parameter: skipped without a GPU. With one, every case whose operation the cuda backend
// implements is compared with SuiteSparse; a case whose operation still throws
// Error(not_implemented) on cuda containers is left out, and the test then ends as skipped with
// "GPU operations not yet available: <operations>" (unless a compared case failed), so the suite
// turns on by itself as GPU operations land. A host case is never skipped.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/hpgraph.hpp"
#include "hpgraph/suitesparse.hpp"
#include "test_support.hpp"

namespace hpg::parity {

// =================================================================================================
// Start-up, seeds, counters
// =================================================================================================

/// GraphBLAS started once, single-threaded (deterministic and cheap for these small problems).
inline void grb_setup() {
  static const bool done = [] {
    hpg::grb_init();
    GxB_Global_Option_set_INT32(GxB_GLOBAL_NTHREADS, 1);
    return true;
  }();
  (void)done;
}

inline std::optional<std::uint64_t> env_seed() {
  const char* s = std::getenv("HPG_PARITY_SEED");
  if (s == nullptr || *s == 0) return std::nullopt;
  return std::strtoull(s, nullptr, 10);
}

/// The seeds a test runs: HPG_PARITY_SEED alone when set, else 1..n (HPG_PARITY_TRIALS overrides n).
inline std::vector<std::uint64_t> seeds(int n) {
  if (auto s = env_seed()) return {*s};
  if (const char* t = std::getenv("HPG_PARITY_TRIALS"); t != nullptr && *t) n = std::max(1, std::atoi(t));
  std::vector<std::uint64_t> out;
  for (int k = 1; k <= n; ++k) out.push_back(static_cast<std::uint64_t>(k));
  return out;
}

/// HPG_PARITY_VERBOSE=1 prints every case before it runs (to find the one that crashes).
inline bool verbose() {
  static const bool v = [] {
    const char* s = std::getenv("HPG_PARITY_VERBOSE");
    return s != nullptr && *s != 0 && *s != '0';
  }();
  return v;
}

struct Counters {
  std::atomic<long> comparisons{0};
  std::atomic<long> error_checks{0};
};
inline Counters& counters() {
  static Counters c;
  return c;
}

/// Prints the totals once at the end of the program (only when parity tests ran).
class SummaryEnvironment : public ::testing::Environment {
 public:
  void TearDown() override {
    if (counters().comparisons > 0 || counters().error_checks > 0)
      std::printf("[ parity   ] %ld hpg-vs-SuiteSparse result comparisons, %ld error-code checks\n", counters().comparisons.load(),
                  counters().error_checks.load());
  }
};
inline ::testing::Environment* const summary_environment = ::testing::AddGlobalTestEnvironment(new SummaryEnvironment);

// =================================================================================================
// The running test: backend, seed, failure reporting, and the GPU "not yet" skip
// =================================================================================================

/// Thrown out of a case when a cuda-backend hpg operation is not implemented yet.
struct GpuNotYet {
  std::string what;       // the case
  std::string operation;  // hpg's message: "select: GPU execution of this operation is not available ..."
};

struct Ctx {
  Backend backend;
  std::uint64_t seed = 0;
  int failures = 0;
  long gpu_cases = 0;                // cuda cases compared
  std::set<std::string> gpu_missing;  // operations that threw not_implemented on cuda
  explicit Ctx(Backend b) : backend(b) { grb_setup(); }

  /// A cuda case whose operation is not implemented yet: noted, not failed (see HPG_PARITY_BODY).
  void note_gpu_missing(const GpuNotYet& g) {
    const auto colon = g.operation.find(':');
    gpu_missing.insert(colon == std::string::npos ? g.operation : g.operation.substr(0, colon));
  }
  std::string gpu_missing_list() const {
    std::string s;
    for (const auto& m : gpu_missing) s += (s.empty() ? "" : ", ") + m;
    return s;
  }

  static std::string test_name() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return info ? std::string(info->test_suite_name()) + "." + info->name() : std::string("?");
  }
  std::string header() const {
    std::ostringstream o;
    o << "[parity] backend=" << to_string(backend) << " seed=" << seed << "  (replay: HPG_PARITY_SEED=" << seed
      << " hpgraph_tests --gtest_filter='" << test_name() << "')";
    return o.str();
  }
  /// Reports one failing case (at most 25 are printed per test; all make it fail).
  void fail(const std::string& text) {
    ++failures;
    if (failures <= 25) ADD_FAILURE() << header() << "\n" << text;
    else if (failures == 26) ADD_FAILURE() << header() << "\n(further failures of this test are not printed)";
  }

  /// Runs an hpg call; a cuda not_implemented becomes GpuNotYet, any other hpg::Error is returned.
  template <class F>
  std::optional<hpg::Error> run_hpg(const std::string& what, F&& f) const {
    try {
      f();
    } catch (const hpg::Error& e) {
      if (backend == Backend::cuda && e.code() == Info::not_implemented) throw GpuNotYet{what, e.what()};
      return e;
    }
    return std::nullopt;
  }
};

/// The body of every parity TEST_P: skip cuda without a GPU. On a GPU, the cases whose operation
/// the cuda backend does not implement yet (Error(not_implemented)) are left out and every other
/// case is compared; the test then ends as skipped, "GPU operations not yet available", naming the
/// missing operations, unless a compared case failed (then it fails). A case outside the per-case
/// runner that meets a missing GPU operation skips the rest of the test the same way.
#define HPG_PARITY_BODY(ctx, ...)                                                                        \
  do {                                                                                                   \
    HPG_SKIP_IF_NO_BACKEND(GetParam());                                                                  \
    ::hpg::parity::Ctx ctx(GetParam());                                                                  \
    try {                                                                                                \
      __VA_ARGS__                                                                                        \
    } catch (const ::hpg::parity::GpuNotYet& e) {                                                        \
      ctx.note_gpu_missing(e);                                                                           \
    }                                                                                                    \
    if (!ctx.gpu_missing.empty() && !::testing::Test::HasFailure())                                      \
      GTEST_SKIP() << "GPU operations not yet available: " << ctx.gpu_missing_list() << " ("           \
                   << ctx.gpu_cases << " cases of this test were compared on the GPU)";                 \
  } while (0)

#define HPG_PARITY_SUITE(Suite) \
  INSTANTIATE_TEST_SUITE_P(Backends, Suite, ::hpg::test::all_backends(), ::hpg::test::backend_name)

// =================================================================================================
// Random inputs
// =================================================================================================

struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t seed) : g(seed * 0x9E3779B97F4A7C15ull + 0x1234567ull) {}
  std::int64_t between(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(g); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(g) < p; }
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); }
  template <class V>
  const auto& pick(const V& v) {
    return v[static_cast<std::size_t>(between(0, static_cast<std::int64_t>(v.size()) - 1))];
  }
};

/// How values are drawn: small integers in [lo, hi] (unsigned types: [max(lo, 0), hi]); floating
/// types add a fraction with probability `fraction` (float: eighths, exact; double: tenths, not).
struct Values {
  int lo = -6, hi = 9;
  bool nonzero = false;
  double fraction = 0.25;
};

template <class T>
T random_value(Rng& r, const Values& v = {}) {
  if constexpr (std::is_same_v<T, bool>) {
    return v.nonzero ? true : r.chance(0.6);
  } else if constexpr (std::is_integral_v<T>) {
    const int lo = std::is_unsigned_v<T> ? std::max(v.lo, 0) : v.lo;
    auto k = r.between(lo, std::max(lo, v.hi));
    if (v.nonzero && k == 0) k = 1;
    return static_cast<T>(k);
  } else {
    double x = static_cast<double>(r.between(v.lo, v.hi));
    if (r.chance(v.fraction)) x += std::is_same_v<T, float> ? static_cast<double>(r.between(1, 7)) / 8.0 : static_cast<double>(r.between(1, 9)) / 10.0;
    if (v.nonzero && x == 0) x = 1;
    return static_cast<T>(x);
  }
}

/// A dimension: mostly small, sometimes up to 60.
inline Index random_dim(Rng& r, Index max = 60) {
  static const Index dims[] = {1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 19, 24, 31, 40, 60};
  for (int tries = 0; tries < 100; ++tries) {
    const Index d = dims[r.between(0, sizeof(dims) / sizeof(dims[0]) - 1)];
    if (d <= max) return d;
  }
  return 1;
}

/// The trial's shape class, by seed: empty, a single entry, fully dense, or random density.
enum class Fill { empty, single, dense, sparse };
inline Fill trial_fill(std::uint64_t seed) {
  switch (seed % 6) {
    case 0: return Fill::empty;
    case 1: return Fill::single;
    case 2: return Fill::dense;
    default: return Fill::sparse;
  }
}
inline const char* fill_name(Fill f) {
  switch (f) {
    case Fill::empty: return "empty";
    case Fill::single: return "single entry";
    case Fill::dense: return "dense";
    case Fill::sparse: return "sparse";
  }
  return "?";
}
/// A secondary input's fill (masks, initial outputs, the other operand): anything, biased to sparse.
inline Fill any_fill(Rng& r) {
  const auto k = r.between(0, 9);
  return k == 0 ? Fill::empty : k == 1 ? Fill::single : k == 2 ? Fill::dense : Fill::sparse;
}

template <class T>
struct MatData {
  Index m = 0, n = 0;
  std::vector<Index> r, c;
  std::vector<T> x;
};
template <class T>
struct VecData {
  Index n = 0;
  std::vector<Index> i;
  std::vector<T> x;
};

template <class T, class Gen>
MatData<T> random_matrix_with(Rng& r, Index m, Index n, Fill f, Gen&& gen) {
  MatData<T> d{m, n, {}, {}, {}};
  if (m == 0 || n == 0 || f == Fill::empty) return d;
  if (f == Fill::single) {
    d.r.push_back(static_cast<Index>(r.between(0, static_cast<std::int64_t>(m) - 1)));
    d.c.push_back(static_cast<Index>(r.between(0, static_cast<std::int64_t>(n) - 1)));
    d.x.push_back(gen(r));
    return d;
  }
  const double p = f == Fill::dense ? 1.0 : r.real(0.03, 0.6);
  for (Index i = 0; i < m; ++i)
    for (Index j = 0; j < n; ++j)
      if (f == Fill::dense || r.chance(p)) {
        d.r.push_back(i);
        d.c.push_back(j);
        d.x.push_back(gen(r));
      }
  // Shuffle the tuples: build must not rely on their order.
  for (std::size_t k = d.r.size(); k > 1; --k) {
    const auto q = static_cast<std::size_t>(r.between(0, static_cast<std::int64_t>(k) - 1));
    std::swap(d.r[k - 1], d.r[q]);
    std::swap(d.c[k - 1], d.c[q]);
    T t = d.x[k - 1];
    d.x[k - 1] = d.x[q];
    d.x[q] = t;
  }
  return d;
}
template <class T>
MatData<T> random_matrix(Rng& r, Index m, Index n, Fill f, const Values& v = {}) {
  return random_matrix_with<T>(r, m, n, f, [&](Rng& g) { return random_value<T>(g, v); });
}
template <class T, class Gen>
VecData<T> random_vector_with(Rng& r, Index n, Fill f, Gen&& gen) {
  auto m = random_matrix_with<T>(r, n, 1, f, gen);
  return VecData<T>{n, std::move(m.r), std::move(m.x)};
}
template <class T>
VecData<T> random_vector(Rng& r, Index n, Fill f, const Values& v = {}) {
  return random_vector_with<T>(r, n, f, [&](Rng& g) { return random_value<T>(g, v); });
}

// =================================================================================================
// Paired containers: the same entries as an hpg container (on the backend under test) and a GrB object
// =================================================================================================

template <class T>
std::unique_ptr<T[]> raw_values(const std::vector<T>& x) {
  std::unique_ptr<T[]> p(new T[x.size() > 0 ? x.size() : 1]);
  for (std::size_t k = 0; k < x.size(); ++k) p[k] = x[k];
  return p;
}

inline void grb_ok(GrB_Info info, const char* what) {
  if (info != GrB_SUCCESS && info != GrB_NO_VALUE)
    throw std::runtime_error(std::string("GraphBLAS call failed in the test harness: ") + what + ": " + hpg::grb_info_name(info));
}

/// Every GrB object of the harness is held in SuiteSparse's plain sparse format. The storage format
/// is SuiteSparse's own business and does not change results, but SuiteSparse:GraphBLAS 7.4.0 (the
/// Debian package) has two bugs this steers around:
///  - a segfault in GB_subassign_08n when a masked, accumulated operation meets a mask in the
///    "full" format (every entry present), e.g. GrB_vxm(w, M, GrB_MAX_INT32, min.plus, u, A, NULL);
///  - a wrong FIRSTI result in C = A*B' (GrB_DESC_T1, dot-product method) with a hypersparse A: the
///    position in A's hyperlist instead of the row index (0 instead of 2 for A(2,1) alone).
inline void grb_sparse(GrB_Vector v) { grb_ok(GxB_Vector_Option_set_INT32(v, GxB_SPARSITY_CONTROL, GxB_SPARSE), "GxB_Vector_Option_set"); }
inline void grb_sparse(GrB_Matrix a) { grb_ok(GxB_Matrix_Option_set_INT32(a, GxB_SPARSITY_CONTROL, GxB_SPARSE), "GxB_Matrix_Option_set"); }

template <class T>
struct Vec {
  hpg::Vector<T> h;
  grb_vector_ptr g;
  Vec dup() const {
    GrB_Vector c = nullptr;
    grb_ok(GrB_Vector_dup(&c, g.get()), "GrB_Vector_dup");
    grb_sparse(c);
    return Vec{h.dup(), grb_vector_ptr(c)};
  }
};
template <class T>
struct Mat {
  hpg::Matrix<T> h;
  grb_matrix_ptr g;
  Mat dup() const {
    GrB_Matrix c = nullptr;
    grb_ok(GrB_Matrix_dup(&c, g.get()), "GrB_Matrix_dup");
    grb_sparse(c);
    return Mat{h.dup(), grb_matrix_ptr(c)};
  }
};

template <class T>
Vec<T> make(const VecData<T>& d, Backend b) {
  hpg::Vector<T> h(d.n, b);
  h.build(d.i, d.x);
  GrB_Vector g = nullptr;
  grb_ok(GrB_Vector_new(&g, hpg::grb_type<T>(), d.n), "GrB_Vector_new");
  grb_vector_ptr gp(g);
  grb_sparse(g);
  auto x = raw_values(d.x);
  if (!d.i.empty()) grb_ok(hpg::detail::GrbCalls<T>::vector_build(g, d.i.data(), x.get(), d.i.size()), "GrB_Vector_build");
  return Vec<T>{std::move(h), std::move(gp)};
}
template <class T>
Mat<T> make(const MatData<T>& d, Backend b) {
  hpg::Matrix<T> h(d.m, d.n, b);
  h.build(d.r, d.c, d.x);
  GrB_Matrix g = nullptr;
  grb_ok(GrB_Matrix_new(&g, hpg::grb_type<T>(), d.m, d.n), "GrB_Matrix_new");
  grb_matrix_ptr gp(g);
  grb_sparse(g);
  auto x = raw_values(d.x);
  if (!d.r.empty()) grb_ok(hpg::detail::GrbCalls<T>::matrix_build(g, d.r.data(), d.c.data(), x.get(), d.r.size()), "GrB_Matrix_build");
  return Mat<T>{std::move(h), std::move(gp)};
}

// =================================================================================================
// Entries, values, comparison
// =================================================================================================

template <class T>
struct Entries {
  std::vector<Index> r, c;  // c is all 0 for a vector
  std::vector<T> x;
  std::size_t size() const { return r.size(); }
};

template <class T>
void sort_entries(Entries<T>& e) {
  std::vector<std::size_t> p(e.r.size());
  for (std::size_t k = 0; k < p.size(); ++k) p[k] = k;
  std::sort(p.begin(), p.end(), [&](std::size_t a, std::size_t b) { return std::pair(e.r[a], e.c[a]) < std::pair(e.r[b], e.c[b]); });
  Entries<T> s;
  for (auto k : p) {
    s.r.push_back(e.r[k]);
    s.c.push_back(e.c[k]);
    s.x.push_back(e.x[k]);
  }
  e = std::move(s);
}

template <class T>
Entries<T> entries(const hpg::Vector<T>& v) {
  Entries<T> e;
  v.extract_tuples(e.r, e.x);
  e.c.assign(e.r.size(), 0);
  sort_entries(e);
  return e;
}
template <class T>
Entries<T> entries(const hpg::Matrix<T>& a) {
  Entries<T> e;
  a.extract_tuples(e.r, e.c, e.x);
  sort_entries(e);
  return e;
}
template <class T>
Entries<T> entries(GrB_Vector v) {
  GrB_Index n = 0;
  grb_ok(GrB_Vector_nvals(&n, v), "GrB_Vector_nvals");
  Entries<T> e;
  e.r.resize(n);
  std::unique_ptr<T[]> x(new T[n > 0 ? n : 1]);
  if (n > 0) grb_ok(hpg::detail::GrbCalls<T>::vector_extract(e.r.data(), x.get(), &n, v), "GrB_Vector_extractTuples");
  e.r.resize(n);
  e.c.assign(n, 0);
  e.x.assign(x.get(), x.get() + n);
  sort_entries(e);
  return e;
}
template <class T>
Entries<T> entries(GrB_Matrix a) {
  GrB_Index n = 0;
  grb_ok(GrB_Matrix_nvals(&n, a), "GrB_Matrix_nvals");
  Entries<T> e;
  e.r.resize(n);
  e.c.resize(n);
  std::unique_ptr<T[]> x(new T[n > 0 ? n : 1]);
  if (n > 0) grb_ok(hpg::detail::GrbCalls<T>::matrix_extract(e.r.data(), e.c.data(), x.get(), &n, a), "GrB_Matrix_extractTuples");
  e.r.resize(n);
  e.c.resize(n);
  e.x.assign(x.get(), x.get() + n);
  sort_entries(e);
  return e;
}

template <class T>
std::string show(const T& x) {
  std::ostringstream o;
  if constexpr (std::is_same_v<T, bool>) o << (x ? "true" : "false");
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 1) o << static_cast<int>(x);
  else if constexpr (std::is_floating_point_v<T>) o.precision(std::numeric_limits<T>::max_digits10), o << x;
  else if constexpr (requires(std::ostream& s, const T& v) { s << v; }) o << x;
  else o << "<" << sizeof(T) << " bytes>";
  return o.str();
}

template <class T>
bool same_value(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    if (a == b) return true;
    if (std::isinf(a) || std::isinf(b)) return false;
    const double d = std::fabs(static_cast<double>(a) - static_cast<double>(b));
    const double scale = std::max(std::fabs(static_cast<double>(a)), std::fabs(static_cast<double>(b)));
    return d <= 1e-6 * scale || d <= 1e-9;  // 1e-9: cancellation in a sum of non-dyadic doubles
  } else {
    return a == b;
  }
}

template <class T>
std::string show_entries(const Entries<T>& e, bool is_vector) {
  std::ostringstream o;
  o << e.size() << " entries {";
  const std::size_t shown = std::min<std::size_t>(e.size(), 60);
  for (std::size_t k = 0; k < shown; ++k) {
    o << (k ? ", " : "") << "(" << e.r[k];
    if (!is_vector) o << "," << e.c[k];
    o << ")=" << show<T>(e.x[k]);
  }
  if (shown < e.size()) o << ", ...";
  o << "}";
  return o.str();
}

/// Compares hpg's result with SuiteSparse's. With bounds (an ANY monoid whose pick SuiteSparse does
/// not define), the patterns must be equal and each hpg value within [lo, hi] (the results under the
/// MIN and MAX monoids); otherwise equal entries, floating point within 1e-6 relative.
template <class T>
bool compare(Ctx& ctx, const std::string& what, const Entries<T>& h, const Entries<T>& g, bool is_vector,
             const Entries<T>* lo = nullptr, const Entries<T>* hi = nullptr) {
  ++counters().comparisons;
  std::string problem;
  if (h.r != g.r || h.c != g.c) {
    problem = "patterns differ";
  } else if (lo != nullptr) {
    if constexpr (requires(const T& a, const T& b) { a < b; }) {
      if (lo->r != g.r || lo->c != g.c || hi->r != g.r || hi->c != g.c) {
        problem = "SuiteSparse's MIN/MAX bound results have another pattern than its ANY result";
      } else {
        for (std::size_t k = 0; k < h.size() && problem.empty(); ++k)
          if (T(h.x[k]) < T(lo->x[k]) || T(hi->x[k]) < T(h.x[k])) {
            std::ostringstream o;
            o << "value at (" << h.r[k] << "," << h.c[k] << ") = " << show<T>(h.x[k]) << " is outside [" << show<T>(lo->x[k]) << ", "
              << show<T>(hi->x[k]) << "] (ANY monoid: any product may be picked)";
            problem = o.str();
          }
      }
    } else {
      problem = "bounds given for a type without an order (a harness bug)";
    }
  } else {
    for (std::size_t k = 0; k < h.size() && problem.empty(); ++k)
      if (!same_value<T>(h.x[k], g.x[k])) {
        std::ostringstream o;
        o << "values differ at (" << h.r[k];
        if (!is_vector) o << "," << h.c[k];
        o << "): hpg " << show<T>(h.x[k]) << ", SuiteSparse " << show<T>(g.x[k]);
        problem = o.str();
      }
  }
  if (problem.empty()) return true;
  ctx.fail("  case: " + what + "\n  " + problem + "\n  hpg:         " + show_entries(h, is_vector) +
           "\n  SuiteSparse: " + show_entries(g, is_vector));
  return false;
}

// =================================================================================================
// Operators: runtime-selected hpg functors (one instantiation serves many operators) and their GrB twins
// =================================================================================================

template <class T, class H>
H pick11(H b, H i8, H i16, H i32, H i64, H u8, H u16, H u32, H u64, H f32, H f64) {
  if constexpr (std::is_same_v<T, bool>) return b;
  else if constexpr (std::is_same_v<T, std::int8_t>) return i8;
  else if constexpr (std::is_same_v<T, std::int16_t>) return i16;
  else if constexpr (std::is_same_v<T, std::int32_t>) return i32;
  else if constexpr (std::is_same_v<T, std::int64_t>) return i64;
  else if constexpr (std::is_same_v<T, std::uint8_t>) return u8;
  else if constexpr (std::is_same_v<T, std::uint16_t>) return u16;
  else if constexpr (std::is_same_v<T, std::uint32_t>) return u32;
  else if constexpr (std::is_same_v<T, std::uint64_t>) return u64;
  else if constexpr (std::is_same_v<T, float>) return f32;
  else if constexpr (std::is_same_v<T, double>) return f64;
  else return nullptr;
}
#define HPG_GRB_ALL(T, P, S)                                                                                 \
  ::hpg::parity::pick11<T>(P##BOOL##S, P##INT8##S, P##INT16##S, P##INT32##S, P##INT64##S, P##UINT8##S,    \
                           P##UINT16##S, P##UINT32##S, P##UINT64##S, P##FP32##S, P##FP64##S)
#define HPG_GRB_NUM(T, P, S)                                                                               \
  ::hpg::parity::pick11<T>(decltype(P##INT8##S)(nullptr), P##INT8##S, P##INT16##S, P##INT32##S, P##INT64##S, \
                           P##UINT8##S, P##UINT16##S, P##UINT32##S, P##UINT64##S, P##FP32##S, P##FP64##S)

/// Binary operators z = f(x, y) on one type T.
enum class Bin { first, second, oneb, any, plus, minus, rminus, times, div, rdiv, min, max, lor, land, lxor, firsti, secondi, firstj, secondj };

inline const char* name(Bin k) {
  static const char* const names[] = {"first", "second", "oneb", "any",  "plus", "minus", "rminus", "times", "div", "rdiv",
                                      "min",   "max",    "lor",  "land", "lxor", "firsti", "secondi", "firstj", "secondj"};
  return names[static_cast<int>(k)];
}

template <class T>
GrB_BinaryOp grb_binop(Bin k) {
  GrB_BinaryOp op = nullptr;
  switch (k) {
    case Bin::first: op = HPG_GRB_ALL(T, GrB_FIRST_, ); break;
    case Bin::second: op = HPG_GRB_ALL(T, GrB_SECOND_, ); break;
    case Bin::oneb: op = HPG_GRB_ALL(T, GrB_ONEB_, ); break;
    case Bin::any: op = HPG_GRB_ALL(T, GxB_ANY_, ); break;
    case Bin::plus: op = HPG_GRB_ALL(T, GrB_PLUS_, ); break;
    case Bin::minus: op = HPG_GRB_ALL(T, GrB_MINUS_, ); break;
    case Bin::rminus: op = HPG_GRB_ALL(T, GxB_RMINUS_, ); break;
    case Bin::times: op = HPG_GRB_ALL(T, GrB_TIMES_, ); break;
    case Bin::div: op = HPG_GRB_ALL(T, GrB_DIV_, ); break;
    case Bin::rdiv: op = HPG_GRB_ALL(T, GxB_RDIV_, ); break;
    case Bin::min: op = HPG_GRB_ALL(T, GrB_MIN_, ); break;
    case Bin::max: op = HPG_GRB_ALL(T, GrB_MAX_, ); break;
    case Bin::lor: op = HPG_GRB_ALL(T, GxB_LOR_, ); break;
    case Bin::land: op = HPG_GRB_ALL(T, GxB_LAND_, ); break;
    case Bin::lxor: op = HPG_GRB_ALL(T, GxB_LXOR_, ); break;
    case Bin::firsti: op = std::is_same_v<T, std::int32_t> ? GxB_FIRSTI_INT32 : std::is_same_v<T, std::int64_t> ? GxB_FIRSTI_INT64 : nullptr; break;
    case Bin::secondi: op = std::is_same_v<T, std::int32_t> ? GxB_SECONDI_INT32 : std::is_same_v<T, std::int64_t> ? GxB_SECONDI_INT64 : nullptr; break;
    case Bin::firstj: op = std::is_same_v<T, std::int32_t> ? GxB_FIRSTJ_INT32 : std::is_same_v<T, std::int64_t> ? GxB_FIRSTJ_INT64 : nullptr; break;
    case Bin::secondj: op = std::is_same_v<T, std::int32_t> ? GxB_SECONDJ_INT32 : std::is_same_v<T, std::int64_t> ? GxB_SECONDJ_INT64 : nullptr; break;
  }
  if (op == nullptr) throw std::logic_error(std::string("parity: no GraphBLAS binary operator ") + name(k) + " for this type");
  return op;
}

/// hpg's binary operator k on T, chosen at run time (each case forwards to hpg's own functor).
template <class T>
struct DynBinary {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = T;
  Bin k = Bin::plus;
  HPG_HOST_DEVICE T operator()(const T& x, const T& y) const {
    switch (k) {
      case Bin::first: return hpg::first<T>{}(x, y);
      case Bin::second: return hpg::second<T>{}(x, y);
      case Bin::oneb: return hpg::oneb<T>{}(x, y);
      case Bin::any: return hpg::any<T>{}(x, y);
      case Bin::plus: return hpg::plus<T>{}(x, y);
      case Bin::minus: return hpg::minus<T>{}(x, y);
      case Bin::rminus: return hpg::rminus<T>{}(x, y);
      case Bin::times: return hpg::times<T>{}(x, y);
      case Bin::div: return hpg::div<T>{}(x, y);
      case Bin::rdiv: return hpg::rdiv<T>{}(x, y);
      case Bin::min: return hpg::min<T>{}(x, y);
      case Bin::max: return hpg::max<T>{}(x, y);
      case Bin::lor: return hpg::lor<T>{}(x, y);
      case Bin::land: return hpg::land<T>{}(x, y);
      case Bin::lxor: return hpg::lxor<T>{}(x, y);
      default: return T{};  // positional operators exist only inside semirings
    }
  }
};

/// Comparison operators z = (x op y), z bool.
enum class Cmp { eq, ne, lt, le, gt, ge };
inline const char* name(Cmp k) {
  static const char* const names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return names[static_cast<int>(k)];
}
template <class T>
GrB_BinaryOp grb_cmp(Cmp k) {
  switch (k) {
    case Cmp::eq: return HPG_GRB_ALL(T, GrB_EQ_, );
    case Cmp::ne: return HPG_GRB_ALL(T, GrB_NE_, );
    case Cmp::lt: return HPG_GRB_ALL(T, GrB_LT_, );
    case Cmp::le: return HPG_GRB_ALL(T, GrB_LE_, );
    case Cmp::gt: return HPG_GRB_ALL(T, GrB_GT_, );
    case Cmp::ge: return HPG_GRB_ALL(T, GrB_GE_, );
  }
  return nullptr;
}
template <class T>
struct DynCompare {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = bool;
  Cmp k = Cmp::eq;
  HPG_HOST_DEVICE bool operator()(const T& x, const T& y) const {
    switch (k) {
      case Cmp::eq: return hpg::eq<T>{}(x, y);
      case Cmp::ne: return hpg::ne<T>{}(x, y);
      case Cmp::lt: return hpg::lt<T>{}(x, y);
      case Cmp::le: return hpg::le<T>{}(x, y);
      case Cmp::gt: return hpg::gt<T>{}(x, y);
      case Cmp::ge: return hpg::ge<T>{}(x, y);
    }
    return false;
  }
};

/// Unary operators.
enum class Un { identity, ainv, minv, abs, lnot, one };
inline const char* name(Un k) {
  static const char* const names[] = {"identity", "ainv", "minv", "abs", "lnot", "one"};
  return names[static_cast<int>(k)];
}
template <class T>
GrB_UnaryOp grb_unop(Un k) {
  switch (k) {
    case Un::identity: return HPG_GRB_ALL(T, GrB_IDENTITY_, );
    case Un::ainv: return HPG_GRB_ALL(T, GrB_AINV_, );
    case Un::minv: return HPG_GRB_ALL(T, GrB_MINV_, );
    case Un::abs: return HPG_GRB_ALL(T, GrB_ABS_, );
    case Un::lnot: return HPG_GRB_ALL(T, GxB_LNOT_, );
    case Un::one: return HPG_GRB_ALL(T, GxB_ONE_, );
  }
  return nullptr;
}
template <class T>
struct DynUnary {
  using argument_type = T;
  using result_type = T;
  Un k = Un::identity;
  HPG_HOST_DEVICE T operator()(const T& x) const {
    switch (k) {
      case Un::identity: return hpg::identity<T>{}(x);
      case Un::ainv: return hpg::ainv<T>{}(x);
      case Un::minv: return hpg::minv<T>{}(x);
      case Un::abs: return hpg::abs<T>{}(x);
      case Un::lnot: return hpg::lnot<T>{}(x);
      case Un::one: return hpg::one<T>{}(x);
    }
    return x;
  }
};

/// Monoids (GraphBLAS's built-in ones: plus/times/min/max for numbers, lor/land/lxor/eq for bool,
/// any for all).
enum class Mon { plus, times, min, max, any, lor, land, lxor, eq };
inline const char* name(Mon k) {
  static const char* const names[] = {"plus", "times", "min", "max", "any", "lor", "land", "lxor", "eq"};
  return names[static_cast<int>(k)];
}
template <class T>
GrB_Monoid grb_monoid(Mon k) {
  GrB_Monoid m = nullptr;
  switch (k) {
    case Mon::plus: m = HPG_GRB_NUM(T, GrB_PLUS_MONOID_, ); break;
    case Mon::times: m = HPG_GRB_NUM(T, GrB_TIMES_MONOID_, ); break;
    case Mon::min: m = HPG_GRB_NUM(T, GrB_MIN_MONOID_, ); break;
    case Mon::max: m = HPG_GRB_NUM(T, GrB_MAX_MONOID_, ); break;
    case Mon::any: m = HPG_GRB_ALL(T, GxB_ANY_, _MONOID); break;
    case Mon::lor: m = std::is_same_v<T, bool> ? GrB_LOR_MONOID_BOOL : nullptr; break;
    case Mon::land: m = std::is_same_v<T, bool> ? GrB_LAND_MONOID_BOOL : nullptr; break;
    case Mon::lxor: m = std::is_same_v<T, bool> ? GrB_LXOR_MONOID_BOOL : nullptr; break;
    case Mon::eq: m = std::is_same_v<T, bool> ? GrB_LXNOR_MONOID_BOOL : nullptr; break;
  }
  if (m == nullptr) throw std::logic_error(std::string("parity: no GraphBLAS monoid ") + name(k) + " for this type");
  return m;
}

/// A GrB_Semiring of monoid `add` and multiply `mul` on Z, made once and kept for the whole run
/// (the cache is never destroyed, so the semirings stay reachable: LeakSanitizer would otherwise
/// report them when a destroyed map dropped the last pointers at exit).
template <class Z>
GrB_Semiring grb_semiring(Mon add, Bin mul) {
  static auto* const cache = new std::map<std::pair<int, int>, GrB_Semiring>;
  const auto key = std::pair(static_cast<int>(add), static_cast<int>(mul));
  if (auto it = cache->find(key); it != cache->end()) return it->second;
  GrB_Semiring s = nullptr;
  grb_ok(GrB_Semiring_new(&s, grb_monoid<Z>(add), grb_binop<Z>(mul)), "GrB_Semiring_new");
  (*cache)[key] = s;
  return s;
}

/// Which GraphBLAS object a case computes: the exact one, or (for an ANY monoid whose pick is not
/// defined) the MIN / MAX version that bounds it.
enum class Variant { exact, lo, hi };
inline Mon variant_monoid(Mon m, Variant v) { return v == Variant::exact ? m : v == Variant::lo ? Mon::min : Mon::max; }
inline Bin variant_op(Bin b, Variant v) { return v == Variant::exact ? b : v == Variant::lo ? Bin::min : Bin::max; }

/// A semiring on both sides: hpg's object and GraphBLAS's (monoid, multiply) on Z = SR::value_type.
/// bounded: an ANY monoid over products that can differ (any_first, any_secondi, ...): SuiteSparse
/// may pick any of them, so results are checked against the MIN and MAX versions.
template <class SR>
struct SrCase {
  std::string name;
  SR h;
  Mon add;
  Bin mul;
  bool bounded;
  using Z = typename SR::value_type;
  GrB_Semiring g(Variant v = Variant::exact) const { return grb_semiring<Z>(variant_monoid(add, v), mul); }
};
template <class SR>
SrCase<SR> sr_case(const char* name, const SR& h, Mon add, Bin mul) {
  return SrCase<SR>{name, h, add, mul, add == Mon::any && mul != Bin::oneb};
}

/// hpg's monoid k on T, chosen at run time: operator, identity and terminal forward to hpg's own
/// monoid (plus_monoid<T>, ...), so one instantiation of an operation serves every monoid.
template <class T>
struct DynMonoid {
  using value_type = T;
  Mon k = Mon::plus;
#define HPG_DYN_MONOID_CASES(EXPR)                     \
  switch (k) {                                         \
    case Mon::plus: { hpg::plus_monoid<T> m; EXPR; }   \
    case Mon::times: { hpg::times_monoid<T> m; EXPR; } \
    case Mon::min: { hpg::min_monoid<T> m; EXPR; }     \
    case Mon::max: { hpg::max_monoid<T> m; EXPR; }     \
    case Mon::any: { hpg::any_monoid<T> m; EXPR; }     \
    case Mon::lor: { hpg::lor_monoid<T> m; EXPR; }     \
    case Mon::land: { hpg::land_monoid<T> m; EXPR; }   \
    case Mon::lxor: { hpg::lxor_monoid<T> m; EXPR; }   \
    case Mon::eq: { hpg::eq_monoid<T> m; EXPR; }       \
  }
  HPG_HOST_DEVICE T operator()(const T& x, const T& y) const {
    HPG_DYN_MONOID_CASES(return m(x, y))
    return x;
  }
  HPG_HOST_DEVICE T identity() const {
    HPG_DYN_MONOID_CASES(return m.identity())
    return T{};
  }
  HPG_HOST_DEVICE bool has_terminal() const {
    HPG_DYN_MONOID_CASES(return m.has_terminal())
    return false;
  }
  HPG_HOST_DEVICE bool is_terminal(const T& x) const {
    HPG_DYN_MONOID_CASES(return m.is_terminal(x))
    return false;
  }
#undef HPG_DYN_MONOID_CASES
};

/// hpg's multiply k on T, chosen at run time; takes the positions (i, k, j) of the product so that
/// the positional multiplies (firsti, secondi, ...) are among the choices.
template <class T>
struct DynMul {
  using result_type = T;
  Bin k = Bin::times;
  template <class X, class Y>
  HPG_HOST_DEVICE T operator()(const X& x, const Y& y, Index i, Index kk, Index j) const {
    switch (k) {
      case Bin::firsti: return hpg::firsti<T>{}(x, y, i, kk, j);
      case Bin::secondi: return hpg::secondi<T>{}(x, y, i, kk, j);
      case Bin::firstj: return hpg::firstj<T>{}(x, y, i, kk, j);
      case Bin::secondj: return hpg::secondj<T>{}(x, y, i, kk, j);
      default: return DynBinary<T>{k}(static_cast<T>(x), static_cast<T>(y));
    }
  }
};

template <class T>
using DynSemiring = hpg::Semiring<DynMonoid<T>, DynMul<T>>;

/// A run-time semiring case: hpg::semiring(DynMonoid<T>{add}, DynMul<T>{mul}) and its GrB twin.
template <class T>
SrCase<DynSemiring<T>> dyn_sr_case(Mon add, Bin mul) {
  return sr_case((std::string(name(add)) + "_" + name(mul)).c_str(), hpg::semiring(DynMonoid<T>{add}, DynMul<T>{mul}), add, mul);
}

/// The (monoid, multiply) pairs the multiplication tests run on T through DynSemiring: the
/// semirings of the C API and SuiteSparse that make sense on T (positional ones on int64).
template <class T>
std::vector<std::pair<Mon, Bin>> semirings_for() {
  if constexpr (std::is_same_v<T, bool>) {
    return {{Mon::lor, Bin::land}, {Mon::land, Bin::lor}, {Mon::lxor, Bin::land}, {Mon::eq, Bin::lor},
            {Mon::lor, Bin::oneb}, {Mon::any, Bin::oneb}, {Mon::lor, Bin::first}, {Mon::land, Bin::second}};
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return {{Mon::plus, Bin::times},  {Mon::min, Bin::plus},    {Mon::plus, Bin::oneb},   {Mon::any, Bin::secondi},
            {Mon::any, Bin::firsti},  {Mon::min, Bin::secondi}, {Mon::min, Bin::firsti},  {Mon::max, Bin::first},
            {Mon::max, Bin::secondj}, {Mon::min, Bin::firstj},  {Mon::plus, Bin::minus}, {Mon::any, Bin::first}};
  } else if constexpr (std::is_floating_point_v<T>) {
    return {{Mon::plus, Bin::times}, {Mon::min, Bin::plus},   {Mon::max, Bin::plus},  {Mon::min, Bin::times},
            {Mon::max, Bin::times},  {Mon::plus, Bin::second}, {Mon::plus, Bin::first}, {Mon::min, Bin::second},
            {Mon::min, Bin::first},  {Mon::max, Bin::min},     {Mon::any, Bin::first},  {Mon::plus, Bin::oneb}};
  } else {
    return {{Mon::plus, Bin::times},  {Mon::min, Bin::plus},   {Mon::max, Bin::plus},   {Mon::min, Bin::times},
            {Mon::plus, Bin::oneb},   {Mon::any, Bin::oneb},   {Mon::min, Bin::first},  {Mon::min, Bin::second},
            {Mon::plus, Bin::second}, {Mon::max, Bin::min},    {Mon::plus, Bin::min},   {Mon::any, Bin::second}};
  }
}

/// Calls f(SrCase) for every DynSemiring case on bool, int32, int64, uint64, float and double.
template <class F>
void each_dyn_semiring(F&& f) {
  auto on = [&](auto tag) {
    using T = decltype(tag);
    for (auto [add, mul] : semirings_for<T>()) f(dyn_sr_case<T>(add, mul));
  };
  on(bool{});
  on(std::int32_t{});
  on(std::int64_t{});
  on(std::uint64_t{});
  on(float{});
  on(double{});
}

/// A few of hpg's named semiring constants, exactly as users write them (hpg::plus_times<int32_t>, ...).
template <class F>
void each_named_semiring(F&& f) {
  f(sr_case("lor_land", hpg::lor_land<bool>, Mon::lor, Bin::land));
  f(sr_case("plus_times", hpg::plus_times<std::int32_t>, Mon::plus, Bin::times));
  f(sr_case("any_secondi", hpg::any_secondi<std::int64_t>, Mon::any, Bin::secondi));
  f(sr_case("min_plus", hpg::min_plus<double>, Mon::min, Bin::plus));
}

template <class T>
std::string type_name() {
  return std::string(to_string(type_code<T>()));
}

/// An accumulator for output type W, drawn at random. monotone: only accumulators that keep the
/// order of their second input (for ANY results checked by bounds).
template <class W>
Bin random_accum(Rng& r, bool monotone = false) {
  if constexpr (std::is_same_v<W, bool>) {
    static const std::vector<Bin> all = {Bin::lor, Bin::land, Bin::lxor, Bin::first, Bin::second, Bin::plus, Bin::min};
    static const std::vector<Bin> mono = {Bin::lor, Bin::land, Bin::first, Bin::second};
    return r.pick(monotone ? mono : all);
  } else {
    static const std::vector<Bin> all = {Bin::plus, Bin::min, Bin::max, Bin::second, Bin::first, Bin::minus, Bin::times, Bin::rminus};
    static const std::vector<Bin> mono = {Bin::plus, Bin::min, Bin::max, Bin::second, Bin::first};
    return r.pick(monotone ? mono : all);
  }
}

/// Mask values: small, often zero (false), so valued and structural masks differ.
inline Values mask_values() { return Values{-1, 2, false, 0.0}; }

// =================================================================================================
// Descriptor combinations
// =================================================================================================

enum class MaskKind { none, valued, structural };

struct Combo {
  MaskKind mask = MaskKind::none;
  bool comp = false, accum = false, replace = false, t0 = false, t1 = false;
};

inline hpg::Descriptor hpg_desc(const Combo& c) {
  hpg::Descriptor d;
  d.transpose_first = c.t0;
  d.transpose_second = c.t1;
  d.mask_complement = c.comp;
  d.mask_structure = c.mask == MaskKind::structural;
  d.replace = c.replace;
  return d;
}

/// SuiteSparse's predefined descriptors, indexed by R*16 + S*8 + C*4 + T0*2 + T1.
inline const GrB_Descriptor* grb_desc_table() {
  static const GrB_Descriptor table[32] = {
      nullptr,     GrB_DESC_T1,   GrB_DESC_T0,   GrB_DESC_T0T1,   GrB_DESC_C,   GrB_DESC_CT1,   GrB_DESC_CT0,   GrB_DESC_CT0T1,
      GrB_DESC_S,  GrB_DESC_ST1,  GrB_DESC_ST0,  GrB_DESC_ST0T1,  GrB_DESC_SC,  GrB_DESC_SCT1,  GrB_DESC_SCT0,  GrB_DESC_SCT0T1,
      GrB_DESC_R,  GrB_DESC_RT1,  GrB_DESC_RT0,  GrB_DESC_RT0T1,  GrB_DESC_RC,  GrB_DESC_RCT1,  GrB_DESC_RCT0,  GrB_DESC_RCT0T1,
      GrB_DESC_RS, GrB_DESC_RST1, GrB_DESC_RST0, GrB_DESC_RST0T1, GrB_DESC_RSC, GrB_DESC_RSCT1, GrB_DESC_RSCT0, GrB_DESC_RSCT0T1};
  return table;
}
inline GrB_Descriptor grb_desc(const Combo& c) {
  const int s = c.mask == MaskKind::structural ? 1 : 0;
  return grb_desc_table()[(c.replace ? 16 : 0) + s * 8 + (c.comp ? 4 : 0) + (c.t0 ? 2 : 0) + (c.t1 ? 1 : 0)];
}
/// The same descriptor with the transposes of input 0 and input 1 exchanged. (GrB_apply with a
/// BinaryOp1st takes the matrix as its *second* input, GrB_INP1, while hpg::apply(C, M, accum,
/// bind_first(op, x), A, desc) has A as its only, first input: desc::transpose_first.)
inline GrB_Descriptor grb_desc_swap_inputs(GrB_Descriptor d) {
  const GrB_Descriptor* table = grb_desc_table();
  for (int k = 0; k < 32; ++k)
    if (table[k] == d) return table[(k & ~3) | ((k & 1) << 1) | ((k & 2) >> 1)];
  return d;
}

inline std::string describe(const Combo& c, const std::string& accum_name, bool has_t0 = true, bool has_t1 = true) {
  std::ostringstream o;
  o << "mask=" << (c.mask == MaskKind::none ? "none" : c.mask == MaskKind::valued ? "valued" : "structural")
    << (c.comp ? "+complement" : "") << " accum=" << (c.accum ? accum_name : "none") << " replace=" << (c.replace ? "yes" : "no");
  if (has_t0) o << " transpose_first=" << (c.t0 ? "yes" : "no");
  if (has_t1) o << " transpose_second=" << (c.t1 ? "yes" : "no");
  return o.str();
}

/// Every mask / complement / accumulator / replace combination, for the given transposes.
inline std::vector<Combo> combos(bool t0, bool t1) {
  std::vector<Combo> out;
  for (auto mk : {MaskKind::none, MaskKind::valued, MaskKind::structural})
    for (bool comp : {false, true})
      for (bool acc : {false, true})
        for (bool rep : {false, true}) {
          Combo c;
          c.mask = mk;
          c.comp = comp;
          c.accum = acc;
          c.replace = rep;
          c.t0 = t0;
          c.t1 = t1;
          out.push_back(c);
        }
  return out;
}

/// An accumulator on both sides.
template <class H>
struct Accum {
  H h;
  GrB_BinaryOp g = nullptr;
  std::string name;
};
template <class W>
Accum<DynBinary<W>> accum_of(Bin k) {
  return Accum<DynBinary<W>>{DynBinary<W>{k}, grb_binop<W>(k), name(k)};
}

// =================================================================================================
// The runner: one case under one descriptor combination, hpg against SuiteSparse
// =================================================================================================

inline GrB_Vector grb_handle(const grb_vector_ptr& p) { return p.get(); }
inline GrB_Matrix grb_handle(const grb_matrix_ptr& p) { return p.get(); }

/// Calls f(mask, accum) with hpg::no_mask or `mask`, and hpg::no_accum or `acc`, as c says.
template <class MaskC, class HA, class F>
void with_mask_accum(const Combo& c, const MaskC& mask, const HA& acc, F&& f) {
  if (c.mask == MaskKind::none) {
    if (c.accum) f(hpg::no_mask, acc);
    else f(hpg::no_mask, hpg::no_accum);
  } else {
    if (c.accum) f(mask, acc);
    else f(mask, hpg::no_accum);
  }
}

/// The hpg container and GrB handle types of a paired output (Vec<T> / Mat<T>).
template <class Out>
struct OutTraits;
template <class T>
struct OutTraits<Vec<T>> {
  using HC = hpg::Vector<T>;
  using GH = GrB_Vector;
  static constexpr bool vec = true;
};
template <class T>
struct OutTraits<Mat<T>> {
  using HC = hpg::Matrix<T>;
  using GH = GrB_Matrix;
  static constexpr bool vec = false;
};
/// Type-erased calls (keep the harness to one instantiation per container type; only the
/// call-site lambdas that call hpg are instantiated per case).
template <class Out>
using HpgCall = std::function<void(typename OutTraits<Out>::HC&, const Combo&)>;
template <class Out, class MaskObj>
using GrbCall = std::function<GrB_Info(typename OutTraits<Out>::GH, typename OutTraits<MaskObj>::GH, GrB_BinaryOp, GrB_Descriptor, Variant)>;

/// Runs `hop` (hpg) and `gop` (SuiteSparse) on copies of the output w0 under combination c and
/// compares. bounded: the result is an ANY pick; compare against the MIN / MAX variants.
template <class Out, class MaskObj>
void check_erased(Ctx& ctx, const std::string& what, const Combo& c, const Out& w0, const MaskObj& mask, GrB_BinaryOp accum,
                  const std::string& accum_name, const HpgCall<Out>& hop, const GrbCall<Out, MaskObj>& gop, bool bounded) {
  constexpr bool vec = OutTraits<Out>::vec;
  using W = typename OutTraits<Out>::HC::value_type;
  const std::string full = what + " | " + describe(c, accum_name);
  if (verbose()) std::fprintf(stderr, "[parity] seed=%llu %s\n", static_cast<unsigned long long>(ctx.seed), full.c_str());
  auto gm = c.mask == MaskKind::none ? nullptr : grb_handle(mask.g);
  GrB_BinaryOp ga = c.accum ? accum : nullptr;
  auto run_grb = [&](Variant v) -> std::optional<Entries<W>> {
    Out gw = w0.dup();
    const GrB_Info info = gop(grb_handle(gw.g), gm, ga, grb_desc(c), v);
    if (info != GrB_SUCCESS) {
      ctx.fail("  case: " + full + "\n  SuiteSparse returned " + hpg::grb_info_name(info) + " (the case is valid; a harness bug?)");
      return std::nullopt;
    }
    return entries<W>(grb_handle(gw.g));
  };
  const auto g = run_grb(Variant::exact);
  if (!g) return;
  Out hw = w0.dup();
  std::optional<hpg::Error> err;
  try {
    err = ctx.run_hpg(full, [&] { hop(hw.h, c); });
  } catch (const GpuNotYet& missing) {
    ctx.note_gpu_missing(missing);
    return;
  }
  if (ctx.backend == Backend::cuda) ++ctx.gpu_cases;
  if (err) {
    ctx.fail("  case: " + full + "\n  hpg threw Error(" + std::string(to_string(err->code())) + "): " + err->what());
    return;
  }
  const auto h = entries(hw.h);
  if (bounded) {
    const auto lo = run_grb(Variant::lo), hi = run_grb(Variant::hi);
    if (!lo || !hi) return;
    compare(ctx, full, h, *g, vec, &*lo, &*hi);
  } else {
    compare(ctx, full, h, *g, vec);
  }
}

/// hop(w, mask, accum, desc) as an HpgCall: called with mask = hpg::no_mask or the mask container
/// and accum = hpg::no_accum or acc.h, as the combination says.
template <class Out, class MaskObj, class HA, class HOp>
HpgCall<Out> erase_hop(const MaskObj& mask, const Accum<HA>& acc, HOp& hop) {
  return [&mask, &acc, &hop](typename OutTraits<Out>::HC& w, const Combo& c) {
    const hpg::Descriptor d = hpg_desc(c);
    with_mask_accum(c, mask.h, acc.h, [&](const auto& m, const auto& a) { hop(w, m, a, d); });
  };
}

/// One combination: hop(w, mask, accum, desc) is hpg's call, gop(w, mask, accum, desc, variant)
/// SuiteSparse's (returning its GrB_Info).
template <class Out, class MaskObj, class HA, class HOp, class GOp>
void check(Ctx& ctx, const std::string& what, const Combo& c, const Out& w0, const MaskObj& mask, const Accum<HA>& acc, HOp&& hop,
           GOp&& gop, bool bounded = false) {
  check_erased<Out, MaskObj>(ctx, what, c, w0, mask, acc.g, acc.name, erase_hop<Out>(mask, acc, hop), GrbCall<Out, MaskObj>(gop), bounded);
}

/// Output aliasing an input (and possibly the mask): hop(x) and gop(gx) compute into x / gx, which
/// the operation also reads.
template <class Out>
void check_alias_erased(Ctx& ctx, const std::string& what, const Out& x0, const std::function<void(typename OutTraits<Out>::HC&)>& hop,
                        const std::function<GrB_Info(typename OutTraits<Out>::GH)>& gop) {
  constexpr bool vec = OutTraits<Out>::vec;
  using W = typename OutTraits<Out>::HC::value_type;
  const std::string full = "aliased output: " + what;
  if (verbose()) std::fprintf(stderr, "[parity] seed=%llu %s\n", static_cast<unsigned long long>(ctx.seed), full.c_str());
  Out gx = x0.dup();
  const GrB_Info info = gop(grb_handle(gx.g));
  if (info != GrB_SUCCESS) {
    ctx.fail("  case: " + full + "\n  SuiteSparse returned " + hpg::grb_info_name(info));
    return;
  }
  Out hx = x0.dup();
  std::optional<hpg::Error> err;
  try {
    err = ctx.run_hpg(full, [&] { hop(hx.h); });
  } catch (const GpuNotYet& missing) {
    ctx.note_gpu_missing(missing);
    return;
  }
  if (ctx.backend == Backend::cuda) ++ctx.gpu_cases;
  if (err) {
    ctx.fail("  case: " + full + "\n  hpg threw Error(" + std::string(to_string(err->code())) + "): " + err->what());
    return;
  }
  compare(ctx, full, entries(hx.h), entries<W>(grb_handle(gx.g)), vec);
}
template <class Out, class HOp, class GOp>
void check_alias(Ctx& ctx, const std::string& what, const Out& x0, HOp&& hop, GOp&& gop) {
  check_alias_erased<Out>(ctx, what, x0, hop, gop);
}

/// Loops over every mask / accumulator / replace combination for one transpose setting.
template <class Out, class MaskObj, class HA, class HOp, class GOp>
void check_all(Ctx& ctx, const std::string& what, bool t0, bool t1, const Out& w0, const MaskObj& mask, const Accum<HA>& acc,
               HOp&& hop, GOp&& gop, bool bounded = false) {
  const HpgCall<Out> h = erase_hop<Out>(mask, acc, hop);
  const GrbCall<Out, MaskObj> g(gop);
  for (const Combo& c : combos(t0, t1)) check_erased<Out, MaskObj>(ctx, what, c, w0, mask, acc.g, acc.name, h, g, bounded);
}

// =================================================================================================
// Index-unary operators chosen at run time (each forwards to hpg's functor), and the one-input case
// runner shared by apply and select
// =================================================================================================

enum class Pos { rowindex, colindex, diagindex };
inline const char* name(Pos k) { return k == Pos::rowindex ? "rowindex" : k == Pos::colindex ? "colindex" : "diagindex"; }
template <class Z>
GrB_IndexUnaryOp grb_pos(Pos k) {
  constexpr bool i32 = std::is_same_v<Z, std::int32_t>;
  switch (k) {
    case Pos::rowindex: return i32 ? GrB_ROWINDEX_INT32 : GrB_ROWINDEX_INT64;
    case Pos::colindex: return i32 ? GrB_COLINDEX_INT32 : GrB_COLINDEX_INT64;
    case Pos::diagindex: return i32 ? GrB_DIAGINDEX_INT32 : GrB_DIAGINDEX_INT64;
  }
  return nullptr;
}
/// GrB_ROWINDEX_Z ...: z = position + thunk.
template <class Z>
struct DynPositional {
  using result_type = Z;
  Pos k = Pos::rowindex;
  template <class X>
  HPG_HOST_DEVICE Z operator()(const X& x, Index i, Index j, const std::int64_t& thunk) const {
    const Z s = static_cast<Z>(thunk);
    switch (k) {
      case Pos::rowindex: return hpg::rowindex<Z>{}(x, i, j, s);
      case Pos::colindex: return hpg::colindex<Z>{}(x, i, j, s);
      case Pos::diagindex: return hpg::diagindex<Z>{}(x, i, j, s);
    }
    return Z{};
  }
};

enum class Sel { tril, triu, diag, offdiag, colle, colgt, rowle, rowgt };
inline const char* name(Sel k) {
  static const char* const names[] = {"tril", "triu", "diag", "offdiag", "colle", "colgt", "rowle", "rowgt"};
  return names[static_cast<int>(k)];
}
inline GrB_IndexUnaryOp grb_sel(Sel k) {
  const GrB_IndexUnaryOp ops[] = {GrB_TRIL, GrB_TRIU, GrB_DIAG, GrB_OFFDIAG, GrB_COLLE, GrB_COLGT, GrB_ROWLE, GrB_ROWGT};
  return ops[static_cast<int>(k)];
}
/// The structural selectors (thunk int64, result bool).
struct DynSelector {
  using result_type = bool;
  Sel k = Sel::tril;
  template <class X>
  HPG_HOST_DEVICE bool operator()(const X& x, Index i, Index j, const std::int64_t& s) const {
    switch (k) {
      case Sel::tril: return hpg::tril<>{}(x, i, j, s);
      case Sel::triu: return hpg::triu<>{}(x, i, j, s);
      case Sel::diag: return hpg::diag<>{}(x, i, j, s);
      case Sel::offdiag: return hpg::offdiag<>{}(x, i, j, s);
      case Sel::colle: return hpg::colle<>{}(x, i, j, s);
      case Sel::colgt: return hpg::colgt<>{}(x, i, j, s);
      case Sel::rowle: return hpg::rowle<>{}(x, i, j, s);
      case Sel::rowgt: return hpg::rowgt<>{}(x, i, j, s);
    }
    return false;
  }
};

/// Value comparisons with the thunk (GrB_VALUEEQ_T ...), result bool.
template <class T>
GrB_IndexUnaryOp grb_valueop(Cmp k) {
  switch (k) {
    case Cmp::eq: return HPG_GRB_ALL(T, GrB_VALUEEQ_, );
    case Cmp::ne: return HPG_GRB_ALL(T, GrB_VALUENE_, );
    case Cmp::lt: return HPG_GRB_ALL(T, GrB_VALUELT_, );
    case Cmp::le: return HPG_GRB_ALL(T, GrB_VALUELE_, );
    case Cmp::gt: return HPG_GRB_ALL(T, GrB_VALUEGT_, );
    case Cmp::ge: return HPG_GRB_ALL(T, GrB_VALUEGE_, );
  }
  return nullptr;
}
template <class T>
struct DynValueOp {
  using result_type = bool;
  Cmp k = Cmp::eq;
  HPG_HOST_DEVICE bool operator()(const T& x, Index i, Index j, const T& s) const {
    switch (k) {
      case Cmp::eq: return hpg::valueeq<T>{}(x, i, j, s);
      case Cmp::ne: return hpg::valuene<T>{}(x, i, j, s);
      case Cmp::lt: return hpg::valuelt<T>{}(x, i, j, s);
      case Cmp::le: return hpg::valuele<T>{}(x, i, j, s);
      case Cmp::gt: return hpg::valuegt<T>{}(x, i, j, s);
      case Cmp::ge: return hpg::valuege<T>{}(x, i, j, s);
    }
    return false;
  }
};


/// Runs one apply/select flavour on a vector input and a matrix input. hcall(out, mask, accum, in,
/// desc) is hpg's call; gv / gm(out, mask, accum, in, desc) are SuiteSparse's.
template <class W, class T, class HCall, class GV, class GM>
void unary_case(Ctx& ctx, Rng& r, Fill fill, const std::string& opdesc, HCall&& hcall, GV&& gv, GM&& gm, const Values& vals = {}) {
  {
    const Index n = random_dim(r);
    auto u = make(random_vector<T>(r, n, fill, vals), ctx.backend);
    auto w0 = make(random_vector<W>(r, n, any_fill(r)), ctx.backend);
    auto mask = make(random_vector<T>(r, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<W>(random_accum<W>(r));
    std::ostringstream what;
    what << opdesc << " (vector) w:" << type_name<W>() << "[" << n << ", " << w0.h.nvals() << " entries] u:" << type_name<T>() << "["
         << u.h.nvals() << " entries, " << fill_name(fill) << "] mask:" << type_name<T>() << "[" << mask.h.nvals() << " entries]";
    check_all(
        ctx, what.str(), false, false, w0, mask, acc,
        [&](auto& w, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hcall(w, mk, ac, u.h, d); },
        [&](GrB_Vector w, GrB_Vector mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return gv(w, mk, ac, u.g.get(), d); });
  }
  for (bool t0 : {false, true}) {
    const Index m = random_dim(r, 30), n = random_dim(r, 30);
    auto a = make(t0 ? random_matrix<T>(r, n, m, fill, vals) : random_matrix<T>(r, m, n, fill, vals), ctx.backend);
    auto c0 = make(random_matrix<W>(r, m, n, any_fill(r)), ctx.backend);
    auto mask = make(random_matrix<T>(r, m, n, any_fill(r), mask_values()), ctx.backend);
    const auto acc = accum_of<W>(random_accum<W>(r));
    std::ostringstream what;
    what << opdesc << " (matrix) C:" << type_name<W>() << "[" << m << "x" << n << ", " << c0.h.nvals() << " entries] A:" << type_name<T>()
         << "[" << a.h.nrows() << "x" << a.h.ncols() << ", " << a.h.nvals() << " entries, " << fill_name(fill) << "] mask:" << type_name<T>()
         << "[" << mask.h.nvals() << " entries]";
    check_all(
        ctx, what.str(), t0, false, c0, mask, acc,
        [&](auto& c, const auto& mk, const auto& ac, const hpg::Descriptor& d) { hcall(c, mk, ac, a.h, d); },
        [&](GrB_Matrix c, GrB_Matrix mk, GrB_BinaryOp ac, GrB_Descriptor d, Variant) { return gm(c, mk, ac, a.g.get(), d); });
  }
}

/// A unary-like operator on T chosen at run time: a unary operator, or hpg::bind_first /
/// bind_second of a binary operator (hpg's own BoundFirst / BoundSecond objects). One type per T
/// serves every apply of a unary or bound operator.
template <class T>
struct DynApply {
  using result_type = T;
  int kind = 0;  // 0: unary, 1: bind_first, 2: bind_second
  DynUnary<T> unary{};
  hpg::BoundFirst<DynBinary<T>, T> first{};
  hpg::BoundSecond<DynBinary<T>, T> second{};
  HPG_HOST_DEVICE T operator()(const T& x) const {
    switch (kind) {
      case 0: return unary(x);
      case 1: return first(x);
      default: return second(x);
    }
  }
};
template <class T>
DynApply<T> dyn_unary(Un k) {
  DynApply<T> a;
  a.kind = 0;
  a.unary = DynUnary<T>{k};
  return a;
}
template <class T>
DynApply<T> dyn_bind_first(Bin k, T s) {
  DynApply<T> a;
  a.kind = 1;
  a.first = hpg::bind_first(DynBinary<T>{k}, s);
  return a;
}
template <class T>
DynApply<T> dyn_bind_second(Bin k, T s) {
  DynApply<T> a;
  a.kind = 2;
  a.second = hpg::bind_second(DynBinary<T>{k}, s);
  return a;
}
/// The same for comparisons bound to a scalar (bool results).
template <class T>
struct DynApplyCompare {
  using result_type = bool;
  bool bind_first = false;
  hpg::BoundFirst<DynCompare<T>, T> first{};
  hpg::BoundSecond<DynCompare<T>, T> second{};
  HPG_HOST_DEVICE bool operator()(const T& x) const { return bind_first ? first(x) : second(x); }
};

// =================================================================================================
// Index lists for assign and extract
// =================================================================================================

/// k distinct indices below n in random order (assign: duplicates are not tested).
inline std::vector<Index> distinct_indices(Rng& r, Index n, Index k) {
  std::vector<Index> all(n);
  for (Index i = 0; i < n; ++i) all[i] = i;
  for (Index i = n; i > 1; --i) std::swap(all[i - 1], all[static_cast<std::size_t>(r.between(0, static_cast<std::int64_t>(i) - 1))]);
  all.resize(k);
  return all;
}
/// k indices below n, repeats allowed (extract).
inline std::vector<Index> any_indices(Rng& r, Index n, Index k) {
  std::vector<Index> out(k);
  for (auto& i : out) i = static_cast<Index>(r.between(0, static_cast<std::int64_t>(n) - 1));
  return out;
}

/// An index list on both sides: hpg::all or a list; GrB_ALL or the array (never NULL).
struct IndexArg {
  bool all = false;
  std::vector<Index> list;
  Index count(Index dim) const { return all ? dim : list.size(); }
  hpg::Indices hpg() const { return all ? hpg::Indices(hpg::all) : hpg::Indices(list); }
  const GrB_Index* grb() const {
    static const GrB_Index dummy = 0;
    return all ? GrB_ALL : (list.empty() ? &dummy : list.data());
  }
  GrB_Index grb_count(Index dim) const { return all ? dim : list.size(); }
  std::string text() const {
    if (all) return "all";
    std::string s = "{";
    for (std::size_t k = 0; k < list.size() && k < 12; ++k) s += (k ? "," : "") + std::to_string(list[k]);
    return s + (list.size() > 12 ? ",...}" : "}");
  }
};
inline IndexArg assign_indices(Rng& r, Index n) {
  IndexArg a;
  a.all = r.chance(0.25);
  if (!a.all) a.list = distinct_indices(r, n, static_cast<Index>(r.between(0, static_cast<std::int64_t>(n))));
  return a;
}
inline IndexArg extract_indices(Rng& r, Index n, Index max_count = 40) {
  IndexArg a;
  a.all = r.chance(0.25);
  if (!a.all) a.list = any_indices(r, n, static_cast<Index>(r.between(0, static_cast<std::int64_t>(std::min(max_count, 2 * n)))));
  return a;
}

// =================================================================================================
// Errors: hpg's code against SuiteSparse's for the same invalid call
// =================================================================================================

/// hpg's code for f() (Info::success when it does not throw); nothing (noted as a missing GPU
/// operation) when f is a cuda operation that is not implemented yet.
template <class F>
std::optional<hpg::Info> hpg_code(Ctx& ctx, F&& f) {
  try {
    auto e = ctx.run_hpg("error case", f);
    return e ? e->code() : hpg::Info::success;
  } catch (const GpuNotYet& missing) {
    ctx.note_gpu_missing(missing);
    return std::nullopt;
  }
}

inline void expect_error(Ctx& ctx, const std::string& what, std::optional<hpg::Info> hpg_info, GrB_Info grb_info, hpg::Info expected) {
  if (!hpg_info) return;  // a GPU operation not implemented yet
  ++counters().error_checks;
  if (*hpg_info != expected || hpg::info_from_grb(grb_info) != expected)
    ctx.fail("  error case: " + what + "\n  expected " + std::string(to_string(expected)) + "; hpg gave " +
             std::string(to_string(*hpg_info)) + ", SuiteSparse gave " + hpg::grb_info_name(grb_info));
}

/// Checks that a failed call left the output as it was.
template <class C>
void expect_unchanged(Ctx& ctx, const std::string& what, const C& before, const C& after) {
  ++counters().comparisons;
  const auto a = entries(before), b = entries(after);
  if (a.r != b.r || a.c != b.c || a.x.size() != b.x.size())
    ctx.fail("  error case: " + what + "\n  the output changed although the call failed");
}

// =================================================================================================
// Typed GrB entry points as overload sets (scalar arguments pick the _T function)
// =================================================================================================

#define HPG_GRB_SCALAR_CALLS(CTYPE, SUFFIX)                                                                            \
  inline GrB_Info grb_apply1st(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op, CTYPE x, GrB_Vector u,     \
                               GrB_Descriptor d) {                                                                     \
    return GrB_Vector_apply_BinaryOp1st_##SUFFIX(w, m, acc, op, x, u, d);                                              \
  }                                                                                                                    \
  inline GrB_Info grb_apply1st(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, GrB_BinaryOp op, CTYPE x, GrB_Matrix a,     \
                               GrB_Descriptor d) {                                                                     \
    return GrB_Matrix_apply_BinaryOp1st_##SUFFIX(c, m, acc, op, x, a, d);                                              \
  }                                                                                                                    \
  inline GrB_Info grb_apply2nd(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_BinaryOp op, GrB_Vector u, CTYPE y,     \
                               GrB_Descriptor d) {                                                                     \
    return GrB_Vector_apply_BinaryOp2nd_##SUFFIX(w, m, acc, op, u, y, d);                                              \
  }                                                                                                                    \
  inline GrB_Info grb_apply2nd(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, GrB_BinaryOp op, GrB_Matrix a, CTYPE y,     \
                               GrB_Descriptor d) {                                                                     \
    return GrB_Matrix_apply_BinaryOp2nd_##SUFFIX(c, m, acc, op, a, y, d);                                              \
  }                                                                                                                    \
  inline GrB_Info grb_apply_index(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op, GrB_Vector u,       \
                                  CTYPE s, GrB_Descriptor d) {                                                         \
    return GrB_Vector_apply_IndexOp_##SUFFIX(w, m, acc, op, u, s, d);                                                  \
  }                                                                                                                    \
  inline GrB_Info grb_apply_index(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, GrB_IndexUnaryOp op, GrB_Matrix a,       \
                                  CTYPE s, GrB_Descriptor d) {                                                         \
    return GrB_Matrix_apply_IndexOp_##SUFFIX(c, m, acc, op, a, s, d);                                                  \
  }                                                                                                                    \
  inline GrB_Info grb_select(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_IndexUnaryOp op, GrB_Vector u, CTYPE s,   \
                             GrB_Descriptor d) {                                                                       \
    return GrB_Vector_select_##SUFFIX(w, m, acc, op, u, s, d);                                                         \
  }                                                                                                                    \
  inline GrB_Info grb_select(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, GrB_IndexUnaryOp op, GrB_Matrix a, CTYPE s,   \
                             GrB_Descriptor d) {                                                                       \
    return GrB_Matrix_select_##SUFFIX(c, m, acc, op, a, s, d);                                                         \
  }                                                                                                                    \
  inline GrB_Info grb_assign_scalar(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, CTYPE x, const GrB_Index* I,           \
                                    GrB_Index ni, GrB_Descriptor d) {                                                  \
    return GrB_Vector_assign_##SUFFIX(w, m, acc, x, I, ni, d);                                                         \
  }                                                                                                                    \
  inline GrB_Info grb_assign_scalar(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, CTYPE x, const GrB_Index* I,           \
                                    GrB_Index ni, const GrB_Index* J, GrB_Index nj, GrB_Descriptor d) {                \
    return GrB_Matrix_assign_##SUFFIX(c, m, acc, x, I, ni, J, nj, d);                                                  \
  }                                                                                                                    \
  inline GrB_Info grb_reduce_scalar(CTYPE* s, GrB_BinaryOp acc, GrB_Monoid mon, GrB_Vector u) {                         \
    return GrB_Vector_reduce_##SUFFIX(s, acc, mon, u, nullptr);                                                        \
  }                                                                                                                    \
  inline GrB_Info grb_reduce_scalar(CTYPE* s, GrB_BinaryOp acc, GrB_Monoid mon, GrB_Matrix a) {                         \
    return GrB_Matrix_reduce_##SUFFIX(s, acc, mon, a, nullptr);                                                        \
  }                                                                                                                    \
  inline GrB_Info grb_scalar_set(GrB_Scalar s, CTYPE x) { return GrB_Scalar_setElement_##SUFFIX(s, x); }                \
  inline GrB_Info grb_scalar_get(CTYPE* x, GrB_Scalar s) { return GrB_Scalar_extractElement_##SUFFIX(x, s); }
HPG_GRB_SCALAR_CALLS(bool, BOOL)
HPG_GRB_SCALAR_CALLS(std::int8_t, INT8)
HPG_GRB_SCALAR_CALLS(std::int16_t, INT16)
HPG_GRB_SCALAR_CALLS(std::int32_t, INT32)
HPG_GRB_SCALAR_CALLS(std::int64_t, INT64)
HPG_GRB_SCALAR_CALLS(std::uint8_t, UINT8)
HPG_GRB_SCALAR_CALLS(std::uint16_t, UINT16)
HPG_GRB_SCALAR_CALLS(std::uint32_t, UINT32)
HPG_GRB_SCALAR_CALLS(std::uint64_t, UINT64)
HPG_GRB_SCALAR_CALLS(float, FP32)
HPG_GRB_SCALAR_CALLS(double, FP64)
#undef HPG_GRB_SCALAR_CALLS

/// GrB_Vector and GrB_Matrix flavours of GrB_apply.
inline GrB_Info grb_apply(GrB_Vector w, GrB_Vector m, GrB_BinaryOp acc, GrB_UnaryOp op, GrB_Vector u, GrB_Descriptor d) {
  return GrB_Vector_apply(w, m, acc, op, u, d);
}
inline GrB_Info grb_apply(GrB_Matrix c, GrB_Matrix m, GrB_BinaryOp acc, GrB_UnaryOp op, GrB_Matrix a, GrB_Descriptor d) {
  return GrB_Matrix_apply(c, m, acc, op, a, d);
}

}  // namespace hpg::parity
