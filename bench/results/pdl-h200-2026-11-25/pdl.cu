// Does programmatic dependent launch (PDL) shorten a chain of small kernels in a WHILE graph?
// K=5 kernels a round, each a grid-stride copy of `count` (idx, val) pairs whose count is read on the
// device, then a condition kernel. Variants: plain launches; PDL (each kernel waits in
// cudaGridDependencySynchronize before it reads); PDL with an early trigger (each kernel lets the
// next launch as soon as all its blocks started). A chain word every kernel's thread 0 increments
// checks the order.
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
template <int Mode>
__global__ void copy_k(const long long* cnt, const int* fi, const long long* fv, int* ti, long long* tv, unsigned long long* chain) {
  if (Mode == 2) cudaTriggerProgrammaticLaunchCompletion();
  if (Mode >= 1) cudaGridDependencySynchronize();
  const long long m = *cnt;
  if (blockIdx.x == 0 && threadIdx.x == 0) *chain = *chain + 1;
  for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < m; k += (long long)gridDim.x * blockDim.x) { ti[k] = fi[k]; tv[k] = fv[k]; }
}
template <int Mode>
__global__ void cond(cudaGraphConditionalHandle h, unsigned long long* r, unsigned long long max, unsigned long long* chain) {
  if (Mode == 2) cudaTriggerProgrammaticLaunchCompletion();
  if (Mode >= 1) cudaGridDependencySynchronize();
  *chain = *chain + 1;
  unsigned long long v = ++*r; cudaGraphSetConditional(h, v < max ? 1u : 0u); }
template <class K, class... Args>
void launch(int mode, K kernel, unsigned grid, unsigned block, cudaStream_t s, Args... args) {
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = grid; cfg.blockDim = block; cfg.stream = s;
  cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; at[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = at; cfg.numAttrs = mode ? 1 : 0;
  CK(cudaLaunchKernelEx(&cfg, kernel, args...));
}
int main() {
  const long long N = 4 << 20;
  int *ia, *ib; long long *va, *vb, *cnt; unsigned long long *r, *chain;
  CK(cudaMalloc(&ia, N * 4)); CK(cudaMalloc(&ib, N * 4)); CK(cudaMalloc(&va, N * 8)); CK(cudaMalloc(&vb, N * 8));
  CK(cudaMemset(ia, 0, N * 4)); CK(cudaMemset(va, 0, N * 8));
  CK(cudaMalloc(&cnt, 8)); CK(cudaMalloc(&r, 8)); CK(cudaMalloc(&chain, 8));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const int K = 5;
  for (long long count : {0LL, 4096LL, 65536LL, 1LL << 20})
  for (int G : {64, 264, 1056})
  for (int mode = 0; mode < 3; ++mode) {
    const unsigned long long R = count >= (1 << 20) ? 200 : 2000;
    CK(cudaMemcpy(cnt, &count, 8, cudaMemcpyHostToDevice));
    cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeConditional; p.conditional.handle = h; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
    cudaGraphNode_t wn; CK(cudaGraphAddNode(&wn, g, nullptr, nullptr, 0, &p));
    CK(cudaStreamBeginCaptureToGraph(s, p.conditional.phGraph_out[0], nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
    for (int k = 0; k < K; ++k) {
      int* fi = k % 2 ? ib : ia; long long* fv = k % 2 ? vb : va; int* ti = k % 2 ? ia : ib; long long* tv = k % 2 ? va : vb;
      // the first kernel of a round follows the condition of the last: a plain launch there too in mode 0
      if (mode == 0) launch(0, copy_k<0>, G, 256, s, (const long long*)cnt, (const int*)fi, (const long long*)fv, ti, tv, chain);
      else if (mode == 1) launch(k ? 1 : 0, copy_k<1>, G, 256, s, (const long long*)cnt, (const int*)fi, (const long long*)fv, ti, tv, chain);
      else launch(k ? 1 : 0, copy_k<2>, G, 256, s, (const long long*)cnt, (const int*)fi, (const long long*)fv, ti, tv, chain);
    }
    if (mode == 0) launch(0, cond<0>, 1, 1, s, h, r, R, chain);
    else if (mode == 1) launch(1, cond<1>, 1, 1, s, h, r, R, chain);
    else launch(1, cond<2>, 1, 1, s, h, r, R, chain);
    cudaGraph_t tmp; CK(cudaStreamEndCapture(s, &tmp));
    cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
    double best = 1e30; bool ok = true;
    for (int rep = 0; rep < 3; ++rep) {
      CK(cudaMemsetAsync(r, 0, 8, s)); CK(cudaMemsetAsync(chain, 0, 8, s)); CK(cudaStreamSynchronize(s));
      auto t0 = std::chrono::steady_clock::now();
      CK(cudaGraphLaunch(ex, s)); CK(cudaStreamSynchronize(s));
      double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / R;
      best = us < best ? us : best;
      unsigned long long c = 0; CK(cudaMemcpy(&c, chain, 8, cudaMemcpyDeviceToHost));
      if (c != (K + 1) * R) ok = false;
    }
    printf("%s count %8lld grid %5d: %7.2f us/round, %6.2f us/node %s\n", mode == 0 ? "plain    " : mode == 1 ? "pdl      " : "pdl+early", count, G, best,
           best / (K + 1), ok ? "" : "CHAIN WRONG");
    cudaGraphExecDestroy(ex); cudaGraphDestroy(g);
  }
  // The same chain on a plain stream, no graph (host launches): per kernel.
  for (int mode = 0; mode < 3; ++mode) {
    long long count = 4096; CK(cudaMemcpy(cnt, &count, 8, cudaMemcpyHostToDevice));
    const int R = 2000;
    double best = 1e30;
    for (int rep = 0; rep < 3; ++rep) {
      CK(cudaStreamSynchronize(s));
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < R; ++i) {
        if (mode == 0) launch(0, copy_k<0>, 64, 256, s, (const long long*)cnt, (const int*)ia, (const long long*)va, ib, vb, chain);
        else if (mode == 1) launch(1, copy_k<1>, 64, 256, s, (const long long*)cnt, (const int*)ia, (const long long*)va, ib, vb, chain);
        else launch(1, copy_k<2>, 64, 256, s, (const long long*)cnt, (const int*)ia, (const long long*)va, ib, vb, chain);
      }
      CK(cudaStreamSynchronize(s));
      double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / R;
      best = us < best ? us : best;
    }
    printf("stream %s count 4096 grid 64: %6.2f us/kernel\n", mode == 0 ? "plain    " : mode == 1 ? "pdl      " : "pdl+early", best);
  }
}
