import sys, subprocess, collections, re
lines=[l.split() for l in open(sys.argv[1]) if l.startswith('S ')]
exe=sys.argv[2]
offs=set()
for l in lines:
    for f in l[2:]:
        if 'host_calls' in f and '+' in f: offs.add(hex(int(f.split('+')[1],16)))
offs=sorted(offs)
out=subprocess.run(['addr2line','-f','-C','-e',exe]+offs,capture_output=True,text=True).stdout.split('\n')
sym={o:out[2*i] for i,o in enumerate(offs)}
def name(f):
    if 'host_calls' in f and '+' in f: return sym[hex(int(f.split('+')[1],16))][:110]
    return f.split('/')[-1].split('+')[0]
for ph in sys.argv[3:]:
    sel=[l for l in lines if l[1]==ph]
    print('phase',ph,'samples',len(sel))
    self_c=collections.Counter(); incl=collections.Counter()
    for l in sel:
        fr=[name(f) for f in l[2:]]
        # skip signal frames: first 2 are on_tick / libc
        fr=fr[2:]
        self_c[fr[0] if fr else '?']+=1
        for s in set(fr[:12]): incl[s]+=1
    print(' self:'); [print('  %5d %s'%(c,s)) for s,c in self_c.most_common(15)]
    print(' incl:'); [print('  %5d %s'%(c,s)) for s,c in incl.most_common(40)]
