#!/usr/bin/env python3
"""scripts/bench_report.py on made-up raw results: the rows, ratios, verdicts and failures it must
report, in the JSON, CSV and Markdown it writes. Run by ctest (BenchReport.*)."""
import csv
import json
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
script = os.path.join(root, "scripts", "bench_report.py")


def bench(name, ms, **counters):
    b = {"name": name, "run_type": "iteration", "real_time": ms, "time_unit": "ms", "ms": ms}
    b.update(counters)
    return b


def error(name, message):
    return {"name": name, "run_type": "iteration", "error_occurred": True, "error_message": message}


def write(raw, fname, benchmarks, context=None):
    json.dump({"context": context or {}, "benchmarks": benchmarks}, open(os.path.join(raw, fname), "w"))


def main():
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "raw-test-gpu-2026-01-01")
        out = os.path.join(tmp, "out")
        os.makedirs(raw)
        json.dump({"gpu": "Test GPU", "driver": "1.2", "cpu": "Test CPU", "cpu_cores": 16, "hpgraph_commit": "abc1234"},
                  open(os.path.join(raw, "machine.json"), "w"))
        write(raw, "spmv.json", [
            bench("spmv/cusparse/rmat-21/0/0", 0.5, nvals=1000, **{"GB/s": 900}),
            bench("spmv/mxv/rmat-21/0/1", 0.4, label="rmat-21 (columns by degree)"),
            bench("spmv/kernel/rmat-21/0/0", 0.38, nvals=1000, of_copy_bw=0.25, **{"GB/s": 1000}),
            bench("spmv/floor/rmat-21/0/0", 0.19),
            bench("spmv/cusparse/grid-64x64/1/0", 0.1),
            bench("spmv/mxv/grid-64x64/1/1", 0.1),
            error("spmv/cusparse/missing/2/0", "graph not made: cannot open missing.mtx"),
            error("spmv/mxv/missing/2/1", "graph not made: cannot open missing.mtx"),
        ], {"copy_bandwidth_GBps": "4000"})
        write(raw, "primitives.json", [
            bench("bfs/hpg/rmat-21/0/0", 2.0, GTEPS=16.0, levels=4),
            bench("bfs/suitesparse/rmat-21/0/0", 80.0, answers_agree=1, label="rmat-21: levels equal"),
            bench("tc/hpg/rmat-21/0/3", 500.0),
            bench("tc/suitesparse/rmat-21/0/3", 400.0, answers_agree=0, label="rmat-21: COUNT DIFFERS"),
            bench("sssp/hpg/astro-ph/1/1", 1.0, GTEPS=0.1),
            error("sssp/suitesparse/astro-ph/1/1", "no GPU"),
        ], {"suitesparse_threads": "16", "hpg_time": "median"})
        # A second part of the primitives step (a run split in two): read beside the first.
        write(raw, "primitives-2.json", [
            bench("pagerank/hpg/grid-64x64/2/2", 3.0),
            bench("pagerank/suitesparse/grid-64x64/2/2", 30.0, answers_agree=1, label="grid-64x64: max |diff| 1.0e-07"),
        ])
        write(raw, "sweep.json", [
            bench("sweep/bfs/rmat-22/22/0", 5.0, GTEPS=6.0, undirected_edges=3e7),
            bench("sweep/pagerank/rmat-22/22/1", 10.0, iterations=11, resident_B_per_entry=12.5, peak_B_per_entry=30.0),
            error("sweep/bfs/rmat-23/23/0", "does not fit: out of GPU memory allocating x"),
        ])
        # The peer step (scripts/bench_peers.sh): hpgraph beside GAPBS and SuiteSparse.
        json.dump({"context": {"repeat": 5}, "peers": [
            {"graph": "kron-21", "primitive": "bfs", "source": 5, "hpg_ms": 1.0, "n": 1000, "nvals": 1000000, "edges": 2000000,
             "check": "pass", "suitesparse_ms": 50.0, "gapbs_ms": 10.0, "gapbs_median_ms": 9.0},
            {"graph": "kron-21", "primitive": "sssp", "source": 5, "hpg_ms": 2.0, "n": 1000, "nvals": 1000000, "edges": 2000000,
             "check": "pass", "suitesparse_ms": 40.0, "gapbs_ms": 30.0, "gapbs_median_ms": 20.0, "gapbs_sssp_delta": 2},
            {"graph": "kron-21", "primitive": "pagerank", "hpg_ms": 3.0, "n": 1000, "nvals": 1000000, "iterations": 10,
             "check": "pass", "suitesparse_ms": 30.0, "gapbs_ms": 6.0, "gapbs_median_ms": 6.0, "error": "gapbs failed"},
            {"graph": "kron-21", "primitive": "tc", "hpg_ms": None, "n": 1000, "nvals": 1000000, "error": "hpgraph failed",
             "gapbs_ms": 2000.0},
        ]}, open(os.path.join(raw, "peers.json"), "w"))
        r = subprocess.run([sys.executable, script, raw, "--out", out], capture_output=True, text=True)
        expect(r.returncode == 0, f"exit {r.returncode}: {r.stderr}")
        name = "test-gpu-2026-01-01"
        rep = json.load(open(os.path.join(out, name + ".json")))
        expect(rep["machine"]["copy_bandwidth_GBps"] == 4000.0, "copy bandwidth from the spmv context")
        expect(rep["machine"]["suitesparse_threads"] == "16", "SuiteSparse threads from the primitives context")
        spmv = {s["graph"]: s for s in rep["rows"]["spmv"]}
        expect([s["graph"] for s in rep["rows"]["spmv"]] == ["rmat-21", "grid-64x64", "missing"], "RMAT, grid, then files")
        expect(spmv["missing"]["mxv_ms"] is None and "cannot open" in (spmv["missing"]["error"] or ""),
               "a graph that could not be made keeps its message")
        expect(abs(spmv["rmat-21"]["mxv_over_cusparse"] - 0.8) < 1e-9, "mxv / cuSPARSE = 0.8")
        expect(abs(spmv["rmat-21"]["floor_over_kernel"] - 0.5) < 1e-9, "floor / kernel = 0.5")
        expect(spmv["rmat-21"]["columns_by_degree"] is True, "columns by degree from the label")
        prim = {(p["primitive"], p["graph"]): p for p in rep["rows"]["primitives"]}
        expect(abs(prim[("bfs", "rmat-21")]["speedup"] - 40) < 1e-9, "BFS speedup 40x")
        expect(abs(prim[("bfs", "rmat-21")]["us_per_level"] - 500) < 1e-9, "BFS 500 us per level")
        expect(prim[("bfs", "rmat-21")]["answers_agree"] is True, "BFS answers agree")
        expect(prim[("tc", "rmat-21")]["answers_agree"] is False, "a differing count is reported as such")
        expect(prim[("sssp", "astro-ph")]["suitesparse_ms"] is None and prim[("sssp", "astro-ph")]["error"] == "no GPU",
               "a failed baseline has no time and keeps its message")
        expect(abs(prim[("pagerank", "grid-64x64")]["speedup"] - 10) < 1e-9, "a second part's rows are read too")
        sweep = {s["graph"]: s for s in rep["rows"]["sweep"]}
        expect(sweep["rmat-22"]["resident_B_per_entry"] == 12.5 and sweep["rmat-22"]["scale"] == 22, "sweep memory per entry")
        expect(sweep["rmat-23"]["bfs_ms"] is None and "does not fit" in sweep["rmat-23"]["error"], "a scale that did not fit")
        peers = {(p["primitive"], p["graph"]): p for p in rep["rows"]["peers"]}
        bfs = peers[("bfs", "kron-21")]
        expect(abs(bfs["over_gapbs"] - 9) < 1e-9 and abs(bfs["over_suitesparse"] - 50) < 1e-9,
               "speedups over GAPBS (its median, not its mean) and over SuiteSparse")
        expect(abs(bfs["GTEPS"] - 1.0) < 1e-9, "peer GTEPS counts undirected edges once")
        # 4-byte columns and row offsets; SSSP's 8-byte weights too; PageRank's pass once per iteration.
        expect(abs(bfs["pass_ms"] - (4e6 + 4e3) / 4e12 * 1e3) < 1e-12, "one pass over the CSR at the copy bandwidth")
        expect(abs(peers[("sssp", "kron-21")]["pass_ms"] - (12e6 + 4e3) / 4e12 * 1e3) < 1e-12, "SSSP's pass reads its weights")
        expect(abs(peers[("pagerank", "kron-21")]["pass_ms"] - 10 * (4e6 + 4e3) / 4e12 * 1e3) < 1e-12, "PageRank's, per iteration")
        expect(peers[("pagerank", "kron-21")]["over_gapbs"] is None, "no speedup over a GAPBS run that failed")
        expect(peers[("tc", "kron-21")]["over_gapbs"] is None and peers[("tc", "kron-21")]["error"] == "hpgraph failed",
               "a failed run has no speedup and keeps its message")
        md = open(os.path.join(out, name + ".md")).read()
        for text in ["| kron-21 | bfs | 5 | 1.000 | 1.00 | 9.000 | 9.00× | 50.000 | 50.00× | 0.001 | 0% | pass |",
                     "| 20.000 (2) | 10.00× |", "| pass; error: gapbs failed |", "| error: hpgraph failed |", "Test GPU", "4000 GB/s", "| rmat-21 | bfs | 2.000 | 16.00 | 500.0 | 80.000 | 40.00× | levels equal |",
                     "COUNT DIFFERS", "does not fit", "0.80×", "25%", "- missing: graph not made: cannot open missing.mtx",
                     "hpg's primitive and sweep times are medians over 3 iterations", "hpg ms the median of 3"]:
            expect(text in md, f"the Markdown shows {text!r}")
        rows = list(csv.DictReader(open(os.path.join(out, name + ".csv"))))
        expect(len(rows) == 3 + 4 + 4 + 2 * 2, f"CSV rows: {len(rows)}")
        # Comparing with a second run whose times moved by known factors: the GPU rows of 5 ms or
        # more (TC 500 ms, the sweep's 5 and 10 ms), the shorter GPU rows and the SuiteSparse rows
        # are summed up apart, each with its largest change.
        first = os.path.join(out, name + ".json")
        moved = json.load(open(first))
        for p in moved["rows"]["primitives"]:
            if p["primitive"] == "tc":
                p["hpg_ms"] *= 1.5          # a long GPU row, 50% slower
            if p["suitesparse_ms"]:
                p["suitesparse_ms"] *= 0.5  # every CPU row twice as fast
        for p in moved["rows"]["peers"]:
            p["gapbs_ms"] *= 0.5
            if p["suitesparse_ms"]:
                p["suitesparse_ms"] *= 0.5
        second = os.path.join(tmp, "second.json")
        json.dump(moved, open(second, "w"))
        r = subprocess.run([sys.executable, script, "--compare", first, second], capture_output=True, text=True)
        lines = {l.split(":")[0]: l for l in r.stdout.splitlines() if ": " in l and "within 10%" in l}
        expect(r.returncode == 0, f"compare exits 0: {r.stderr}")
        expect("2 of 3 within 10%" in lines.get("GPU rows of 5 ms or more", "") and "tc/rmat-21/hpg_ms x1.50" in lines.get(
            "GPU rows of 5 ms or more", ""), f"long GPU rows: {lines.get('GPU rows of 5 ms or more')}")
        cpu = lines.get("SuiteSparse and GAPBS rows (CPU)", "")
        expect("0 of 10 within 10%" in cpu, f"CPU rows: {cpu}")
        expect("median |change| 0.0%" in lines.get("GPU rows under 5 ms", ""), f"short GPU rows: {lines.get('GPU rows under 5 ms')}")
        # A run from before bench_primitives named its statistic (no hpg_time) took the mean.
        doc = json.load(open(os.path.join(raw, "primitives.json")))
        del doc["context"]["hpg_time"]
        json.dump(doc, open(os.path.join(raw, "primitives.json"), "w"))
        r = subprocess.run([sys.executable, script, raw, "--out", out], capture_output=True, text=True)
        md = open(os.path.join(out, name + ".md")).read()
        expect(r.returncode == 0 and "times are means over 3 iterations" in md and "hpg ms the mean of 3" in md,
               "an older run's hpg times read as means")
        # An empty raw folder is an error, not an empty report.
        empty = os.path.join(tmp, "raw-empty")
        os.makedirs(empty)
        r = subprocess.run([sys.executable, script, empty, "--out", out], capture_output=True, text=True)
        expect(r.returncode != 0 and "no benchmark results" in r.stderr, "an empty raw folder is refused")
    for f in failures:
        print("FAILED:", f)
    print("bench_report: %d checks failed" % len(failures) if failures else "bench_report: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
