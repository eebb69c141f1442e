#!/usr/bin/env python3
"""Expected sizes of the shared data set's graphs, computed independently of HPGraph's parsers.

Usage: python3 tests/data/expected_sizes.py [DATA_DIR]   (default: ../shared/data)

Prints one C++ initializer line per graph file, pasted into tests/test_io_data.cpp:
  {"relative/path", nrows, ncols, lines, nvals},
Conventions (those of hpg::io::read_tuples + read_matrix):
  Matrix Market: dimensions from the size line; lines = entries stored; symmetric and
    skew-symmetric files stand for both (i, j) and (j, i), the diagonal once.
  Edge lists: '#'/'%' comment lines; the first non-comment line is a header when its first two
    fields are not both integers; fields separated by blanks and/or commas; ids as given,
    n = largest id + 1 (nrows = ncols = n); lines = edge lines.
  nvals = number of distinct (row, col) pairs (duplicates are combined).
"""
import gzip
import os
import re
import sys

SPLIT = re.compile(r"[\s,]+")


def open_text(path):
    with open(path, "rb") as f:
        magic = f.read(2)
    if magic == b"\x1f\x8b":
        return gzip.open(path, "rt", encoding="latin-1")
    return open(path, "rt", encoding="latin-1")


def matrix_market(path):
    with open_text(path) as f:
        banner = f.readline().split()
        assert banner[0].lower() == "%%matrixmarket", path
        assert banner[2].lower() == "coordinate", path
        symmetry = banner[4].lower()
        size = None
        for line in f:
            s = line.strip()
            if not s or s.startswith("%"):
                continue
            size = [int(x) for x in s.split()]
            break
        nrows, ncols, nnz = size
        pairs = set()
        lines = 0
        for line in f:
            s = line.strip()
            if not s or s.startswith("%"):
                continue
            fields = s.split()
            i, j = int(fields[0]) - 1, int(fields[1]) - 1
            lines += 1
            pairs.add((i, j))
            if symmetry != "general":
                pairs.add((j, i))
        assert lines == nnz, (path, lines, nnz)
    return nrows, ncols, lines, len(pairs)


def is_int(s):
    try:
        int(s)
        return True
    except ValueError:
        return False


def edge_list(path):
    pairs = set()
    lines = 0
    top = -1
    first = True
    with open_text(path) as f:
        for line in f:
            s = line.strip(" \t\r\n,")
            if not s or s[0] in "#%":
                continue
            fields = [x for x in SPLIT.split(s) if x]
            if first:
                first = False
                if len(fields) < 2 or not (is_int(fields[0]) and is_int(fields[1])):
                    continue
            u, v = int(fields[0]), int(fields[1])
            lines += 1
            top = max(top, u, v)
            pairs.add((u, v))
    n = top + 1
    return n, n, lines, len(pairs)


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data")
    for root, _, files in sorted(os.walk(data)):
        for name in sorted(files):
            if name.endswith(".md"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, data)
            base = name[:-3] if name.endswith(".gz") else name
            if base.endswith(".mtx"):
                nrows, ncols, lines, nvals = matrix_market(path)
            else:
                nrows, ncols, lines, nvals = edge_list(path)
            print('    {"%s", %d, %d, %d, %d},' % (rel, nrows, ncols, lines, nvals))


if __name__ == "__main__":
    main()
