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

#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include "bench_graphs.hpp"
#include "hpgraph/cuda/access.hpp"
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

/// The graphs of this run (HPG_BENCH_GRAPHS, else RMAT 20-24 and a 2-D grid), by position.
const std::vector<std::string>& graph_list() {
  static const std::vector<std::string> list = hpg::bench::graph_names("rmat:20 rmat:21 rmat:22 rmat:23 rmat:24 grid:2048x2048");
  return list;
}

/// Graph `id` of the list, made when first asked for (ones as values: the PageRank step's A' (r ./ d)
/// has the same cost); the run goes graph by graph, so only one is held at a time.
/// (nullptr, the benchmark skipped with the error, when it cannot be made.)
Graph* graph(benchmark::State& state) {
  const int id = static_cast<int>(state.range(0));
  return hpg::bench::current<Graph>(state, [id](Graph& g) {
    const std::string& name = graph_list()[static_cast<std::size_t>(id)];
    g.name = hpg::bench::short_name(name);
    g.a = hpg::bench::load_graph<float>(name, false);
    const hpg::Index n = g.a.nrows();
    g.x = hpg::Vector<float>(n, hpg::Backend::cuda);
    std::vector<hpg::Index> idx(n);
    for (hpg::Index i = 0; i < n; ++i) idx[i] = i;
    g.x.build(idx, std::vector<float>(n, 1.0f));
  });
}

void report(benchmark::State& state, double seconds_per_iter, double bytes, const Graph& g) {
  state.counters["nvals"] = static_cast<double>(g.a.nvals());
  state.counters["GB/s"] = bytes / seconds_per_iter / 1e9;
  state.counters["of_copy_bw"] = bytes / seconds_per_iter / copy_bandwidth();
  state.SetLabel(g.name);
}

/// Bytes cusparseSpMV must move on this CSR: row offsets, column indices and values once, x once,
/// y once.
double cusparse_bytes(const hpg::Matrix<float>& a) {
  return static_cast<double>(a.nvals()) * (4 + 4) + static_cast<double>(a.nrows() + 1) * 4 + static_cast<double>(a.nrows()) * 4 * 2;
}

/// Bytes hpg's pull must move: column indices (ELL slots, padding included, and the tail), values
/// only when they differ (an iso matrix reads none), the tail's row list and offsets, x once, and
/// T's values and bitmap once; with columns numbered by degree, also the pass that puts x in that
/// order (the order, x, and the reordered copy).
double hpg_bytes(const hpg::Matrix<float>& a) {
  const auto& h = hpg::detail::cuda::hyb_of(hpg::detail::cuda::csr_of(a), hpg::detail::cuda::derived_of(a), false);
  const double slots = static_cast<double>(h.ell_col.size() + h.coo_entries());
  return slots * (4 + (h.iso ? 0 : 4)) + static_cast<double>(h.coo_row_count()) * (4 + 8) +
         static_cast<double>(a.nrows()) * (4 + 4 + 1) + (h.columns_ordered() ? static_cast<double>(h.ncols) * (4 + 4 + 4) : 0.0);
}

/// Drops g.a's HYB and builds it again, in the user's column order (user_order) or as the library
/// decides by default (by degree on a big skewed graph).
void rebuild_hyb(Graph& g, bool user_order) {
  const hpg::detail::Tuning saved = hpg::detail::tuning();
  if (user_order) hpg::detail::tuning().degree_order_min_entries = ~std::uint64_t(0);
  hpg::detail::cuda::csr_of(g.a);  // mutable access drops the derived forms
  const auto& a = std::as_const(g.a);
  hpg::detail::cuda::hyb_of(hpg::detail::cuda::csr_of(a), hpg::detail::cuda::derived_of(a), false);
  hpg::detail::tuning() = saved;
  CHECK_CUDA(cudaDeviceSynchronize());
}

/// ms per graph and benchmark, for the summary table printed after the run.
std::map<std::string, std::map<std::string, double>>& results() {
  static std::map<std::string, std::map<std::string, double>> r;
  return r;
}

template <class F>
double time_ms(benchmark::State& state, F&& f) {
  cudaEvent_t e0, e1;
  CHECK_CUDA(cudaEventCreate(&e0));
  CHECK_CUDA(cudaEventCreate(&e1));
  f();  // warm-up (also builds HYB on first use)
  CHECK_CUDA(cudaDeviceSynchronize());
  double total = 0;
  for (auto _ : state) {
    CHECK_CUDA(cudaEventRecord(e0));
    f();
    CHECK_CUDA(cudaEventRecord(e1));
    CHECK_CUDA(cudaEventSynchronize(e1));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
    state.SetIterationTime(ms * 1e-3);
    total += ms;
  }
  CHECK_CUDA(cudaEventDestroy(e0));
  CHECK_CUDA(cudaEventDestroy(e1));
  return total / static_cast<double>(state.iterations());
}

void BM_Cusparse(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  const auto& d = hpg::detail::cuda::csr_of(std::as_const(g.a));
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
  const auto& xd = hpg::detail::cuda::vec_of(std::as_const(g.x));
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
  report(state, ms * 1e-3, cusparse_bytes(g.a), g);
  state.counters["ms"] = ms;
  results()[g.name]["cusparse"] = ms;
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(X);
  cusparseDestroyDnVec(Y);
  cusparseDestroy(h);
  cudaFree(x);
  cudaFree(y);
  cudaFree(buf);
}

/// range(1) = 0: the HYB keeps the user's column order; 1: the library's default layout (columns
/// by degree on a big skewed graph), which every benchmark after this one uses.
void BM_HpgMxv(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  const bool user_order = state.range(1) == 0;
  rebuild_hyb(g, user_order);
  hpg::Vector<float> y(g.a.nrows(), hpg::Backend::cuda);
  const double ms = time_ms(state, [&] { hpg::mxv(y, hpg::no_mask, hpg::no_accum, hpg::plus_times<float>, std::as_const(g.a), g.x); });
  report(state, ms * 1e-3, hpg_bytes(std::as_const(g.a)), g);
  state.counters["ms"] = ms;
  const auto& h = hpg::detail::cuda::derived_of(std::as_const(g.a)).hyb;
  results()[g.name][user_order ? "mxv_user_order" : "mxv"] = ms;
  if (!user_order) results()[g.name]["by_degree"] = h.columns_ordered() ? 1 : 0;
  state.SetLabel(g.name + (h.columns_ordered() ? " (columns by degree)" : " (user's column order)"));
  state.counters["K"] = static_cast<double>(h.width);
  state.counters["coo_frac"] = static_cast<double>(h.coo_entries()) / static_cast<double>(g.a.nvals());
}

void BM_HpgHybKernel(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  // Read-only access (the mutable accessor would drop the derived forms).
  const auto& a = std::as_const(g.a);
  auto& derived = hpg::detail::cuda::derived_of(a);
  const auto& hyb = hpg::detail::cuda::hyb_of(hpg::detail::cuda::csr_of(a), derived, false);
  const auto ub = hpg::detail::cuda::bitmap_copy(hpg::detail::cuda::vec_of(std::as_const(g.x)));
  hpg::detail::DeviceArray<float> tval;
  hpg::detail::DeviceArray<std::uint8_t> tpres;
  tval.allocate(g.a.nrows());
  tpres.allocate(g.a.nrows());
  const double ms = time_ms(state, [&] {  // x in the layout's column order (a gather where it renumbers), then the kernels
    const auto in = hpg::detail::cuda::pull_input<true>(ub, hyb, nullptr);
    hpg::detail::cuda::pull<false>(hpg::plus_times<float>, hyb, in, hpg::detail::cuda::PullRows{}, true, tval.data(), tpres.data(), nullptr);
  });
  report(state, ms * 1e-3, hpg_bytes(a), g);
  state.counters["ms"] = ms;
  results()[g.name]["kernel"] = ms;
  results()[g.name]["bytes"] = hpg_bytes(a);
  state.counters["ell_fill"] = static_cast<double>(g.a.nvals() - hyb.coo_entries()) / static_cast<double>(hyb.ell_col.size() + 1);
}

/// The floor under any SpMV of this matrix in this column order: every entry's column index read
/// once (coalesced) and x gathered at it, summed per thread, one write per thread. No rows, no
/// mask, no output vector: what is left is the gather traffic (a 32-byte L2 sector per random
/// 4-byte read), which on a relabelled RMAT graph, not DRAM bandwidth, bounds SpMV.
__global__ void gather_floor_kernel(const std::uint32_t* col, std::uint64_t nvals, const float* x, float* out) {
  float acc = 0;
  const std::uint64_t t = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x, stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t e = t; e < nvals; e += stride) acc += x[col[e]];
  out[t] = acc;
}

__global__ void count_columns_kernel(const std::uint32_t* col, std::uint64_t nvals, std::uint32_t* count) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nvals; e += std::uint64_t(gridDim.x) * blockDim.x)
    atomicAdd(count + col[e], 1u);
}
__global__ void relabel_kernel(std::uint32_t* col, std::uint64_t nvals, const std::uint32_t* new_id) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nvals; e += std::uint64_t(gridDim.x) * blockDim.x)
    col[e] = new_id[col[e]];
}
__global__ void invert_kernel(const std::uint32_t* order, std::uint32_t n, std::uint32_t* new_id) {
  for (std::uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += gridDim.x * blockDim.x) new_id[order[k]] = k;
}

/// range(1) = 0: the matrix's own column order; 1: columns renumbered by descending in-degree
/// (hubs packed together), to show what a locality-aware layout could gain.
void BM_GatherFloor(benchmark::State& state) {
  if (!hpg::cuda_available()) return state.SkipWithError("no GPU");
  Graph* graph_made = graph(state);
  if (graph_made == nullptr) return;
  Graph& g = *graph_made;
  const bool by_degree = state.range(1) != 0;
  const auto& d = hpg::detail::cuda::csr_of(std::as_const(g.a));
  const std::uint64_t nv = d.nvals;
  const auto n = static_cast<std::uint32_t>(d.ncols);
  std::uint32_t *col = nullptr, *count = nullptr, *order = nullptr, *new_id = nullptr;
  float *x = nullptr, *out = nullptr;
  const unsigned block = 256, grid = 132 * 16;
  CHECK_CUDA(cudaMalloc(&col, nv * 4));
  CHECK_CUDA(cudaMemcpy(col, d.col.data(), nv * 4, cudaMemcpyDeviceToDevice));
  CHECK_CUDA(cudaMalloc(&x, n * 4ull));
  CHECK_CUDA(cudaMemset(x, 0, n * 4ull));
  CHECK_CUDA(cudaMalloc(&out, std::size_t(grid) * block * 4));
  if (by_degree) {
    CHECK_CUDA(cudaMalloc(&count, n * 4ull));
    CHECK_CUDA(cudaMalloc(&order, n * 4ull));
    CHECK_CUDA(cudaMalloc(&new_id, n * 4ull));
    CHECK_CUDA(cudaMemset(count, 0, n * 4ull));
    count_columns_kernel<<<grid, block>>>(col, nv, count);
    thrust::sequence(thrust::device, thrust::device_pointer_cast(order), thrust::device_pointer_cast(order) + n);
    thrust::sort_by_key(thrust::device, thrust::device_pointer_cast(count), thrust::device_pointer_cast(count) + n,
                        thrust::device_pointer_cast(order), thrust::greater<std::uint32_t>());
    invert_kernel<<<grid, block>>>(order, n, new_id);
    relabel_kernel<<<grid, block>>>(col, nv, new_id);
    CHECK_CUDA(cudaGetLastError());
  }
  const double ms = time_ms(state, [&] { gather_floor_kernel<<<grid, block>>>(col, nv, x, out); });
  CHECK_CUDA(cudaGetLastError());
  state.counters["ms"] = ms;
  state.counters["Gentries/s"] = static_cast<double>(nv) / (ms * 1e-3) / 1e9;
  state.SetLabel(g.name + (by_degree ? " (columns by degree)" : ""));
  results()[g.name][by_degree ? "floor_by_degree" : "floor"] = ms;
  cudaFree(col);
  cudaFree(x);
  cudaFree(out);
  cudaFree(count);
  cudaFree(order);
  cudaFree(new_id);
}

/// Registers, graph by graph, spmv/<what>/<graph> for what in cusparse, mxv_user_order, mxv,
/// kernel, floor and floor_by_degree; range(0) is the graph's position in the list.
void register_benchmarks() {
  using Fn = void (*)(benchmark::State&);
  const std::pair<const char*, std::pair<Fn, int>> runs[] = {
      {"cusparse", {BM_Cusparse, 0}}, {"mxv_user_order", {BM_HpgMxv, 0}}, {"mxv", {BM_HpgMxv, 1}},
      {"kernel", {BM_HpgHybKernel, 0}}, {"floor", {BM_GatherFloor, 0}}, {"floor_by_degree", {BM_GatherFloor, 1}},
  };
  for (std::size_t id = 0; id < graph_list().size(); ++id)
    for (const auto& [what, run] : runs)
      benchmark::RegisterBenchmark(("spmv/" + std::string(what) + "/" + hpg::bench::short_name(graph_list()[id])).c_str(), run.first)
          ->Args({static_cast<std::int64_t>(id), run.second})
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond)
          ->MinTime(0.2);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  register_benchmarks();
  if (hpg::cuda_available()) {
    std::printf("device copy bandwidth: %.0f GB/s (read + write)\n", copy_bandwidth() / 1e9);
    benchmark::AddCustomContext("copy_bandwidth_GBps", std::to_string(copy_bandwidth() / 1e9));
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!results().empty()) {
    std::printf("\n%-28s %10s %10s %10s %10s %8s %10s %8s %10s %10s\n", "graph", "cuSPARSE", "mxv user", "hpg::mxv", "kernel",
                "mxv/cuS", "kernel GB/s", "of copy", "floor", "floor/deg");
    for (const auto& [name, r] : results()) {
      auto get = [&](const char* k) { auto it = r.find(k); return it == r.end() ? 0.0 : it->second; };
      const double cus = get("cusparse"), mxv = get("mxv"), kern = get("kernel"), bytes = get("bytes");
      const double gbs = kern > 0 ? bytes / (kern * 1e-3) / 1e9 : 0;
      std::printf("%-28s %10.3f %10.3f %9.3f%s %10.3f %8.2f %10.0f %7.0f%% %10.3f %10.3f\n", name.substr(0, 28).c_str(), cus,
                  get("mxv_user_order"), mxv, get("by_degree") > 0 ? "d" : " ", kern, cus > 0 ? mxv / cus : 0, gbs,
                  100 * gbs * 1e9 / copy_bandwidth(), get("floor"), get("floor_by_degree"));
    }
    std::printf("(mxv user: the HYB in the user's column order; hpg::mxv: the default layout, d = columns by degree)\n");
  }
  return 0;
}
