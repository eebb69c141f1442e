// What a launch from the host costs by the size of its argument, and a launch + a kernel that
// writes a mapped host slot + the host's spin on it (a host round's fixed cost), on this GPU.
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e)); std::exit(1); } } while (0)

template <int Bytes>
struct Blob { unsigned char b[Bytes]; };

template <int Bytes>
__global__ void empty_kernel(Blob<Bytes> a, unsigned* out) {
  if (out && threadIdx.x == 0 && blockIdx.x == 0) *out = a.b[Bytes - 1];
}

template <int Bytes>
__global__ void report_kernel(Blob<Bytes> a, volatile unsigned* slot, unsigned value) {
  __shared__ unsigned x;
  if (threadIdx.x == 0) x = a.b[Bytes - 1];
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1) { __threadfence_system(); *slot = value + (x & 0u); }
}

using clk = std::chrono::steady_clock;
static double us(clk::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

template <int Bytes>
void launch_cost(cudaStream_t s, int blocks) {
  Blob<Bytes> a{};
  std::vector<double> per;
  for (int rep = 0; rep < 7; ++rep) {
    double host = 0;
    const int batches = 20, each = 200;
    for (int b = 0; b < batches; ++b) {
      auto t0 = clk::now();
      for (int i = 0; i < each; ++i) empty_kernel<Bytes><<<blocks, 256, 0, s>>>(a, nullptr);
      host += us(clk::now() - t0);
      CK(cudaStreamSynchronize(s));
    }
    per.push_back(host / (batches * each));
  }
  std::sort(per.begin(), per.end());
  std::printf("launch, %5d B argument, %4d blocks: host %.2f us a launch (median of 7; min %.2f)\n", Bytes, blocks, per[3], per[0]);
}

template <int Bytes>
void round_trip(cudaStream_t s, volatile unsigned* slot, int blocks) {
  Blob<Bytes> a{};
  std::vector<double> per;
  unsigned v = 1;
  for (int rep = 0; rep < 7; ++rep) {
    const int n = 2000;
    auto t0 = clk::now();
    for (int i = 0; i < n; ++i, ++v) {
      report_kernel<Bytes><<<blocks, 256, 0, s>>>(a, slot, v);
      while (*slot != v) {}
    }
    per.push_back(us(clk::now() - t0) / n);
    CK(cudaStreamSynchronize(s));
  }
  std::sort(per.begin(), per.end());
  std::printf("launch + kernel writes a mapped slot + host spins, %5d B, %4d blocks: %.2f us (median of 7; min %.2f)\n", Bytes, blocks, per[3], per[0]);
}

template <int Bytes>
void round_trip_sync(cudaStream_t s, int blocks) {
  Blob<Bytes> a{};
  std::vector<double> per;
  for (int rep = 0; rep < 7; ++rep) {
    const int n = 2000;
    auto t0 = clk::now();
    for (int i = 0; i < n; ++i) {
      empty_kernel<Bytes><<<blocks, 256, 0, s>>>(a, nullptr);
      CK(cudaStreamSynchronize(s));
    }
    per.push_back(us(clk::now() - t0) / n);
  }
  std::sort(per.begin(), per.end());
  std::printf("launch + cudaStreamSynchronize, %5d B, %4d blocks: %.2f us (median of 7; min %.2f)\n", Bytes, blocks, per[3], per[0]);
}

int main() {
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  unsigned* h; CK(cudaHostAlloc(&h, 64, cudaHostAllocMapped)); *h = 0;
  unsigned* d; CK(cudaHostGetDevicePointer(&d, h, 0));
  (void)d;
  for (int blocks : {1, 132, 1056}) {
    launch_cost<16>(s, blocks); launch_cost<256>(s, blocks); launch_cost<1024>(s, blocks); launch_cost<1536>(s, blocks); launch_cost<4096>(s, blocks);
  }
  for (int blocks : {1, 132, 1056}) {
    round_trip<16>(s, h, blocks); round_trip<1024>(s, h, blocks); round_trip<1536>(s, h, blocks);
    round_trip_sync<16>(s, blocks); round_trip_sync<1536>(s, blocks);
  }
  return 0;
}
