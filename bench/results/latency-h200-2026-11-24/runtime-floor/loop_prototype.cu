// Prototype of a device loop: a conditional WHILE node whose body is captured from library-style
// calls (our kernels, a Thrust scan with temporaries from a pre-allocated arena), the condition a
// kernel reading a device count. Also: what capture does with a stream-ordered allocation and a
// host wait inside the body.
#include <cuda_runtime.h>

#include "while_graph.cuh"
#include <thrust/execution_policy.h>
#include <thrust/scan.h>
#include <chrono>
#include <cstdio>
#include <vector>
#define CK(x) do{cudaError_t e=(x); if(e!=cudaSuccess){printf("%s:%d %s: %s\n",__FILE__,__LINE__,#x,cudaGetErrorString(e)); return 1;}}while(0)
struct Arena { char* base=nullptr; size_t used=0, cap=0; };
static Arena arena;

struct arena_alloc { using value_type=char; char* allocate(std::ptrdiff_t n){ size_t a=(arena.used+255)&~size_t(255); arena.used=a+n; if(arena.used>arena.cap){printf("arena full\n"); abort();} return arena.base+a; } void deallocate(char*, size_t){} };
__global__ void fill(int* a, int n, const unsigned long long* count){ int i=blockIdx.x*blockDim.x+threadIdx.x; if(i<n) a[i]= (i < (int)*count) ? 1 : 0; }
__global__ void step(unsigned long long* count, const int* scanned, int n, int* iters, int* bad, int check){ if(threadIdx.x==0&&blockIdx.x==0){ unsigned long long c=*count; int tot=scanned[n-1]; if (check && (unsigned long long)tot != (c < (unsigned long long)n ? c : (unsigned long long)n)) ++*bad; *count = c - 1; ++*iters; } }
__global__ void cond(cudaGraphConditionalHandle h, const unsigned long long* count){ cudaGraphSetConditional(h, *count > 0); }
int main(){
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  arena.cap = 64<<20; CK(cudaMalloc(&arena.base, arena.cap));
  const int n = 1<<16;
  int *a, *b, *iters, *bad; unsigned long long* count;
  CK(cudaMalloc(&a, n*4)); CK(cudaMalloc(&b, n*4)); CK(cudaMalloc(&iters, 4)); CK(cudaMalloc(&bad, 4)); CK(cudaMalloc(&count, 8));
  for (int body_scan : {0, 1}) {
    cudaGraph_t g; cudaGraphConditionalHandle h;
    CK(begin_while_body(s, &g, &h));
    fill<<<(n+255)/256,256,0,s>>>(a, n, count);
    if (body_scan) thrust::inclusive_scan(thrust::cuda::par_nosync(arena_alloc{}).on(s), a, a+n, b);
    else cudaMemcpyAsync(b, a, n*4, cudaMemcpyDeviceToDevice, s);
    step<<<1,32,0,s>>>(count, b, n, iters, bad, body_scan);
    cond<<<1,1,0,s>>>(h, count);
    cudaGraph_t out; cudaError_t e = cudaStreamEndCapture(s, &out);
    printf("body %s: capture end %s, arena used %zu bytes\n", body_scan ? "with a thrust scan" : "with a copy", cudaGetErrorString(e), arena.used);
    cudaGraphExec_t ge; CK(cudaGraphInstantiate(&ge, g, 0));
    const unsigned long long start = 5000; CK(cudaMemcpy(count, &start, 8, cudaMemcpyHostToDevice)); CK(cudaMemset(iters, 0, 4)); CK(cudaMemset(bad, 0, 4));
    auto t0 = std::chrono::steady_clock::now(); CK(cudaGraphLaunch(ge, s)); CK(cudaStreamSynchronize(s));
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    int it = 0, nbad = -1; unsigned long long c = 1; CK(cudaMemcpy(&it, iters, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&c, count, 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&nbad, bad, 4, cudaMemcpyDeviceToHost));
    printf("  %d iterations (count now %llu, %d wrong scans) in %.1f us: %.2f us an iteration\n", it, c, nbad, us, us / it); fflush(stdout);
    CK(cudaGraphExecDestroy(ge)); CK(cudaGraphDestroy(g));
  }
  // What capture does with an allocation and a host wait in a conditional body.
  for (int what : {0, 1, 2}) {
    cudaGraph_t g; cudaGraphConditionalHandle h;
    CK(begin_while_body(s, &g, &h));
    cudaError_t e1 = cudaSuccess;
    if (what == 0) { void* q; e1 = cudaMallocAsync(&q, 1024, s); if (e1 == cudaSuccess) e1 = cudaFreeAsync(q, s); }
    if (what == 1) { e1 = cudaStreamSynchronize(s); }
    if (what == 2) { int x; e1 = cudaMemcpyAsync(&x, iters, 4, cudaMemcpyDeviceToHost, s); if (e1 == cudaSuccess) e1 = cudaStreamSynchronize(s); }
    cond<<<1,1,0,s>>>(h, count);
    cudaError_t e2 = cudaGetLastError();
    fprintf(stderr, "case %d: capture issued\n", what);
    cudaGraph_t out; cudaError_t e3 = cudaStreamEndCapture(s, &out);
    cudaGraphExec_t ge; cudaError_t e4 = cudaGraphInstantiate(&ge, g, 0);
    const char* names[] = {"mallocAsync+freeAsync", "streamSynchronize", "D2H copy + sync"};
    fflush(stdout); printf("%s in a body: call %s, launch after %s, end capture %s, instantiate %s\n", names[what], cudaGetErrorName(e1), cudaGetErrorName(e2), cudaGetErrorName(e3), cudaGetErrorName(e4));
    fflush(stdout);
    cudaGetLastError();
    if (e4 == cudaSuccess) cudaGraphExecDestroy(ge);
  }
  return 0;
}
