import sys, subprocess, collections
path=sys.argv[1]
stacks=[l.split() for l in open(path)]
addrs=set()
for st in stacks:
    for fr in st:
        a,lib,sym=fr.split(':',2)
        if lib=='self': addrs.add(a)
addrs=sorted(addrs)
names={}
if addrs:
    out=subprocess.run(['addr2line','-f','-C','-e','/work/main/.gpu-probe/host_profile']+addrs,capture_output=True,text=True).stdout.split('\n')
    for i,a in enumerate(addrs): names[a]=out[2*i]
def name(fr):
    a,lib,sym=fr.split(':',2)
    if lib=='self': 
        n=names.get(a,'?')
        return n[:110]
    return lib+':'+sym
incl=collections.Counter(); leaf=collections.Counter()
for st in stacks:
    seen=set()
    for k,fr in enumerate(st[1:]):  # skip signal frame
        n=name(fr)
        if k==0 or (k==1 and 'libc' in n): pass
        if n not in seen: incl[n]+=1; seen.add(n)
    # leaf: first frame after signal trampoline frames
    fr=[name(f) for f in st]
    # find first non-handler frame
    j=0
    while j<len(fr) and ('on_prof' in fr[j] or '__restore_rt' in fr[j] or 'libc.so.6:-' in fr[j] and j<2): j+=1
    leaf[fr[j] if j<len(fr) else '?']+=1
N=len(stacks)
print(path, N, 'samples')
print('-- leaf (by library / function)')
for n,c in leaf.most_common(12): print(f'{c:4d} {100*c/N:5.1f}%  {n}')
print('-- inclusive')
for n,c in incl.most_common(45): print(f'{c:4d} {100*c/N:5.1f}%  {n}')
