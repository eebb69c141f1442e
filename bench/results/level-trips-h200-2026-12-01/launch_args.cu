// Probe: does the size of a kernel's argument block set the round trip of a launch whose last
// block writes a mapped word the host spins on? Kernels of 8 .. 4096 bytes of argument, 24 blocks
// of 256 (the held push's shape); and one reading its 1,440 bytes through a pointer instead.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
template <int N> struct Arg { unsigned long long w[N / 8]; };
template <int N>
__global__ void k(Arg<N> b, unsigned long long* arrived, volatile unsigned long long* slot) {
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) { __threadfence(); last = atomicAdd(arrived, 1ull) == gridDim.x - 1; }
  __syncthreads();
  if (last && threadIdx.x == 0) { *arrived = 0; *slot = b.w[(N / 8) - 1] + 1; }
}
__global__ void kp(const Arg<1440>* b, unsigned long long* arrived, volatile unsigned long long* slot) {
  __shared__ bool last;
  const unsigned long long v = b->w[threadIdx.x % 180];
  __syncthreads();
  if (threadIdx.x == 0) { __threadfence(); last = atomicAdd(arrived, 1ull) == gridDim.x - 1; }
  __syncthreads();
  if (last && threadIdx.x == 0) { *arrived = 0; *slot = v + 1; }
}
using clk = std::chrono::steady_clock;
cudaStream_t s; unsigned long long *arrived, *slot;
template <class L> void trip(const char* name, L launch) {
  std::vector<double> rt, host;
  for (int i = 0; i < 3000; ++i) {
    *static_cast<volatile unsigned long long*>(slot) = 0;
    auto t0 = clk::now();
    launch();
    auto t1 = clk::now();
    while (*static_cast<volatile unsigned long long*>(slot) == 0) {}
    if (i >= 1000) {
      rt.push_back(std::chrono::duration<double, std::micro>(clk::now() - t0).count());
      host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
  }
  cudaStreamSynchronize(s);
  std::sort(rt.begin(), rt.end()); std::sort(host.begin(), host.end());
  std::printf("%-16s launch call median %.2f us   round trip median %.2f p10 %.2f p90 %.2f us\n", name, host[1000], rt[1000], rt[200], rt[1800]);
}
template <int N> void sized(int rep) {
  Arg<N> b{}; for (int i = 0; i < N / 8; ++i) b.w[i] = i;
  char name[32]; std::snprintf(name, sizeof name, "r%d arg %d", rep, N);
  trip(name, [&] { k<N><<<24, 256, 0, s>>>(b, arrived, slot); });
}
int main() {
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMalloc(&arrived, 8); cudaMemset(arrived, 0, 8);
  cudaHostAlloc(&slot, 64, cudaHostAllocMapped);
  Arg<1440>* pb; cudaMalloc(&pb, sizeof(Arg<1440>)); cudaMemset(pb, 0, sizeof(Arg<1440>));
  cudaDeviceSynchronize();
  for (int rep = 0; rep < 3; ++rep) {
    sized<8>(rep); sized<256>(rep); sized<512>(rep); sized<1024>(rep); sized<1440>(rep); sized<2048>(rep); sized<4096>(rep);
    char name[32]; std::snprintf(name, sizeof name, "r%d ptr to 1440", rep);
    trip(name, [&] { kp<<<24, 256, 0, s>>>(pb, arrived, slot); });
  }
  std::printf("error: %s\n", cudaGetErrorString(cudaGetLastError()));
}
