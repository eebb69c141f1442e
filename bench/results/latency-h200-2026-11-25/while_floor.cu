// Floor of a round in a conditional WHILE graph: K empty kernels in a chain, body as child graph or direct.
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
__global__ void nop(int* p) { if (threadIdx.x == 1000000) *p = 1; }
__global__ void wide(int* p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1; }
__global__ void cond(cudaGraphConditionalHandle h, unsigned long long* r, unsigned long long max) {
  unsigned long long v = ++*r; cudaGraphSetConditional(h, v < max ? 1u : 0u); }
int main() {
  int* d; CK(cudaMalloc(&d, 64 << 20)); unsigned long long* r; CK(cudaMalloc(&r, 8));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const unsigned long long R = 2000;
  for (int mode = 0; mode < 4; ++mode)
  for (int K : {1, 2, 5, 10, 20, 40}) {
    // capture body: K kernels
    cudaGraph_t body; CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    for (int k = 0; k < K; ++k) { if (mode == 2) wide<<<4096 / 256, 256, 0, s>>>(d, 4096); else if (mode == 3) wide<<<(4<<20) / 256, 256, 0, s>>>(d, 4 << 20); else nop<<<1, 32, 0, s>>>(d); }
    CK(cudaStreamEndCapture(s, &body));
    cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeConditional; p.conditional.handle = h; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
    cudaGraphNode_t wn; CK(cudaGraphAddNode(&wn, g, nullptr, nullptr, 0, &p));
    cudaGraph_t bg = p.conditional.phGraph_out[0];
    cudaGraphNode_t bn, cn;
    if (mode == 1) {  // direct: clone nodes by capturing into body graph
      CK(cudaStreamBeginCaptureToGraph(s, bg, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
      for (int k = 0; k < K; ++k) nop<<<1, 32, 0, s>>>(d);
      cond<<<1, 1, 0, s>>>(h, r, R);
      cudaGraph_t tmp; CK(cudaStreamEndCapture(s, &tmp));
    } else {
      CK(cudaGraphAddChildGraphNode(&bn, bg, nullptr, 0, body));
      void* args[] = {&h, &r, (void*)&R};
      cudaKernelNodeParams kp = {}; kp.func = (void*)cond; kp.gridDim = 1; kp.blockDim = 1; kp.kernelParams = args;
      CK(cudaGraphAddKernelNode(&cn, bg, &bn, 1, &kp));
    }
    cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
    double best = 1e30;
    for (int rep = 0; rep < 3; ++rep) {
      CK(cudaMemsetAsync(r, 0, 8, s)); CK(cudaStreamSynchronize(s));
      auto t0 = std::chrono::steady_clock::now();
      CK(cudaGraphLaunch(ex, s)); CK(cudaStreamSynchronize(s));
      double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / R;
      best = us < best ? us : best;
    }
    // plain graph of the body launched from host R times
    cudaGraphExec_t bx; CK(cudaGraphInstantiate(&bx, body, 0));
    auto t0 = std::chrono::steady_clock::now();
    for (unsigned long long i = 0; i < R; ++i) CK(cudaGraphLaunch(bx, s));
    CK(cudaStreamSynchronize(s));
    double host_us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / R;
    printf("mode %s K %2d: %.2f us/round in WHILE (%.2f us/node); body graph launched from host %.2f us\n",
      mode == 0 ? "child-nop " : mode == 1 ? "direct-nop" : mode == 2 ? "child-4K  " : "child-4M  ", K, best, best / (K + 1), host_us);
    cudaGraphExecDestroy(ex); cudaGraphExecDestroy(bx); cudaGraphDestroy(g); cudaGraphDestroy(body);
  }
}
