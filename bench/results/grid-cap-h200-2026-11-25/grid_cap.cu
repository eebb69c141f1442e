// What a grid-stride kernel whose count lives on the device costs, by grid size, in a WHILE graph:
// K=5 kernels a round, each copying `count` (idx, val) pairs, grid G of 256-thread blocks.
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
__global__ void copy_k(const long long* cnt, const int* fi, const long long* fv, int* ti, long long* tv) {
  const long long m = *cnt;
  for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < m; k += (long long)gridDim.x * blockDim.x) { ti[k] = fi[k]; tv[k] = fv[k]; }
}
__global__ void copy_u4(const long long* cnt, const int* fi, const long long* fv, int* ti, long long* tv) {
  const long long m = *cnt; const long long stride = (long long)gridDim.x * blockDim.x;
  long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  for (; k + 3 * stride < m; k += 4 * stride) {
    int a0 = fi[k], a1 = fi[k + stride], a2 = fi[k + 2 * stride], a3 = fi[k + 3 * stride];
    long long b0 = fv[k], b1 = fv[k + stride], b2 = fv[k + 2 * stride], b3 = fv[k + 3 * stride];
    ti[k] = a0; ti[k + stride] = a1; ti[k + 2 * stride] = a2; ti[k + 3 * stride] = a3;
    tv[k] = b0; tv[k + stride] = b1; tv[k + 2 * stride] = b2; tv[k + 3 * stride] = b3;
  }
  for (; k < m; k += stride) { ti[k] = fi[k]; tv[k] = fv[k]; }
}
__global__ void cond(cudaGraphConditionalHandle h, unsigned long long* r, unsigned long long max) {
  unsigned long long v = ++*r; cudaGraphSetConditional(h, v < max ? 1u : 0u); }
int main() {
  const long long N = 4 << 20;
  int *ia, *ib; long long *va, *vb, *cnt; unsigned long long* r;
  CK(cudaMalloc(&ia, N * 4)); CK(cudaMalloc(&ib, N * 4)); CK(cudaMalloc(&va, N * 8)); CK(cudaMalloc(&vb, N * 8));
  CK(cudaMemset(ia, 0, N * 4)); CK(cudaMemset(va, 0, N * 8));
  CK(cudaMalloc(&cnt, 8)); CK(cudaMalloc(&r, 8));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int occ; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, copy_k, 256, 0));
  printf("# SMs %d, resident 256-thread blocks per SM %d\n", sms, occ);
  const int K = 5;
  for (int variant = 0; variant < 2; ++variant)
  for (long long count : {0LL, 4096LL, 65536LL, 1LL << 20, N}) {
    const unsigned long long R = count >= (1 << 20) ? 200 : 2000;
    CK(cudaMemcpy(cnt, &count, 8, cudaMemcpyHostToDevice));
    for (int G : {16, 64, 132, 264, 528, 1056, 2048, 4096, 16384}) {
      cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
      cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
      cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeConditional; p.conditional.handle = h; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
      cudaGraphNode_t wn; CK(cudaGraphAddNode(&wn, g, nullptr, nullptr, 0, &p));
      CK(cudaStreamBeginCaptureToGraph(s, p.conditional.phGraph_out[0], nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
      for (int k = 0; k < K; ++k) {
        if (variant == 0) copy_k<<<G, 256, 0, s>>>(cnt, k % 2 ? ib : ia, k % 2 ? vb : va, k % 2 ? ia : ib, k % 2 ? va : vb);
        else copy_u4<<<G, 256, 0, s>>>(cnt, k % 2 ? ib : ia, k % 2 ? vb : va, k % 2 ? ia : ib, k % 2 ? va : vb);
      }
      cond<<<1, 1, 0, s>>>(h, r, R);
      cudaGraph_t tmp; CK(cudaStreamEndCapture(s, &tmp));
      cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
      double best = 1e30;
      for (int rep = 0; rep < 3; ++rep) {
        CK(cudaMemsetAsync(r, 0, 8, s)); CK(cudaStreamSynchronize(s));
        auto t0 = std::chrono::steady_clock::now();
        CK(cudaGraphLaunch(ex, s)); CK(cudaStreamSynchronize(s));
        double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / R;
        best = us < best ? us : best;
      }
      printf("%s count %8lld grid %5d: %7.2f us/round, %6.2f us/kernel, %7.1f GB/s\n", variant ? "unroll4" : "plain  ", count, G, best, best / K,
             count * 24.0 * K / best / 1e3);
      cudaGraphExecDestroy(ex); cudaGraphDestroy(g);
    }
  }
}
