// Probe: what reading one device-computed count back to the host costs, by ways of doing it.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s: %s\n", #x, cudaGetErrorString(e)); std::exit(1); } } while (0)
__global__ void produce(unsigned long long* word, unsigned long long v) { if (threadIdx.x == 0) *word = v; }
__global__ void produce_to_host(unsigned long long* word, volatile unsigned long long* host, unsigned long long v) {
  if (threadIdx.x == 0) { *word = v; *host = v; __threadfence_system(); }
}
using clk = std::chrono::steady_clock;
template <class F> void measure(const char* name, F f) {
  for (int i = 0; i < 200; ++i) f(i);
  std::vector<double> t;
  for (int i = 0; i < 3000; ++i) { auto a = clk::now(); f(i + 1000); t.push_back(std::chrono::duration<double, std::micro>(clk::now() - a).count()); }
  std::sort(t.begin(), t.end());
  std::printf("%-58s median %6.2f us  p10 %6.2f  p90 %6.2f\n", name, t[t.size() / 2], t[t.size() / 10], t[t.size() * 9 / 10]);
}
int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamDefault));
  unsigned long long* d; CK(cudaMalloc(&d, 64));
  unsigned long long* pinned; CK(cudaMallocHost(&pinned, 64));
  unsigned long long* mapped; CK(cudaHostAlloc(&mapped, 64, cudaHostAllocMapped));
  unsigned long long* mapped_d; CK(cudaHostGetDevicePointer(&mapped_d, mapped, 0));
  volatile unsigned long long pageable = 0;
  measure("launch + stream sync", [&](int i) { produce<<<1, 32, 0, s>>>(d, i); CK(cudaStreamSynchronize(s)); });
  measure("launch + memcpyAsync to pageable + stream sync", [&](int i) {
    unsigned long long h; produce<<<1, 32, 0, s>>>(d, i); CK(cudaMemcpyAsync(&h, d, 8, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s));
    if (h != (unsigned long long)i) std::abort(); pageable = h; });
  measure("launch + memcpyAsync to pinned + stream sync", [&](int i) {
    produce<<<1, 32, 0, s>>>(d, i); CK(cudaMemcpyAsync(pinned, d, 8, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s));
    if (*pinned != (unsigned long long)i) std::abort(); });
  measure("launch writing mapped pinned + stream sync", [&](int i) {
    produce_to_host<<<1, 32, 0, s>>>(d, mapped_d, i); CK(cudaStreamSynchronize(s));
    if (*(volatile unsigned long long*)mapped != (unsigned long long)i) std::abort(); });
  measure("launch writing mapped pinned + host spin", [&](int i) {
    produce_to_host<<<1, 32, 0, s>>>(d, mapped_d, i);
    while (*(volatile unsigned long long*)mapped != (unsigned long long)i) {}
  });
  measure("memcpyAsync to pageable + stream sync (idle GPU)", [&](int) {
    unsigned long long h; CK(cudaMemcpyAsync(&h, d, 8, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s)); pageable = h; });
  measure("memcpyAsync to pinned + stream sync (idle GPU)", [&](int) {
    CK(cudaMemcpyAsync(pinned, d, 8, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s)); });
  measure("cudaMemcpy to pageable (idle GPU, legacy stream)", [&](int) {
    unsigned long long h; CK(cudaMemcpy(&h, d, 8, cudaMemcpyDeviceToHost)); pageable = h; });
  measure("stream sync alone (idle GPU)", [&](int) { CK(cudaStreamSynchronize(s)); });
  measure("launch alone (no wait)", [&](int i) { produce<<<1, 32, 0, s>>>(d, i); });
  CK(cudaStreamSynchronize(s));
  std::printf("done\n");
}
