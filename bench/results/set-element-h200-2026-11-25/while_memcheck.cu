// A WHILE graph with no hpgraph code (5 small kernels and the condition a round, 200 rounds, memory from
// the stream-ordered pool), to run under compute-sanitizer memcheck many processes at once: does
// memcheck itself fail there?
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1;} } while (0)
__global__ void copy_k(const long long* cnt, const int* fi, int* ti) {
  for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < *cnt; k += (long long)gridDim.x * blockDim.x) ti[k] = fi[k] + 1;
}
__global__ void cond(cudaGraphConditionalHandle h, unsigned long long* r, unsigned long long max) {
  unsigned long long v = ++*r; cudaGraphSetConditional(h, v < max ? 1u : 0u); }
int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const long long N = 1 << 16;
  int *a, *b; long long* cnt; unsigned long long* r;
  CK(cudaMallocAsync(&a, N * 4, s)); CK(cudaMallocAsync(&b, N * 4, s)); CK(cudaMallocAsync(&cnt, 8, s)); CK(cudaMallocAsync(&r, 8, s));
  CK(cudaMemsetAsync(a, 0, N * 4, s)); CK(cudaMemsetAsync(r, 0, 8, s));
  CK(cudaMemcpyAsync(cnt, &N, 8, cudaMemcpyHostToDevice, s)); CK(cudaStreamSynchronize(s));
  for (int rep = 0; rep < 5; ++rep) {
    cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
    cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeConditional; p.conditional.handle = h; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
    cudaGraphNode_t wn; CK(cudaGraphAddNode(&wn, g, nullptr, nullptr, 0, &p));
    cudaStream_t cs; CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
    CK(cudaStreamBeginCaptureToGraph(cs, p.conditional.phGraph_out[0], nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
    for (int k = 0; k < 5; ++k) copy_k<<<64, 256, 0, cs>>>(cnt, k % 2 ? b : a, k % 2 ? a : b);
    cond<<<1, 1, 0, cs>>>(h, r, 200 * (rep + 1));
    cudaGraph_t tmp; CK(cudaStreamEndCapture(cs, &tmp));
    cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
    CK(cudaGraphLaunch(ex, s)); CK(cudaStreamSynchronize(s));
    CK(cudaGraphExecDestroy(ex)); CK(cudaGraphDestroy(g)); CK(cudaStreamDestroy(cs));
  }
  int x = 0; CK(cudaMemcpy(&x, a, 4, cudaMemcpyDeviceToHost));
  printf("ok %d\n", x);
  return 0;
}
