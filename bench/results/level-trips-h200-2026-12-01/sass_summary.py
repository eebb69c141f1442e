"""Per-instruction view of an Nsight Compute source page (ncu -i R --page source --csv --print-source sass):
   python3 sass_summary.py sass.csv[.xz] [MIN_SAMPLES]
prints the totals (stall samples, warp instructions executed), then each executed instruction:
its index, warp stall samples, times executed (by warps), average active threads, and the SASS;
then the instructions with at least MIN_SAMPLES samples (default 25). The page lists the kernel's
code twice (the kernel and its noinline callee's module copy): the first copy is taken."""
import csv, io, lzma, sys

def num(x):
    try:
        return int(x.replace(',', ''))
    except ValueError:
        return 0

path = sys.argv[1]
text = lzma.open(path, 'rt').read() if path.endswith('.xz') else open(path).read()
rows = list(csv.reader(io.StringIO(text)))
hdr = rows[1]
data = [r for r in rows[2:] if len(r) >= len(hdr) - 2]
addr = [r[0] for r in data]
if len(addr) > 1 and addr[0] in addr[1:]:
    data = data[:addr.index(addr[0], 1)]
iS, iE, iT = hdr.index('Warp Stall Sampling (All Samples)'), hdr.index('Instructions Executed'), hdr.index('Thread Instructions Executed')
print('samples', sum(num(r[iS]) for r in data), 'executed', sum(num(r[iE]) for r in data), 'instructions', len(data))
lines = []
for k, r in enumerate(data):
    e, s = num(r[iE]), num(r[iS])
    if e or s:
        lines.append((k, s, e, f"{k:5d} {s:5d} {e:6d} {num(r[iT]) / max(e, 1):5.1f}  {r[1].strip()[:100]}"))
for l in lines:
    print(l[3])
least = int(sys.argv[2]) if len(sys.argv) > 2 else 25
print(f'--- at least {least} samples')
for l in lines:
    if l[1] >= least:
        print(l[3])
