// What a stream-ordered allocation and free cost the host, against a kernel launch (H200 probe).
#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
__global__ void nop(int* p) { if (threadIdx.x == 1000000) *p = 1; }
int main() {
  cudaStream_t s; CK(cudaStreamCreate(&s));
  cudaMemPool_t pool; CK(cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long keep = ~0ull; CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
  int* d; CK(cudaMalloc(&d, 4));
  const int N = 20000;
  for (size_t bytes : {size_t(8), size_t(4096), size_t(1) << 20, size_t(16) << 20}) {
    for (int rep = 0; rep < 2; ++rep) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < N; ++i) { void* p; CK(cudaMallocAsync(&p, bytes, s)); CK(cudaFreeAsync(p, s)); }
      CK(cudaStreamSynchronize(s));
      double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / N;
      if (rep) printf("cudaMallocAsync + cudaFreeAsync of %zu bytes: %.2f us a pair\n", bytes, us);
    }
  }
  for (int rep = 0; rep < 2; ++rep) {  // 7 live allocations then their frees, as an operation does
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < N / 7; ++i) {
      void* p[7];
      for (auto& q : p) CK(cudaMallocAsync(&q, 65536, s));
      for (auto& q : p) CK(cudaFreeAsync(q, s));
    }
    CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / (N / 7);
    if (rep) printf("7 allocations then 7 frees (64 KB): %.2f us\n", us);
  }
  for (int rep = 0; rep < 2; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < N; ++i) nop<<<1, 32, 0, s>>>(d);
    CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / N;
    if (rep) printf("kernel launch (1 block, back-to-back): %.2f us\n", us);
  }
  for (int rep = 0; rep < 2; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < N; ++i) CK(cudaMemsetAsync(d, 0, 4, s));
    CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / N;
    if (rep) printf("cudaMemsetAsync 4 bytes: %.2f us\n", us);
  }
}
