// Experiment: per-round cost of a WHILE loop whose body holds U rounds, rounds 2..U each under an
// IF node (so a false condition still stops after the round that made it false).
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__); exit(1); } } while (0)

__global__ void step(const unsigned* count_in, unsigned* count_out, const unsigned* idx, int* a, const int* b, unsigned m_fixed) {
  const unsigned m = *count_in + m_fixed;
  for (unsigned k = blockIdx.x * blockDim.x + threadIdx.x; k < m; k += gridDim.x * blockDim.x) {
    const unsigned i = idx[k];
    a[i] = b[i] + 1;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) *count_out = 0;
}

__global__ void cond(cudaGraphConditionalHandle hw, cudaGraphConditionalHandle hi, int has_if, unsigned long long* rounds,
                     unsigned long long max_rounds) {
  const unsigned long long r = ++*rounds;
  const unsigned go = r < max_rounds ? 1u : 0u;
  cudaGraphSetConditional(hw, go);
  if (has_if) cudaGraphSetConditional(hi, go);
}

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  const unsigned n = 1 << 22;
  unsigned *counts, *idx; int *a, *b; unsigned long long* rounds;
  CK(cudaMalloc(&counts, 64 * 4)); CK(cudaMemset(counts, 0, 256));
  CK(cudaMalloc(&idx, n * 4)); CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&b, n * 4)); CK(cudaMalloc(&rounds, 8));
  std::vector<unsigned> h(n); for (unsigned i = 0; i < n; ++i) h[i] = (i * 2654435761u) % n;
  CK(cudaMemcpy(idx, h.data(), n * 4, cudaMemcpyHostToDevice)); CK(cudaMemset(b, 0, n * 4));
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const unsigned long long R = 2400;
  printf("chain grid m U | us per round\n");
  for (int chain : {0, 1, 3})
    for (unsigned grid : {132u})
      for (unsigned m : {0u, 4096u})
        for (int U : {1, 2, 4, 8}) {
          cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
          cudaGraphConditionalHandle hw; CK(cudaGraphConditionalHandleCreate(&hw, g, 1, cudaGraphCondAssignDefault));
          cudaGraphNodeParams p = {};
          p.type = cudaGraphNodeTypeConditional; p.conditional.handle = hw; p.conditional.type = cudaGraphCondTypeWhile; p.conditional.size = 1;
          cudaGraphNode_t wn; CK(cudaGraphAddNode(&wn, g, nullptr, nullptr, 0, &p));
          cudaGraph_t parent = p.conditional.phGraph_out[0];
          for (int c = 0; c < U; ++c) {
            cudaGraphConditionalHandle hi = 0;
            if (c + 1 < U) CK(cudaGraphConditionalHandleCreate(&hi, g, 0, cudaGraphCondAssignDefault));
            cudaGraph_t copy;
            CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
            for (int k = 0; k < chain; ++k) step<<<grid, 256, 0, s>>>(counts + k, counts + k + 1, idx, a, b, m);
            cond<<<1, 1, 0, s>>>(hw, hi, c + 1 < U, rounds, R);
            CK(cudaStreamEndCapture(s, &copy));
            cudaGraphNode_t cn; CK(cudaGraphAddChildGraphNode(&cn, parent, nullptr, 0, copy));
            if (c + 1 < U) {
              cudaGraphNodeParams q = {};
              q.type = cudaGraphNodeTypeConditional; q.conditional.handle = hi; q.conditional.type = cudaGraphCondTypeIf; q.conditional.size = 1;
              cudaGraphNode_t in; CK(cudaGraphAddNode(&in, parent, &cn, nullptr, 1, &q));
              parent = q.conditional.phGraph_out[0];
            }
          }
          cudaGraphExec_t ex; CK(cudaGraphInstantiate(&ex, g, 0));
          double best = 1e30;
          for (int rep = 0; rep < 3; ++rep) {
            CK(cudaMemsetAsync(rounds, 0, 8, s));
            cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
            CK(cudaEventRecord(e0, s)); CK(cudaGraphLaunch(ex, s)); CK(cudaEventRecord(e1, s)); CK(cudaStreamSynchronize(s));
            float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
            unsigned long long r; CK(cudaMemcpy(&r, rounds, 8, cudaMemcpyDeviceToHost));
            if (r != R) { printf("rounds %llu != %llu\n", r, R); exit(1); }
            if (ms * 1000.0 / R < best) best = ms * 1000.0 / R;
          }
          printf("%d %u %u %d | %.2f\n", chain, grid, m, U, best);
          CK(cudaGraphExecDestroy(ex)); CK(cudaGraphDestroy(g));
        }
  return 0;
}
