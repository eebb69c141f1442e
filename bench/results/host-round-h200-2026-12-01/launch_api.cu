// Probe: host cost of a launch by the runtime's <<<>>>, cudaLaunchKernel, cudaLaunchKernelExC and
// the driver's cuLaunchKernel (CUfunction from cudaGetFuncBySymbol), for a kernel with a 1.4 KB
// argument on 24 blocks of 256; and a round trip: the launch, the last block writing a mapped
// word, the host spinning on it.
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
struct Big { unsigned long long w[180]; };  // 1,440 bytes
__global__ void k(Big b, unsigned long long* arrived, volatile unsigned long long* slot) {
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) { __threadfence(); last = atomicAdd(arrived, 1ull) == gridDim.x - 1; }
  __syncthreads();
  if (last && threadIdx.x == 0) { *arrived = 0; if (slot) *slot = b.w[threadIdx.x % 180] + 1; }
}
using clk = std::chrono::steady_clock;
int main() {
  cudaStream_t s; cudaStreamCreate(&s);
  unsigned long long* arrived; cudaMalloc(&arrived, 8); cudaMemset(arrived, 0, 8);
  unsigned long long* slot; cudaHostAlloc(&slot, 64, cudaHostAllocMapped);
  Big b{}; for (int i = 0; i < 180; ++i) b.w[i] = i;
  CUfunction f; cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t*>(&f), (const void*)k);
  unsigned long long* nul = nullptr;
  void* args[] = {&b, &arrived, &nul};
  void* args_slot[] = {&b, &arrived, &slot};
  cudaLaunchConfig_t cfg{}; cfg.gridDim = dim3(24); cfg.blockDim = dim3(256); cfg.stream = s;
  const char* names[] = {"<<<>>>", "cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel"};
  auto launch = [&](int m, void** a) {
    switch (m) {
      case 0: k<<<24, 256, 0, s>>>(b, arrived, static_cast<unsigned long long*>(*static_cast<unsigned long long**>(a[2]))); break;
      case 1: cudaLaunchKernel((const void*)k, dim3(24), dim3(256), a, 0, s); break;
      case 2: cudaLaunchKernelExC(&cfg, (const void*)k, a); break;
      case 3: cuLaunchKernel(f, 24, 1, 1, 256, 1, 1, 0, s, a, nullptr); break;
    }
  };
  for (int rep = 0; rep < 3; ++rep)
    for (int m = 0; m < 4; ++m) {
      std::vector<double> per;
      for (int batch = 0; batch < 20; ++batch) {
        cudaStreamSynchronize(s);
        auto t0 = clk::now();
        for (int i = 0; i < 100; ++i) launch(m, args);
        per.push_back(std::chrono::duration<double, std::micro>(clk::now() - t0).count() / 100);
      }
      cudaStreamSynchronize(s);
      std::sort(per.begin(), per.end());
      std::vector<double> rt;
      for (int i = 0; i < 2000; ++i) {
        *static_cast<volatile unsigned long long*>(slot) = 0;
        auto t0 = clk::now();
        launch(m, args_slot);
        while (*static_cast<volatile unsigned long long*>(slot) == 0) {}
        rt.push_back(std::chrono::duration<double, std::micro>(clk::now() - t0).count());
      }
      cudaStreamSynchronize(s);
      std::sort(rt.begin(), rt.end());
      std::printf("rep %d %-20s launch %.2f us (median of 20 x 100)  round trip median %.2f p10 %.2f p90 %.2f us\n", rep, names[m], per[10], rt[1000], rt[200], rt[1800]);
    }
  std::printf("error: %s\n", cudaGetErrorString(cudaGetLastError()));
}
