// PageRank-step SpMV (plus_times, float) on the GPU: hpg::mxv and its HYB pull kernel beside
// cusparseSpMV on the same CSR matrix, in one run. Reports ms, effective GB/s over the bytes each
// must move, the ratio to cuSPARSE, and the fraction of the device's measured copy bandwidth.
#include <benchmark/benchmark.h>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "hpgraph/hpgraph.hpp"

namespace {

#define CHECK_CUDA(x)                                                                            \
  do {                                                                                           \
    cudaError_t e_ = (x);                                                                        \
    if (e_ != cudaSuccess) throw std::runtime_error(std::string(#x) + ": " + cudaGetErrorString(e_)); \
  } while (0)
#define CHECK_CUSPARSE(x)                                                                           \
  do {                                                                                              \
    cusparseStatus_t s_ = (x);                                                                      \
    if (s_ != CUSPARSE_STATUS_SUCCESS) throw std::runtime_error(std::string(#x) + ": " + cusparseGetErrorString(s_)); \
  } while (0)

/// Device-to-device copy bandwidth (bytes read + written per second) on 1 GiB.
double copy_bandwidth() {
  static double bw = [] {
    const std::size_t bytes = std::size_t{1} << 30;
    void *a = nullptr, *b = nullptr;
    CHECK_CUDA(cudaMalloc(&a, bytes));
    CHECK_CUDA(cudaMalloc(&b, bytes));
    CHECK_CUDA(cudaMemset(a, 1, bytes));
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    CHECK_CUDA(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
    float best = 1e30f;
    for (int r = 0; r < 10; ++r) {
      cudaEventRecord(e0);
      cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms = 0;
      cudaEventElapsedTime(&ms, e0, e1);
      best = std::min(best, ms);
    }
    cudaFree(a);
    cudaFree(b);
    return 2.0 * bytes / (best * 1e-3);
  }();
  return bw;
}

struct Graph {
  std::string name;
  hpg::Matrix<float> a;
  hpg::Vector<float> x;
};

/// Graphs are generated once (ones as values: the PageRank step's A' (r ./ d) has the same cost).
Graph& graph(int id) {
  static std::map<int, std::unique_ptr<Graph>> cache;
  auto& g = cache[id];
  if (!g) {
    hpg::gen::GraphSpec s;
    if (id > 0) {
      s.family = hpg::gen::Family::rmat;
      s.scale = id;
      s.edge_factor = 16;
      s.symmetrize = true;
    } else {
      s.family = hpg::gen::Family::grid;
      s.grid_rows = s.grid_cols = 2048;
    }
    g = std::make_unique<Graph>(Graph{hpg::gen::describe(s), hpg::generate<float>(s, hpg::Backend::cuda), hpg::Vector<float>()});
    const hpg::Index n = g->a.nrows();
    g->x = hpg::Vector<float>(n, hpg::Backend::cuda);
    std::vector<hpg::Index> idx(n);
    for (hpg::Index i = 0; i < n; ++i) idx[i] = i;
    g->x.build(idx, std::vector<float>(n, 1.0f));
  }
  return *g;
}

void report(benchmark::State& state, double seconds_per_iter, double bytes, const Graph& g) {
  state.counters["nvals"] = static_cast<double>(g.a.nvals());
  state.counters["GB/s"] = bytes / seconds_per_iter / 1e9;
  state.counters["of_copy_bw"] = bytes / seconds_per_iter / copy_bandwidth();
  state.SetLabel(g.name);
}

/// Bytes an SpMV over this matrix must move: column indices and values once, x once, y once
/// (a plus_times float multiply reads A's values).
double spmv_bytes(const hpg::Matrix<float>& a) {
  return static_cast<double>(a.nvals()) * (4 + 4) + static_cast<double>(a.nrows()) * 4 * 2;
}

template <class F>
double time_ms(benchmark::State& state, F&& f) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  f();  // warm-up (also builds HYB on first use)
  CHECK_CUDA(cudaDeviceSynchronize());
  double total = 0;
  for (auto _ : state) {
    cudaEventRecord(e0);
    f();
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    state.SetIterationTime(ms * 1e-3);
    total += ms;
  }
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  return total / static_cast<double>(state.iterations());
}

void BM_Cusparse(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph& g = graph(static_cast<int>(state.range(0)));
  const auto& d = hpg::detail::MatrixAccess::device(std::as_const(g.a));
  const auto n = static_cast<int64_t>(d.nrows);
  cusparseHandle_t h;
  CHECK_CUSPARSE(cusparseCreate(&h));
  cusparseSpMatDescr_t A;
  CHECK_CUSPARSE(cusparseCreateCsr(&A, n, static_cast<int64_t>(d.ncols), static_cast<int64_t>(d.nvals),
                                   const_cast<std::uint32_t*>(d.ptr32.data()), const_cast<std::uint32_t*>(d.col.data()),
                                   const_cast<float*>(d.val.data()), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                                   CUDA_R_32F));
  float *x = nullptr, *y = nullptr;
  CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&y, n * sizeof(float)));
  const auto& xd = hpg::detail::VectorAccess::device(std::as_const(g.x));
  CHECK_CUDA(cudaMemcpy(x, xd.val.data(), n * sizeof(float), cudaMemcpyDeviceToDevice));
  cusparseDnVecDescr_t X, Y;
  CHECK_CUSPARSE(cusparseCreateDnVec(&X, n, x, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&Y, n, y, CUDA_R_32F));
  const float alpha = 1, beta = 0;
  std::size_t buf_size = 0;
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, CUDA_R_32F,
                                         CUSPARSE_SPMV_ALG_DEFAULT, &buf_size));
  void* buf = nullptr;
  CHECK_CUDA(cudaMalloc(&buf, buf_size + 1));
  const double ms = time_ms(state, [&] {
    CHECK_CUSPARSE(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, X, &beta, Y, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
  });
  report(state, ms * 1e-3, spmv_bytes(g.a) + static_cast<double>(n + 1) * 4, g);
  state.counters["ms"] = ms;
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(X);
  cusparseDestroyDnVec(Y);
  cusparseDestroy(h);
  cudaFree(x);
  cudaFree(y);
  cudaFree(buf);
}

void BM_HpgMxv(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph& g = graph(static_cast<int>(state.range(0)));
  hpg::Vector<float> y(g.a.nrows(), hpg::Backend::cuda);
  const double ms = time_ms(state, [&] { hpg::mxv(y, hpg::no_mask, hpg::no_accum, hpg::plus_times<float>, g.a, g.x); });
  report(state, ms * 1e-3, spmv_bytes(g.a), g);
  state.counters["ms"] = ms;
  const auto& h = hpg::detail::MatrixAccess::derived(g.a).hyb;
  state.counters["K"] = static_cast<double>(h.width);
  state.counters["coo_frac"] = static_cast<double>(h.coo_entries()) / static_cast<double>(g.a.nvals());
}

void BM_HpgHybKernel(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph& g = graph(static_cast<int>(state.range(0)));
  // Read-only access (the mutable accessor would drop the derived forms).
  const auto& a = std::as_const(g.a);
  auto& derived = hpg::detail::MatrixAccess::derived(a);
  const auto& hyb = hpg::detail::cuda::hyb_of(hpg::detail::MatrixAccess::device(a), derived, false);
  const auto ub = hpg::detail::cuda::bitmap_copy(hpg::detail::VectorAccess::device(std::as_const(g.x)));
  hpg::detail::cuda::DeviceMask mask;
  hpg::detail::DeviceArray<float> tval;
  hpg::detail::DeviceArray<std::uint8_t> tpres;
  tval.allocate(g.a.nrows());
  tpres.allocate(g.a.nrows());
  const double ms = time_ms(state, [&] {
    hpg::detail::cuda::pull<false>(hpg::plus_times<float>, hyb, ub.val.data(), ub.present.data(), mask, true, tval, tpres);
  });
  // The kernel also reads ELL padding and the bitmap of x, and writes the result bitmap.
  report(state, ms * 1e-3, spmv_bytes(g.a), g);
  state.counters["ms"] = ms;
  state.counters["ell_fill"] = static_cast<double>(g.a.nvals() - hyb.coo_entries()) / static_cast<double>(hyb.ell_col.size() + 1);
}

// 20..24: RMAT scale (edge factor 16, symmetrized); 0: a 2048 x 2048 grid.
#define HPG_SPMV_GRAPHS ->Arg(20)->Arg(21)->Arg(22)->Arg(23)->Arg(24)->Arg(0)->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(0.2)
BENCHMARK(BM_Cusparse) HPG_SPMV_GRAPHS;
BENCHMARK(BM_HpgMxv) HPG_SPMV_GRAPHS;
BENCHMARK(BM_HpgHybKernel) HPG_SPMV_GRAPHS;

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (hpg::cuda_available()) std::printf("device copy bandwidth: %.0f GB/s (read + write)\n", copy_bandwidth() / 1e9);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
