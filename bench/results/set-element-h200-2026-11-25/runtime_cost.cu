// Host cost of the runtime calls a small GraphBLAS call makes: a capture query, cudaGetDevice,
// cudaGetLastError, a stream-ordered allocation and free of 256 bytes, a kernel launch (<<<1,256>>>,
// no wait), an async memset of 8 bytes; each timed over many calls on a blocking stream.
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
__global__ void empty_k(int* p) { if (p && threadIdx.x == 9999) *p = 1; }
template <class F>
double per_call(int n, F f, cudaStream_t s) {
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    CK(cudaStreamSynchronize(s));
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) f();
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / n;
    CK(cudaStreamSynchronize(s));
    best = us < best ? us : best;
  }
  return best;
}
int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamDefault));
  int* d; CK(cudaMalloc(&d, 256));
  CK(cudaFree(0));
  printf("cudaStreamIsCapturing      %6.3f us\n", per_call(100000, [&] { cudaStreamCaptureStatus st; cudaStreamIsCapturing(s, &st); }, s));
  printf("cudaStreamGetCaptureInfo   %6.3f us\n", per_call(100000, [&] { cudaStreamCaptureStatus st; unsigned long long id; cudaStreamGetCaptureInfo(s, &st, &id); }, s));
  printf("cudaGetDevice              %6.3f us\n", per_call(100000, [&] { int dev; cudaGetDevice(&dev); }, s));
  printf("cudaGetLastError           %6.3f us\n", per_call(100000, [&] { cudaGetLastError(); }, s));
  printf("cudaPeekAtLastError        %6.3f us\n", per_call(100000, [&] { cudaPeekAtLastError(); }, s));
  printf("cudaMallocAsync+FreeAsync  %6.3f us\n", per_call(20000, [&] { void* p; cudaMallocAsync(&p, 256, s); cudaFreeAsync(p, s); }, s));
  printf("launch <<<1,256>>>         %6.3f us (host, no wait; 5000 in a row)\n", per_call(5000, [&] { empty_k<<<1, 256, 0, s>>>(nullptr); }, s));
  printf("launch <<<1056,256>>>      %6.3f us\n", per_call(5000, [&] { empty_k<<<1056, 256, 0, s>>>(nullptr); }, s));
  printf("memsetAsync 8 B            %6.3f us\n", per_call(5000, [&] { cudaMemsetAsync(d, 0, 8, s); }, s));
  printf("launch + sync (round trip) %6.3f us\n", per_call(2000, [&] { empty_k<<<1, 256, 0, s>>>(nullptr); cudaStreamSynchronize(s); }, s));
  // launches with a short gap of host work between them
  cudaStream_t nb; CK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
  printf("launch <<<1,256>>> non-blocking stream %6.3f us\n", per_call(5000, [&] { empty_k<<<1, 256, 0, nb>>>(nullptr); }, nb));
  printf("launch <<<1,256>>> blocking stream     %6.3f us\n", per_call(5000, [&] { empty_k<<<1, 256, 0, s>>>(nullptr); }, s));
  printf("launch x100 then sync, non-blocking    %6.3f us\n", per_call(100, [&] { empty_k<<<1, 256, 0, nb>>>(nullptr); }, nb));
  printf("launch x100 then sync, blocking        %6.3f us\n", per_call(100, [&] { empty_k<<<1, 256, 0, s>>>(nullptr); }, s));
  printf("launch + sync, non-blocking            %6.3f us\n", per_call(2000, [&] { empty_k<<<1, 256, 0, nb>>>(nullptr); cudaStreamSynchronize(nb); }, nb));
  printf("launch + 20 queries        %6.3f us\n", per_call(5000, [&] { empty_k<<<1, 256, 0, s>>>(nullptr); for (int k = 0; k < 20; ++k) { cudaStreamCaptureStatus st; cudaStreamIsCapturing(s, &st); } }, s));
}
