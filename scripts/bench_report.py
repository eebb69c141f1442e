#!/usr/bin/env python3
"""Makes the benchmark report from the raw results of scripts/bench.sh.

Reads RAW/machine.json, the Google Benchmark JSON files RAW/{spmv,primitives,sweep}[-N].json and the
peer step's RAW/peers[-N].json (scripts/bench_peers.sh: hpgraph beside GAPBS and SuiteSparse), and
writes OUT/NAME.json (machine and rows), OUT/NAME.csv (one row per measurement), OUT/NAME.md
(the tables) and, when matplotlib is there, OUT/NAME-{time,speedup,gteps}.png.

  scripts/bench_report.py RAW --out bench/results --name h200-2026-11-22
  scripts/bench_report.py --compare OLD.json NEW.json   how far two reports' times differ

Benchmarks are named <section>/<implementation>/<graph> (bench/bench_spmv.cpp,
bench_primitives.cpp, bench_scale.cpp); Google Benchmark appends the arguments, which are ignored.
"""
import argparse
import csv
import glob
import json
import math
import os
import sys

PRIMITIVES = ["bfs", "sssp", "pagerank", "tc"]


def load_runs(raw, step):
    """(section, implementation, graph) -> the benchmark's record, from RAW/<step>.json and its
    parts RAW/<step>-N.json (a later part replaces an earlier one's record of the same benchmark)."""
    runs, context = {}, {}
    for path in step_files(raw, step):
        doc = json.load(open(path))
        context.update(doc.get("context", {}))
        runs.update(records(doc))
    return runs, context


def step_files(raw, step):
    """RAW/<step>.json, then its parts RAW/<step>-N.json by N (part 10 after part 2)."""
    def part(path):
        digits = os.path.basename(path)[len(step) + 1:-len(".json")]
        return int(digits) if digits.isdigit() else 0
    paths = sorted(glob.glob(os.path.join(raw, step + "-*.json")), key=part)
    whole = os.path.join(raw, step + ".json")
    return ([whole] if os.path.exists(whole) else []) + paths


def load_peers(raw):
    """(graph, primitive) -> the peer step's record, from RAW/peers.json and its parts."""
    found = {}
    for path in step_files(raw, "peers"):
        for r in json.load(open(path)).get("peers", []):
            found[(r["graph"], r["primitive"])] = r
    return found


def pass_ms(r, copy_bw):
    """One read of the graph's CSR as hpgraph holds it, at the measured copy bandwidth: a 4-byte
    column index a stored entry (and SSSP's 8-byte integer weight), a row offset a vertex (4 bytes
    below 2^31 entries, else 8); PageRank's once per iteration. A yardstick of what the memory
    system allows, not a bound: a direction-optimizing BFS need not read every entry, and a
    Bellman-Ford SSSP reads some many times. None for TC and without a bandwidth."""
    if not copy_bw or r["primitive"] == "tc" or not r.get("nvals"):
        return None
    per_entry = 4 + 8 if r["primitive"] == "sssp" else 4
    per_vertex = 4 if r["nvals"] < 2**31 else 8
    sweeps = r.get("iterations", 1) if r["primitive"] == "pagerank" else 1
    return sweeps * (per_entry * r["nvals"] + per_vertex * r["n"]) / (copy_bw * 1e9) * 1e3


def records(doc):
    runs = {}
    for b in doc.get("benchmarks", []):
        if b.get("run_type") == "aggregate":
            continue
        parts = b["name"].split("/")
        if len(parts) < 3:
            continue
        runs[(parts[0], parts[1], parts[2])] = b
    return runs


def ms(b):
    if b is None or b.get("error_occurred"):
        return None
    return b.get("ms", b.get("real_time"))


def graph_order(g):
    """RMAT by scale, then GAP's kron, urand, grid, then files."""
    fam, _, rest = g.partition("-")
    rank = {"rmat": 0, "kron": 1, "urand": 2, "grid": 3}.get(fam, 4)
    num = int(rest.split("-")[0]) if rest.split("-")[0].isdigit() else 0
    return (rank, num, g)


def ratio(a, b):
    return a / b if a and b else None


def build_rows(raw):
    machine = json.load(open(os.path.join(raw, "machine.json"))) if os.path.exists(os.path.join(raw, "machine.json")) else {}
    spmv, spmv_ctx = load_runs(raw, "spmv")
    prim, prim_ctx = load_runs(raw, "primitives")
    sweep, _ = load_runs(raw, "sweep")
    copy_bw = float(spmv_ctx["copy_bandwidth_GBps"]) if "copy_bandwidth_GBps" in spmv_ctx else None
    machine["copy_bandwidth_GBps"] = copy_bw
    machine["suitesparse_threads"] = prim_ctx.get("suitesparse_threads")
    # bench_primitives names how time_ms sums hpg's iterations (bench_scale's too: the same
    # function); runs from before it named it took the mean.
    machine["hpg_primitive_time"] = "median" if prim_ctx.get("hpg_time") == "median" else "mean"
    machine["host_cpus_seen_by_benchmark"] = (spmv_ctx or prim_ctx).get("num_cpus")

    rows = {"spmv": [], "primitives": [], "sweep": [], "peers": []}
    for g in sorted({k[2] for k in spmv}, key=graph_order):
        get = lambda impl: spmv.get(("spmv", impl, g))
        cus, mxv, kern = get("cusparse"), get("mxv"), get("kernel")
        rows["spmv"].append({
            "graph": g,
            "entries": int(kern["nvals"]) if kern and "nvals" in kern else None,
            "cusparse_ms": ms(cus), "cusparse_GBps": cus.get("GB/s") if cus else None,
            "mxv_ms": ms(mxv), "mxv_user_order_ms": ms(get("mxv_user_order")),
            "columns_by_degree": bool(mxv and "columns by degree" in mxv.get("label", "")),
            "kernel_ms": ms(kern), "kernel_GBps": kern.get("GB/s") if kern else None,
            "kernel_of_copy_bw": kern.get("of_copy_bw") if kern else None,
            "floor_ms": ms(get("floor")), "floor_by_degree_ms": ms(get("floor_by_degree")),
            "mxv_over_cusparse": ratio(ms(mxv), ms(cus)),
            "floor_over_kernel": ratio(ms(get("floor")), ms(kern)),
            "error": next((b["error_message"] for b in (cus, mxv, kern) if b and b.get("error_occurred")), None),
        })
    for g in sorted({k[2] for k in prim}, key=graph_order):
        for p in PRIMITIVES:
            h, s = prim.get((p, "hpg", g)), prim.get((p, "suitesparse", g))
            if h is None and s is None:
                continue
            hm, sm = ms(h), ms(s)
            levels = h.get("levels") if h else None
            rows["primitives"].append({
                "graph": g, "primitive": p, "hpg_ms": hm,
                "GTEPS": h.get("GTEPS") if h and p in ("bfs", "sssp") and not h.get("error_occurred") else None,
                "us_per_level": hm * 1e3 / levels if hm and levels else None,
                "suitesparse_ms": sm, "speedup": ratio(sm, hm),
                "answers_agree": (s.get("answers_agree") == 1) if s and not s.get("error_occurred") else None,
                "check": s.get("label", "").partition(": ")[2] if s else "",
                "error": (h or {}).get("error_message") or (s or {}).get("error_message"),
            })
    for g in sorted({k[2] for k in sweep}, key=graph_order):
        b, p = sweep.get(("sweep", "bfs", g)), sweep.get(("sweep", "pagerank", g))
        err = (b or {}).get("error_message") or (p or {}).get("error_message")
        rows["sweep"].append({
            "graph": g, "scale": graph_order(g)[1],
            "undirected_edges": (b or p or {}).get("undirected_edges"),
            "bfs_ms": ms(b), "bfs_GTEPS": b.get("GTEPS") if b and not b.get("error_occurred") else None,
            "pagerank_ms": ms(p), "pagerank_iterations": int(p["iterations"]) if p and "iterations" in p else None,
            "resident_B_per_entry": p.get("resident_B_per_entry") if p else None,
            "peak_B_per_entry": p.get("peak_B_per_entry") if p else None,
            "error": err,
        })
    peers = load_peers(raw)
    for g in sorted({k[0] for k in peers}, key=graph_order):
        for p in PRIMITIVES:
            r = peers.get((g, p))
            if r is None:
                continue
            hm, floor = r.get("hpg_ms"), pass_ms(r, copy_bw)
            edges, error = r.get("edges"), r.get("error") or ""
            # Medians on both sides: each's first run (a warm-up) is in its runs.
            gap = r.get("gapbs_median_ms", r.get("gapbs_ms"))
            rows["peers"].append({
                "graph": g, "primitive": p, "source": r.get("source"), "hpg_ms": hm,
                "GTEPS": edges / 2 / (hm * 1e6) if edges and hm and p in ("bfs", "sssp") else None,
                "gapbs_ms": gap, "gapbs_mean_ms": r.get("gapbs_ms"), "gapbs_sssp_delta": r.get("gapbs_sssp_delta"),
                "over_gapbs": None if "gapbs" in error else ratio(gap, hm),
                "suitesparse_ms": r.get("suitesparse_ms"), "over_suitesparse": ratio(r.get("suitesparse_ms"), hm),
                "pass_ms": floor, "of_pass": ratio(floor, hm),
                "check": r.get("check"), "error": error or None,
            })
    return machine, rows


def cell(text):
    """Text for a Markdown table cell (a '|' would end the cell)."""
    return str(text).replace("|", "\\|")


def f(x, digits=3):
    if x is None:
        return "–"
    if isinstance(x, bool):
        return "yes" if x else "NO"
    if isinstance(x, float):
        if x != 0 and abs(x) >= 1000:
            return f"{x:,.0f}"
        return f"{x:.{digits}f}"
    return str(x)


def percent(x):
    return "–" if x is None else f"{100 * x:.0f}%"


def x_ratio(x):
    return "–" if x is None else f"{x:.2f}×"


def table(title, intro, columns, lines):
    """A report section: heading, intro, and a table whose first column (the graph) is left-aligned
    and the rest right-aligned unless the column name ends in '<' (left)."""
    align = ["---"] + ["---" if c.endswith("<") else "---:" for c in columns[1:]]
    names = [c.rstrip("<") for c in columns]
    return [f"## {title}", "", intro, "", "| " + " | ".join(names) + " |", "|" + "|".join(align) + "|", *lines]


def markdown(machine, rows, name):
    m = machine
    out = [f"# HPGraph benchmarks: {name}", ""]
    out.append(f"- GPU: {m.get('gpu', '?')}, driver {m.get('driver', '?')}, {m.get('gpu_memory_MiB', '?')} MiB; CUDA {m.get('cuda', '?')}")
    bw = m.get("copy_bandwidth_GBps")
    out.append(f"- measured device-to-device copy bandwidth: {bw:.0f} GB/s (bytes read + written)" if bw else "- copy bandwidth: not measured")
    threads = f"; SuiteSparse:GraphBLAS threads: {m['suitesparse_threads']}" if m.get("suitesparse_threads") else ""
    out.append(f"- CPU: {m.get('cpu', '?')}, {m.get('cpu_cores', '?')} logical cores{threads}")
    out.append(f"- hpgraph commit {m.get('hpgraph_commit', '?')}, run {m.get('date', '?')}")
    if rows["spmv"] or rows["primitives"] or rows["sweep"]:
        out.append("- graphs: RMAT (Graph500 A=0.57 B=0.19 C=0.19, edge factor 16) and urand are symmetrized, self-loops dropped; "
                   "files are symmetrized the same way. SpMV times are means over the benchmark's iterations"
                   + (f"; hpg's primitive and sweep times are {m['hpg_primitive_time']}s over 3 iterations after a warm-up "
                      "(BFS/SSSP: an iteration runs 4 sources)." if rows["primitives"] or rows["sweep"] else "."))
    out.append("")
    if rows["spmv"]:
        out += table("SpMV (PageRank step: plus_times, float) beside cuSPARSE",
                     "`mxv` is the whole hpg::mxv call; `kernel` its HYB pull alone; GB/s counts the bytes the kernel must move "
                     "(a pattern matrix has no value array); `floor` is a kernel that only reads each column index and gathers x at it "
                     "(the gather traffic that bounds any SpMV of the matrix in that column order).",
                     ["graph", "entries", "cuSPARSE ms", "hpg::mxv ms", "mxv / cuSPARSE", "kernel ms", "kernel GB/s", "of copy BW",
                      "floor ms", "floor / kernel"],
                     [f"| {r['graph']} | {f(r['entries'])} | {f(r['cusparse_ms'])} | {f(r['mxv_ms'])}{' (d)' if r['columns_by_degree'] else ''} "
                      f"| {x_ratio(r['mxv_over_cusparse'])} | {f(r['kernel_ms'])} | {f(r['kernel_GBps'], 0)} "
                      f"| {percent(r['kernel_of_copy_bw'])} | {f(r['floor_ms'])} | {percent(r['floor_over_kernel'])} |" for r in rows["spmv"]])
        out += ["", "(d): the library numbered the HYB's columns by degree (big skewed graphs).", ""]
        failed = [f"- {r['graph']}: {r['error']}" for r in rows["spmv"] if r["error"]]
        if failed:
            out += ["Failed:", ""] + failed + [""]
    if rows["primitives"]:
        out += table("BFS, SSSP, PageRank, TC beside SuiteSparse:GraphBLAS",
                     "GTEPS counts undirected edges once. SSSP weights are integers 1..255; PageRank is LAGraph's variant to tol 1e-4. "
                     "`answers` is SuiteSparse's verdict on hpg's answer on that graph (levels, distances, ranks within 1e-4, count). "
                     "SuiteSparse ms is the median of up to 5 runs within 5 s (one run where one takes longer); hpg ms the " + m["hpg_primitive_time"] + " of 3 after a warm-up.",
                     ["graph", "primitive<", "hpg ms", "GTEPS", "µs/level", "SuiteSparse ms", "speedup", "answers<"],
                     [f"| {r['graph']} | {r['primitive']} | {f(r['hpg_ms'])} | {f(r['GTEPS'], 2)} | {f(r['us_per_level'], 1)} "
                      f"| {f(r['suitesparse_ms'])} | {x_ratio(r['speedup'])} | {cell(r['check'] or ('error: ' + r['error'] if r['error'] else '–'))} |"
                      for r in rows["primitives"]])
        out.append("")
    if rows["peers"]:
        out += table("Beside GAPBS and SuiteSparse: same graph file, same source, same run",
                     "hpgraph (the CLI) and GAPBS (the GAP benchmark suite on the host's cores) read the same graph file (GAP's own "
                     "kron and urand generators; the grid from hpgraph's), from the same source; each time is the median of that "
                     "side's runs, the first (a warm-up) among them. SuiteSparse ms is --check's one cold run of SuiteSparse:GraphBLAS "
                     "on the host (BFS without the transpose, so push only; PageRank in double): slower than the SuiteSparse of the "
                     "table above. GTEPS counts undirected edges once. `pass ms` is one read of the graph's CSR as hpgraph holds it "
                     "(a 4-byte column an entry, and SSSP's 8-byte weight; a 4-byte row offset a vertex; PageRank's once per "
                     "iteration) at the measured copy bandwidth: a yardstick of what the memory system allows, not a bound; "
                     "`of pass` = pass ms / hpg ms. SSSP weights 1..255, GAPBS's delta in brackets. PageRank to tol 1e-4: hpgraph's "
                     "gap variant (Jacobi), GAPBS's pr (Gauss-Seidel style): the same problem, not the same iteration.",
                     ["graph", "primitive<", "source", "hpg ms", "GTEPS", "GAPBS ms", "over GAPBS", "SuiteSparse ms", "over SuiteSparse",
                      "pass ms", "of pass", "check<"],
                     [f"| {r['graph']} | {r['primitive']} | {f(r['source'])} | {f(r['hpg_ms'])} | {f(r['GTEPS'], 2)} "
                      f"| {f(r['gapbs_ms'])}{' (' + str(r['gapbs_sssp_delta']) + ')' if r['gapbs_sssp_delta'] else ''} | {x_ratio(r['over_gapbs'])} "
                      f"| {f(r['suitesparse_ms'])} | {x_ratio(r['over_suitesparse'])} | {f(r['pass_ms'])} | {percent(r['of_pass'])} "
                      f"| {cell('; '.join(x for x in (r['check'], 'error: ' + r['error'] if r['error'] else None) if x) or '–')} |"
                      for r in rows["peers"]])
        out.append("")
    if rows["sweep"]:
        lines = []
        for r in rows["sweep"]:
            if r["error"] and r["bfs_ms"] is None:
                lines.append(f"| {r['graph']} | {f(r['undirected_edges'])} | {cell(r['error'])} |||||| ")
                continue
            lines.append(f"| {r['graph']} | {f(r['undirected_edges'])} | {f(r['bfs_ms'])} | {f(r['bfs_GTEPS'], 2)} | {f(r['pagerank_ms'])} "
                         f"| {f(r['pagerank_iterations'])} | {f(r['resident_B_per_entry'], 1)} | {f(r['peak_B_per_entry'], 1)} |")
        out += table("Scale sweep: BFS and PageRank until the graph does not fit",
                     "Graph: pattern only (bool), made on the GPU. Bytes per stored entry (an undirected edge is two entries): "
                     "`resident` is what the graph holds once BFS and PageRank built their forms (CSR, HYB, ...), `peak` the high-water "
                     "mark from generation to the end of the runs.",
                     ["graph", "undirected edges", "BFS ms", "BFS GTEPS", "PageRank ms", "iterations", "resident B/entry", "peak B/entry"],
                     lines)
        out.append("")
    return "\n".join(out) + "\n"


def write_csv(path, rows):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["section", "graph", "what", "ms", "metric", "metric_value", "baseline", "baseline_ms", "baseline_over_hpg", "note"])
        for r in rows["spmv"]:
            w.writerow(["spmv", r["graph"], "hpg::mxv", r["mxv_ms"], "kernel_GB/s", r["kernel_GBps"], "cusparse", r["cusparse_ms"],
                        ratio(r["cusparse_ms"], r["mxv_ms"]),
                        r["error"] or f"kernel {r['kernel_ms']} ms, floor {r['floor_ms']} ms, of copy bw {r['kernel_of_copy_bw']}"])
        for r in rows["primitives"]:
            w.writerow(["primitives", r["graph"], r["primitive"], r["hpg_ms"], "GTEPS", r["GTEPS"], "suitesparse", r["suitesparse_ms"],
                        r["speedup"], r["check"] or r["error"] or ""])
        for r in rows["peers"]:
            w.writerow(["peers", r["graph"], r["primitive"], r["hpg_ms"], "GTEPS", r["GTEPS"], "gapbs", r["gapbs_ms"], r["over_gapbs"],
                        "; ".join(x for x in (r["error"], f"check {r['check']}" if r["check"] else None,
                                              f"suitesparse {r['suitesparse_ms']} ms" if r["suitesparse_ms"] else None,
                                              f"pass {r['pass_ms']} ms" if r["pass_ms"] else None) if x)])
        for r in rows["sweep"]:
            w.writerow(["sweep", r["graph"], "bfs", r["bfs_ms"], "GTEPS", r["bfs_GTEPS"], "", "", "", r["error"] or ""])
            w.writerow(["sweep", r["graph"], "pagerank", r["pagerank_ms"], "resident_B_per_entry", r["resident_B_per_entry"], "", "", "",
                        f"peak {r['peak_B_per_entry']} B/entry"])


def plots(out, name, machine, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench_report: matplotlib is missing (Debian: python3-matplotlib); no plots made", file=sys.stderr)
        return []
    made = []
    gpu = machine.get("gpu", "GPU")

    def graph_axis(ax, graphs, ylabel, title):
        ax.set_yscale("log")
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.set_xticks(list(range(len(graphs))))
        ax.set_xticklabels(graphs, rotation=30, ha="right", fontsize=8)
        ax.legend(fontsize=8)

    def save(fig, kind):
        fig.tight_layout()
        path = os.path.join(out, f"{name}-{kind}.png")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        made.append(path)

    # Time by graph: each primitive's hpg and SuiteSparse bars, SpMV's hpg and cuSPARSE.
    panels = [("spmv", "SpMV (hpg::mxv vs cuSPARSE)", [(r["graph"], r["mxv_ms"], r["cusparse_ms"]) for r in rows["spmv"]], "cuSPARSE")]
    for p in PRIMITIVES:
        panels.append((p, p.upper() if p != "pagerank" else "PageRank",
                       [(r["graph"], r["hpg_ms"], r["suitesparse_ms"]) for r in rows["primitives"] if r["primitive"] == p], "SuiteSparse (CPU)"))
    panels = [pn for pn in panels if pn[2]]
    if panels:
        fig, axes = plt.subplots(len(panels), 1, figsize=(11, 3.2 * len(panels)), squeeze=False)
        for ax, (_, title, data, base) in zip(axes[:, 0], panels):
            xs = range(len(data))
            ax.bar([x - 0.2 for x in xs], [d[1] or 0 for d in data], 0.4, label=f"hpg ({gpu})")
            ax.bar([x + 0.2 for x in xs], [d[2] or 0 for d in data], 0.4, label=base)
            graph_axis(ax, [d[0] for d in data], "ms", title)
        save(fig, "time")
    # Speedup over the baseline by graph.
    fig, ax = plt.subplots(figsize=(11, 4))
    graphs = sorted({r["graph"] for r in rows["primitives"]}, key=graph_order)
    width = 0.8 / (len(PRIMITIVES) + 1)
    for k, p in enumerate(PRIMITIVES):
        by = {r["graph"]: r["speedup"] for r in rows["primitives"] if r["primitive"] == p}
        ax.bar([x + (k - 2) * width for x in range(len(graphs))], [by.get(g) or 0 for g in graphs], width, label=f"{p} vs SuiteSparse")
    by = {r["graph"]: ratio(r["cusparse_ms"], r["mxv_ms"]) for r in rows["spmv"]}
    ax.bar([x + 2 * width for x in range(len(graphs))], [by.get(g) or 0 for g in graphs], width, label="SpMV vs cuSPARSE")
    ax.axhline(1, color="black", linewidth=0.8)
    graph_axis(ax, graphs, "baseline time / hpg time", f"Speedup of hpg on {gpu}")
    save(fig, "speedup")
    # GTEPS by RMAT scale.
    fig, ax = plt.subplots(figsize=(7, 4))
    for p in ("bfs", "sssp"):
        pts = sorted((graph_order(r["graph"])[1], r["GTEPS"]) for r in rows["primitives"]
                     if r["primitive"] == p and r["graph"].startswith("rmat-") and r["GTEPS"])
        if pts:
            ax.plot([s for s, _ in pts], [v for _, v in pts], "o-", label=f"{p.upper()} (primitives run)")
    pts = sorted((r["scale"], r["bfs_GTEPS"]) for r in rows["sweep"] if r["bfs_GTEPS"])
    if pts:
        ax.plot([s for s, _ in pts], [v for _, v in pts], "s--", label="BFS (scale sweep)")
    ax.set_xlabel("RMAT scale (edge factor 16, symmetrized)")
    ax.set_ylabel("GTEPS (undirected edges once)")
    ax.set_title(f"Traversal rate by scale, {gpu}")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    save(fig, "gteps")
    return made


def timings(report):
    """(section, graph, what) -> ms, from a report's JSON."""
    t = {}
    for r in report["rows"]["spmv"]:
        for k in ("cusparse_ms", "mxv_ms", "kernel_ms"):
            t[("spmv", r["graph"], k)] = r[k]
    for r in report["rows"]["primitives"]:
        t[(r["primitive"], r["graph"], "hpg_ms")] = r["hpg_ms"]
        t[(r["primitive"], r["graph"], "suitesparse_ms")] = r["suitesparse_ms"]
    for r in report["rows"].get("peers", []):
        t[("peers/" + r["primitive"], r["graph"], "hpg_ms")] = r["hpg_ms"]
        t[("peers/" + r["primitive"], r["graph"], "gapbs_ms")] = r["gapbs_ms"]
        t[("peers/" + r["primitive"], r["graph"], "suitesparse_ms")] = r["suitesparse_ms"]
    for r in report["rows"]["sweep"]:
        t[("sweep", r["graph"], "bfs_ms")] = r["bfs_ms"]
        t[("sweep", r["graph"], "pagerank_ms")] = r["pagerank_ms"]
    return t


def compare(old_path, new_path):
    old, new = timings(json.load(open(old_path))), timings(json.load(open(new_path)))
    diffs = []
    for k in sorted(set(old) & set(new)):
        if old[k] and new[k]:
            diffs.append((abs(math.log(new[k] / old[k])), k, old[k], new[k]))
    diffs.sort(reverse=True)
    print(f"{len(diffs)} times in both reports; new/old ratio:")
    for _, k, a, b in diffs:
        print(f"  {'/'.join(k):48s} {a:12.3f} {b:12.3f}  {b / a:6.3f}")

    def summary(label, group):
        if not group:
            return
        within = sum(1 for d in group if d[0] <= math.log(1.1))
        median = 100 * (math.exp(sorted(d[0] for d in group)[len(group) // 2]) - 1)
        worst = max(group)
        print(f"{label}: {within} of {len(group)} within 10%; median |change| {median:.1f}%; "
              f"largest {'/'.join(worst[1])} x{worst[3] / worst[2]:.2f}")

    summary("all", diffs)
    # Where the noise lives: the CPU baseline, and GPU runs short enough for launch overheads and
    # clocks to show, move more than long GPU runs.
    cpu = [d for d in diffs if d[1][2] in ("suitesparse_ms", "gapbs_ms")]
    gpu = [d for d in diffs if d[1][2] not in ("suitesparse_ms", "gapbs_ms")]
    summary("GPU rows of 5 ms or more", [d for d in gpu if d[2] >= 5])
    summary("GPU rows under 5 ms", [d for d in gpu if d[2] < 5])
    summary("SuiteSparse and GAPBS rows (CPU)", cpu)
    if not diffs:
        print("no common times")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("raw", nargs="?", help="the raw folder bench.sh wrote")
    ap.add_argument("--out", default="bench/results")
    ap.add_argument("--name", help="the report's file name (default: the raw folder's, without raw-)")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="compare the times of two report JSON files")
    a = ap.parse_args()
    if a.compare:
        compare(*a.compare)
        return
    if not a.raw:
        ap.error("the raw folder is needed")
    name = a.name or os.path.basename(os.path.normpath(a.raw)).removeprefix("raw-")
    machine, rows = build_rows(a.raw)
    if not any(rows.values()):
        sys.exit(f"bench_report: no benchmark results in {a.raw}")
    os.makedirs(a.out, exist_ok=True)
    json.dump({"name": name, "machine": machine, "rows": rows}, open(os.path.join(a.out, name + ".json"), "w"), indent=1)
    write_csv(os.path.join(a.out, name + ".csv"), rows)
    open(os.path.join(a.out, name + ".md"), "w").write(markdown(machine, rows, name))
    made = plots(a.out, name, machine, rows)
    for p in [name + ".json", name + ".csv", name + ".md"] + [os.path.basename(m) for m in made]:
        print(os.path.join(a.out, p))


if __name__ == "__main__":
    main()
