// Probe: a cooperative kernel captured into a WHILE graph's body, looping rounds with grid.sync.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <chrono>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s line %d\n", #x, cudaGetErrorString(e), __LINE__); return 1; } } while (0)

__global__ void init_kernel(cudaGraphConditionalHandle h) { cudaGraphSetConditional(h, 1); }

// rounds of: each thread reads list[k] (written last round by someone else), writes out[k]; syncs per round
__global__ void rounds_kernel(cudaGraphConditionalHandle h, unsigned* a, unsigned* b, int n, int rounds, int syncs, unsigned* counter) {
  cg::grid_group g = cg::this_grid();
  unsigned stride = gridDim.x * blockDim.x;
  for (int r = 0; r < rounds; ++r) {
    unsigned* from = (r & 1) ? b : a; unsigned* to = (r & 1) ? a : b;
    for (unsigned k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) to[(k * 7919u) % n] = from[k] + 1;
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(counter, 1u);
    g.sync();
    if (syncs > 1) g.sync();
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) cudaGraphSetConditional(h, 0);
}
__global__ void one_round(cudaGraphConditionalHandle h, unsigned* a, unsigned* b, int n, int total, unsigned* counter) {
  unsigned stride = gridDim.x * blockDim.x;
  for (unsigned k = blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) b[(k * 7919u) % n] = a[k] + 1;
  __shared__ bool last; __syncthreads();
  if (threadIdx.x == 0) { __threadfence(); last = atomicAdd(counter + 1, 1u) == gridDim.x - 1; }
  __syncthreads();
  if (last && threadIdx.x == 0) { counter[1] = 0; unsigned c = ++counter[0]; cudaGraphSetConditional(h, c < (unsigned)total ? 1 : 0); }
}

int run(int mode, int grid, int n, int rounds, int syncs) {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  unsigned *a, *b, *counter; CK(cudaMalloc(&a, 4 * n)); CK(cudaMalloc(&b, 4 * n)); CK(cudaMalloc(&counter, 16));
  CK(cudaMemset(a, 0, 4 * n)); CK(cudaMemset(counter, 0, 16));
  cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
  cudaGraphNode_t set_node, while_node;
  { void* args[] = {&h}; cudaKernelNodeParams kp = {}; kp.func = (void*)&init_kernel; kp.gridDim = dim3(1); kp.blockDim = dim3(1); kp.kernelParams = args;
    CK(cudaGraphAddKernelNode(&set_node, g, nullptr, 0, &kp)); }
  cudaGraphNodeParams p = {}; p.type = cudaGraphNodeTypeConditional; p.conditional.handle = h; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
  CK(cudaGraphAddNode(&while_node, g, &set_node, nullptr, 1, &p));
  cudaGraph_t body = p.conditional.phGraph_out[0];
  // capture the body
  CK(cudaStreamBeginCaptureToGraph(s, body, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
  if (mode == 1) {
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(grid); cfg.blockDim = dim3(256); cfg.stream = s;
    cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeCooperative; at[0].val.cooperative = 1; cfg.attrs = at; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, rounds_kernel, h, a, b, n, rounds, syncs, counter));
  } else {
    one_round<<<grid, 256, 0, s>>>(h, a, b, n, rounds, counter);
    CK(cudaGetLastError());
  }
  cudaGraph_t captured; CK(cudaStreamEndCapture(s, &captured));
  cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
  double best = 1e30;
  for (int t = 0; t < 5; ++t) {
    CK(cudaMemset(counter, 0, 16)); CK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    CK(cudaGraphLaunch(ex, s)); CK(cudaStreamSynchronize(s));
    auto t1 = std::chrono::steady_clock::now();
    double us = std::chrono::duration<double, std::micro>(t1 - t0).count();
    if (us < best) best = us;
  }
  unsigned c[2]; CK(cudaMemcpy(c, counter, 8, cudaMemcpyDeviceToHost));
  printf("mode %s grid %4d n %6d syncs %d: rounds %u, %.2f us/round\n", mode ? "coop " : "while", grid, n, syncs, c[0], best / rounds);
  cudaGraphExecDestroy(ex); cudaGraphDestroy(g); cudaFree(a); cudaFree(b); cudaFree(counter); cudaStreamDestroy(s);
  return 0;
}
int main() {
  int dev = 0, coop = 0, sms = 0; cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev); cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  int occ = 0; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, rounds_kernel, 256, 0);
  printf("coop %d sms %d occ %d\n", coop, sms, occ);
  for (int n : {2048, 8192}) {
    run(0, sms, n, 4000, 1); run(0, 1056, n, 4000, 1);
    for (int grid : {sms / 2, sms, 2 * sms, 4 * sms}) { run(1, grid, n, 4000, 1); run(1, grid, n, 4000, 2); }
  }
  return 0;
}
