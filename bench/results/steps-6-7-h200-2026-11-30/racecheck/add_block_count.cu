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
int main(int argc, char** argv) {
  const int v = argc > 1 ? atoi(argv[1]) : 64;
  std::size_t n = 1 << 20;
  std::uint8_t* f; unsigned long long* c;
  cudaMalloc(&f, n); cudaMemset(f, 1, n); cudaMalloc(&c, 8); cudaMemset(c, 0, 8);
  for (int r = 0; r < 3; ++r) {
    if (v == 64) k<64><<<264, 256>>>(f, n, c);
    else if (v == 65) k<65><<<264, 256>>>(f, n, c);
    else k<32><<<264, 256>>>(f, n, c);
  }
  unsigned long long h; cudaMemcpy(&h, c, 8, cudaMemcpyDeviceToHost);
  printf("variant %d: %llu (want %zu) %s\n", v, h, 3 * n, cudaGetErrorString(cudaGetLastError()));
}
