import cupy as cp,numpy as np
src=r'''typedef unsigned long long U;
__device__ U sm(U x){x+=0x9e3779b97f4a7c15ull;x=(x^(x>>30))*0xbf58476d1ce4e5b9ull;x=(x^(x>>27))*0x94d049bb133111ebull;return x^(x>>31);}
__device__ U dr(U e){return sm(sm(1ull^0xd1b54a32d192ed03ull)^e);}
extern "C" __global__ void gen(U*o,U m,U a,U ab,U abc){U e=blockIdx.x*(U)blockDim.x+threadIdx.x;if(e>=m)return;U u=0,v=0,b=0;
for(int l=0;l<22;l++){if(!(l&1))b=dr(e*16+(l>>1));U x=(l&1)?(b>>32):(b&0xffffffffull);u=u<<1|(x>=ab);v=v<<1|((x>=a&&x<ab)||x>=abc);}
o[2*e]=u<<32|v;o[2*e+1]=v<<32|u;}
extern "C" __global__ void scan(const uint4*c,U q,const unsigned*bm,int bits,unsigned*h){unsigned k=0;
for(U i=blockIdx.x*(U)blockDim.x+threadIdx.x;i<q;i+=(U)gridDim.x*blockDim.x){uint4 x=c[i];
if(bits==1){k|=bm[x.x>>5]>>(x.x&31)&1;k|=bm[x.y>>5]>>(x.y&31)&1;k|=bm[x.z>>5]>>(x.z&31)&1;k|=bm[x.w>>5]>>(x.w&31)&1;}
else if(bits==0){const unsigned char*p=(const unsigned char*)bm;k|=p[x.x]|p[x.y]|p[x.z]|p[x.w];}else k|=x.x^x.y^x.z^x.w;}
if(k==12345)atomicAdd(h,1u);}'''
R=cp.RawModule(code=src);G=R.get_function('gen');S=R.get_function('scan')
n=1<<22;m=16*n;t=lambda f:int(f*2**32)
o=cp.empty(2*m,cp.uint64);G(((m+255)//256,),(256,),(o,cp.uint64(m),cp.uint64(t(.57)),cp.uint64(t(.57+.19)),cp.uint64(t(.57+.19+.19))))
o=cp.unique(o);u=(o>>32).astype(cp.uint32);v=(o&0xffffffff).astype(cp.uint32);k=u!=v;u=u[k];v=v[k];del o
d=cp.bincount(u,minlength=n);s=cp.sort(d)[::-1];K=int(s[(n+2)//3-1])
tl=cp.maximum(d-K,0);tl=tl[tl>0]
print('nnz',int(u.size),'nonempty',int((d>0).sum()),'max',int(d.max()),'K',K,'ell_fill',int(cp.minimum(d,K).sum()),'coo',int(tl.sum()),'coo_rows',int(tl.size))
print('bins',[int(((tl>lo)&(tl<=hi)).sum()) for lo,hi in((0,4),(4,8),(8,16),(16,1<<40))],'nlong',int(((tl[tl>16]+1023)//1024).sum()),'nsplit',int((tl>1024).sum()))
rk=cp.empty(n,cp.uint32);rk[cp.argsort(-d)]=cp.arange(n,dtype=cp.uint32)
e0,e1=cp.cuda.Event(),cp.cuda.Event()
def tm(f,r=20):
 f();ts=[]
 for _ in range(r):e0.record();f();e1.record();e1.synchronize();ts.append(cp.cuda.get_elapsed_time(e0,e1)*1e3)
 return round(float(np.median(ts)),1)
a=cp.empty(1<<30,cp.uint8);b=cp.empty_like(a);print('copy GB/s',round(2*a.size/tm(lambda:cp.copyto(b,a))/1e3));del a,b
h=cp.zeros(1,cp.uint32)
for name,c in(('grid',cp.arange(1<<24,dtype=cp.uint32)>>2),('rmat_deg',rk[v])):
 c=c[:c.size//4*4];q=c.size//4
 for bits in(2,1,0):
  bm=cp.zeros(n//32 if bits else n//4,cp.uint32);bm[1]=1
  print(name,['bytes','bits','none'][bits],q*16/1e6,'MB',tm(lambda:S((1056,),(256,),(c,cp.uint64(q),bm,cp.int32(bits),h))),'us')
