#include <cuda_runtime.h>

#include "while_graph.cuh"
#include <chrono>
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do{cudaError_t e=(x); if(e!=cudaSuccess){printf("%s:%d %s\n",__FILE__,__LINE__,cudaGetErrorString(e)); return 1;}}while(0)
__global__ void empty_k(int* p){ if(p && threadIdx.x==0 && blockIdx.x==0) atomicAdd(p,1); }
__global__ void cond_k(cudaGraphConditionalHandle h, int* p, int limit){ if(threadIdx.x==0&&blockIdx.x==0){ cudaGraphSetConditional(h, *p < limit ? 1 : 0);} }
using clk=std::chrono::steady_clock;
double us(clk::time_point a, clk::time_point b){return std::chrono::duration<double,std::micro>(b-a).count();}
int main(){
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int* d; CK(cudaMalloc(&d, 64));
  cudaMemPool_t pool; CK(cudaDeviceGetDefaultMemPool(&pool,0)); unsigned long long th=~0ull; CK(cudaMemPoolSetAttribute(pool,cudaMemPoolAttrReleaseThreshold,&th));
  for(int w=0;w<100;++w) empty_k<<<1,32,0,s>>>(d);
  CK(cudaStreamSynchronize(s));
  const int N=2000;
  auto t0=clk::now(); for(int i=0;i<N;++i) empty_k<<<1,32,0,s>>>(d); auto t1=clk::now(); CK(cudaStreamSynchronize(s)); auto t2=clk::now();
  printf("launch: host %.2f us/launch, incl drain %.2f us/launch\n", us(t0,t1)/N, us(t0,t2)/N);
  t0=clk::now(); for(int i=0;i<N;++i) empty_k<<<1024,256,0,s>>>(d); t1=clk::now(); CK(cudaStreamSynchronize(s)); t2=clk::now();
  printf("launch 1024x256: host %.2f us/launch, incl drain %.2f us/launch\n", us(t0,t1)/N, us(t0,t2)/N);
  std::vector<double> v;
  for(int i=0;i<N;++i){ auto a=clk::now(); empty_k<<<1,32,0,s>>>(d); cudaStreamSynchronize(s); v.push_back(us(a,clk::now())); }
  std::sort(v.begin(),v.end()); printf("launch+sync median %.2f us\n", v[N/2]); v.clear();
  int h=0;
  for(int i=0;i<N;++i){ auto a=clk::now(); empty_k<<<1,32,0,s>>>(d); cudaMemcpyAsync(&h,d,4,cudaMemcpyDeviceToHost,s); cudaStreamSynchronize(s); v.push_back(us(a,clk::now())); }
  std::sort(v.begin(),v.end()); printf("launch+D2H 4B pageable+sync median %.2f us\n", v[N/2]); v.clear();
  int* ph; CK(cudaMallocHost(&ph,64));
  for(int i=0;i<N;++i){ auto a=clk::now(); empty_k<<<1,32,0,s>>>(d); cudaMemcpyAsync(ph,d,4,cudaMemcpyDeviceToHost,s); cudaStreamSynchronize(s); v.push_back(us(a,clk::now())); }
  std::sort(v.begin(),v.end()); printf("launch+D2H 4B pinned+sync median %.2f us\n", v[N/2]); v.clear();
  for (size_t bytes : {size_t(64), size_t(1<<20), size_t(32<<20)}) {
    void* p; cudaMallocAsync(&p, bytes, s); cudaFreeAsync(p, s); cudaStreamSynchronize(s);
    t0=clk::now(); for(int i=0;i<N;++i){ cudaMallocAsync(&p, bytes, s); cudaFreeAsync(p, s);} t1=clk::now(); CK(cudaStreamSynchronize(s));
    printf("mallocAsync+freeAsync %zu B: %.2f us/pair\n", bytes, us(t0,t1)/N);
  }
  { void* ps[7]; t0=clk::now(); for(int i=0;i<N;++i){ for(int k=0;k<7;++k) cudaMallocAsync(&ps[k], 4096<<k, s); empty_k<<<1,32,0,s>>>(d); for(int k=0;k<7;++k) cudaFreeAsync(ps[k], s);} t1=clk::now(); CK(cudaStreamSynchronize(s)); t2=clk::now();
    printf("7 allocs+launch+7 frees: host %.2f us, incl drain %.2f\n", us(t0,t1)/N, us(t0,t2)/N); }
  t0=clk::now(); for(int i=0;i<N;++i) cudaMemsetAsync(d,0,8,s); t1=clk::now(); CK(cudaStreamSynchronize(s)); t2=clk::now();
  printf("memsetAsync 8B: host %.2f, incl drain %.2f us\n", us(t0,t1)/N, us(t0,t2)/N);
  // graph of 6 kernels
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)); for(int k=0;k<6;++k) empty_k<<<1,32,0,s>>>(d); CK(cudaStreamEndCapture(s,&g));
  CK(cudaGraphInstantiate(&ge,g,0)); CK(cudaGraphLaunch(ge,s)); CK(cudaStreamSynchronize(s));
  t0=clk::now(); for(int i=0;i<N;++i) cudaGraphLaunch(ge,s); t1=clk::now(); CK(cudaStreamSynchronize(s)); t2=clk::now();
  printf("graph of 6 kernels: host %.2f us/launch, incl drain %.2f us/graph\n", us(t0,t1)/N, us(t0,t2)/N);
  // conditional WHILE: a body of 1, 6 or 12 kernels and the condition kernel
  for (int body : {1, 6, 12}) {
    const int iters = 10000;
    cudaGraph_t wg; cudaGraphConditionalHandle hd;
    CK(begin_while_body(s, &wg, &hd));
    for (int k = 0; k < body; ++k) empty_k<<<1,32,0,s>>>(d);
    cond_k<<<1,1,0,s>>>(hd, d, body * iters);  // each iteration adds `body` to the counter
    cudaGraph_t bodyg; CK(cudaStreamEndCapture(s, &bodyg));
    cudaGraphExec_t we; CK(cudaGraphInstantiate(&we, wg, 0));
    CK(cudaMemsetAsync(d, 0, 4, s)); CK(cudaStreamSynchronize(s));
    t0=clk::now(); CK(cudaGraphLaunch(we,s)); CK(cudaStreamSynchronize(s)); t1=clk::now();
    CK(cudaMemcpy(&h,d,4,cudaMemcpyDeviceToHost));
    printf("while loop body %d kernels + cond: %d iterations (counter %d) %.2f us/iteration\n", body, iters, h, us(t0,t1)/iters);
    CK(cudaGraphExecDestroy(we)); CK(cudaGraphDestroy(wg));
  }
  return 0;
}
