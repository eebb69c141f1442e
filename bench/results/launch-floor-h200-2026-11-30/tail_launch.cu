// A device loop's iteration, two ways: a WHILE conditional node whose body is K kernels (the last
// sets the condition), against a device-launchable graph of the same K kernels whose last one
// tail-launches the graph again while rounds remain. Each work kernel is `blocks` blocks that read
// a word and write one. Per-iteration cost, best of 5 runs of 4,000 iterations.
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <algorithm>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); std::exit(1); } } while (0)

__global__ void work(unsigned* data, int k) {
  const unsigned v = data[(blockIdx.x * 7 + k) % 1024];
  if (threadIdx.x == 0) data[1024 + (blockIdx.x % 1024)] = v + 1;
}
__global__ void set_while(cudaGraphConditionalHandle h, unsigned long long* iter, unsigned long long n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) cudaGraphSetConditional(h, ++*iter < n ? 1u : 0u);
}
__global__ void tail_again(unsigned long long* iter, unsigned long long n) {
  if (threadIdx.x == 0 && blockIdx.x == 0 && ++*iter < n) {
    cudaError_t e = cudaGraphLaunch(cudaGetCurrentGraphExec(), cudaStreamGraphTailLaunch);
    if (e != cudaSuccess) *iter = ~0ull;
  }
}

using clk = std::chrono::steady_clock;

double run_while(int K, int blocks, unsigned* data, unsigned long long* iter, unsigned long long n) {
  cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams cp = {}; cp.type = cudaGraphNodeTypeConditional; cp.conditional.handle = h;
  cp.conditional.type = cudaGraphCondTypeWhile; cp.conditional.size = 1;
  cudaGraphNode_t cn; CK(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &cp));
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  // capture the body into `body`
  CK(cudaStreamBeginCaptureToGraph(s, body, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
  for (int k = 0; k < K; ++k) work<<<blocks, 256, 0, s>>>(data, k);
  set_while<<<1, 32, 0, s>>>(h, iter, n);
  CK(cudaStreamEndCapture(s, &body));
  cudaGraphExec_t x; CK(cudaGraphInstantiate(&x, g, 0));
  double best = 1e30;
  for (int r = 0; r < 6; ++r) {
    CK(cudaMemset(iter, 0, 8)); CK(cudaDeviceSynchronize());
    auto t0 = clk::now();
    CK(cudaGraphLaunch(x, s)); CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(clk::now() - t0).count() / n;
    if (r) best = std::min(best, us);
  }
  unsigned long long it = 0; CK(cudaMemcpy(&it, iter, 8, cudaMemcpyDeviceToHost));
  if (it != n) std::printf("while: %llu iterations, expected %llu\n", it, n);
  cudaGraphExecDestroy(x); cudaGraphDestroy(g); cudaStreamDestroy(s);
  return best;
}

double run_tail(int K, int blocks, unsigned* data, unsigned long long* iter, unsigned long long n) {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaGraph_t g;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  for (int k = 0; k < K; ++k) work<<<blocks, 256, 0, s>>>(data, k);
  tail_again<<<1, 32, 0, s>>>(iter, n);
  CK(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t x; CK(cudaGraphInstantiate(&x, g, cudaGraphInstantiateFlagDeviceLaunch));
  CK(cudaGraphUpload(x, s));
  double best = 1e30;
  for (int r = 0; r < 6; ++r) {
    CK(cudaMemset(iter, 0, 8)); CK(cudaDeviceSynchronize());
    auto t0 = clk::now();
    CK(cudaGraphLaunch(x, s)); CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(clk::now() - t0).count() / n;
    if (r) best = std::min(best, us);
  }
  unsigned long long it = 0; CK(cudaMemcpy(&it, iter, 8, cudaMemcpyDeviceToHost));
  if (it != n) std::printf("tail: %llu iterations, expected %llu\n", it, n);
  cudaGraphExecDestroy(x); cudaGraphDestroy(g); cudaStreamDestroy(s);
  return best;
}

int main() {
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s\n", p.name);
  unsigned* data; CK(cudaMalloc(&data, 4096 * 4)); CK(cudaMemset(data, 0, 4096 * 4));
  unsigned long long* iter; CK(cudaMalloc(&iter, 8));
  const unsigned long long n = 4000;
  for (int blocks : {1, 528, 1056})
    for (int K : {1, 2, 3})
      std::printf("%d work kernel(s) of %4d blocks + the round's end: WHILE node %.2f us an iteration, tail launch %.2f us\n", K, blocks,
                  run_while(K, blocks, data, iter, n), run_tail(K, blocks, data, iter, n));
  return 0;
}
