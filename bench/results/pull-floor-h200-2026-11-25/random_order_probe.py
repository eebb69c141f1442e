import cupy as cp,numpy as np
src=r'''typedef unsigned long long U;typedef unsigned V;
__device__ U sm(U x){x+=0x9e3779b97f4a7c15ull;x=(x^(x>>30))*0xbf58476d1ce4e5b9ull;x=(x^(x>>27))*0x94d049bb133111ebull;return x^(x>>31);}
__device__ U dr(U e){return sm(sm(1ull^0xd1b54a32d192ed03ull)^e);}
extern "C" __global__ void gen(U*o,U m,U a,U ab,U abc){U e=blockIdx.x*(U)blockDim.x+threadIdx.x;if(e>=m)return;U u=0,v=0,b=0;
for(int l=0;l<22;l++){if(!(l&1))b=dr(e*16+(l>>1));U x=(l&1)?(b>>32):(b&0xffffffffull);u=u<<1|(x>=ab);v=v<<1|((x>=a&&x<ab)||x>=abc);}
o[2*e]=u<<32|v;o[2*e+1]=v<<32|u;}
__device__ int has(const V*b,V c,int y){return y?(b[c>>5]>>(c&31)&1):((const unsigned char*)b)[c];}
extern "C" __global__ void scan(const uint4*c,U q,const V*b,int y,V*h){int k=0;
for(U i=blockIdx.x*(U)blockDim.x+threadIdx.x;i<q;i+=(U)gridDim.x*blockDim.x){uint4 x=c[i];k|=has(b,x.x,y)|has(b,x.y,y)|has(b,x.z,y)|has(b,x.w,y);}
if(k)atomicAdd(h,1u);}
extern "C" __global__ void ell(const V*c,int n,const V*b,unsigned char*p,int m,V*h){int i=blockIdx.x*blockDim.x+threadIdx.x;if(i>=n)return;int t=0;
if(m==0){for(int k=0;k<4;k++){V x=c[k*n+i];if(x==~0u)break;if(has(b,x,1)){t=1;break;}}}
else{V x[4];for(int k=0;k<4;k++)x[k]=c[k*n+i];for(int k=0;k<4;k++)t|=x[k]!=~0u&&has(b,x[k],1);}
p[i]=t;if(t)atomicAdd(h,1u);}'''
R=cp.RawModule(code=src);G=R.get_function('gen');S=R.get_function('scan');E=R.get_function('ell')
n=1<<22;m=16*n;t=lambda f:int(f*2**32)
o=cp.empty(2*m,cp.uint64);G(((m+255)//256,),(256,),(o,cp.uint64(m),cp.uint64(t(.57)),cp.uint64(t(.57+.19)),cp.uint64(t(.57+.19+.19))))
o=cp.unique(o);u=o>>32;v=(o&0xffffffff).astype(cp.uint32);v=v[u!=v];del o,u
e0,e1=cp.cuda.Event(),cp.cuda.Event()
def tm(f,r=20):
 f();ts=[]
 for _ in range(r):e0.record();f();e1.record();e1.synchronize();ts.append(cp.cuda.get_elapsed_time(e0,e1)*1e3)
 return round(float(np.median(ts)),1)
h=cp.zeros(1,cp.uint32);c=cp.random.permutation(n).astype(cp.uint32)[v];q=c.size//4
for y in(1,0):
 b=cp.zeros(n,cp.uint8);b[1]=1;print('rmat random-order',['bytes','bits'][y],tm(lambda:S((1056,),(256,),(c,cp.uint64(q),b,cp.int32(y),h))))
i=cp.arange(n,dtype=cp.int64);r,l=i//2048,i%2048
g=cp.stack([cp.where(r>0,i-2048,-1),cp.where(l>0,i-1,-1),cp.where(l<2047,i+1,-1),cp.where(r<2047,i+2048,-1)],1).astype(cp.uint32)
g=cp.ascontiguousarray(cp.sort(g,1).T);b=cp.zeros(n//8,cp.uint8);b[(n//2+1024)//8]=1;p=cp.empty(n,cp.uint8)
for mo in(0,1):print('grid ell',['loop','batched'][mo],tm(lambda:E((n//256,),(256,),(g,cp.int32(n),b,p,cp.int32(mo),h))))
