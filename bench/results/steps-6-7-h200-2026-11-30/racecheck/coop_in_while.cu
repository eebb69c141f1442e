#include <cstdio>
#include <cstdint>
// V=64: the library's add_block_count; V=65: the same with thread 0's final read volatile;
// V=32: a 32-bit shared total.
template <int V>
__device__ inline void add_block_count(unsigned mine, unsigned long long* word) {
  if constexpr (V == 32) {
    __shared__ unsigned block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    mine = __reduce_add_sync(0xffffffffu, mine);
    if (threadIdx.x % 32 == 0 && mine) atomicAdd(&block_count, mine);
    __syncthreads();
    if (threadIdx.x == 0 && block_count) atomicAdd(word, static_cast<unsigned long long>(block_count));
  } else {
    __shared__ unsigned long long block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    mine = __reduce_add_sync(0xffffffffu, mine);
    if (threadIdx.x % 32 == 0 && mine) atomicAdd(&block_count, static_cast<unsigned long long>(mine));
    __syncthreads();
    if (threadIdx.x == 0) {
      const unsigned long long total = V == 65 ? *const_cast<volatile unsigned long long*>(&block_count) : block_count;
      if (total) atomicAdd(word, total);
    }
  }
}
template <int V>
__global__ void k(const std::uint8_t* flags, std::size_t n, unsigned long long* count) {
  unsigned mine = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    mine += flags[i] != 0;
  add_block_count<V>(mine, count);
}

#include <cooperative_groups.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
__global__ void set_while(cudaGraphConditionalHandle h, unsigned long long* iter, unsigned long long n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) cudaGraphSetConditional(h, ++*iter < n ? 1u : 0u);
}
__global__ void coop(unsigned* data) {
  namespace cg = cooperative_groups;
  __shared__ unsigned s[256];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  unsigned v = s[(threadIdx.x + 1) % 256];
  cg::this_grid().sync();
  if (blockIdx.x == 0) data[threadIdx.x] = v + 1;
}
int main(int argc, char** argv) {
  const int v = argc > 1 ? atoi(argv[1]) : 64;
  const bool with_coop = argc > 2;
  std::size_t n = 1 << 20;
  std::uint8_t* f; unsigned long long* c; unsigned long long* iter; unsigned* data;
  CK(cudaMalloc(&f, n)); CK(cudaMemset(f, 1, n)); CK(cudaMalloc(&c, 8)); CK(cudaMemset(c, 0, 8));
  CK(cudaMalloc(&iter, 8)); CK(cudaMemset(iter, 0, 8)); CK(cudaMalloc(&data, 1024)); CK(cudaMemset(data, 0, 1024));
  cudaGraph_t g; CK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h; CK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
  cudaGraphNodeParams cp = {}; cp.type = cudaGraphNodeTypeConditional; cp.conditional.handle = h;
  cp.conditional.type = cudaGraphCondTypeWhile; cp.conditional.size = 1;
  cudaGraphNode_t cn; CK(cudaGraphAddNode(&cn, g, nullptr, nullptr, 0, &cp));
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CK(cudaStreamBeginCaptureToGraph(s, body, nullptr, nullptr, 0, cudaStreamCaptureModeRelaxed));
  if (v == 64) k<64><<<264, 256, 0, s>>>(f, n, c);
  else if (v == 65) k<65><<<264, 256, 0, s>>>(f, n, c);
  else k<32><<<264, 256, 0, s>>>(f, n, c);
  if (with_coop) { void* args[] = {&data}; CK(cudaLaunchCooperativeKernel((void*)coop, dim3(132), dim3(256), args, 0, s)); }
  set_while<<<1, 32, 0, s>>>(h, iter, 3);
  CK(cudaStreamEndCapture(s, &body));
  cudaGraphExec_t x; CK(cudaGraphInstantiate(&x, g, 0));
  CK(cudaGraphLaunch(x, s)); CK(cudaStreamSynchronize(s));
  unsigned long long hc; CK(cudaMemcpy(&hc, c, 8, cudaMemcpyDeviceToHost));
  printf("graph variant %d coop %d: %llu (want %zu)\n", v, int(with_coop), hc, 3 * n);
}
