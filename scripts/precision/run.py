#!/usr/bin/env python3
"""Runs `bundlediff diff --format json` on every real pair (pairs.py) and writes each
report to OUT/<n>.json, with OUT/index.tsv naming the pairs. Shares no code with bundlediff.

usage: run.py BUNDLEDIFF CORPUS SCRATCH OUT
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pairs  # noqa: E402


def main():
    tool, corpus, scratch, out = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    rows = []
    for n, (label, old, new) in enumerate(pairs.pairs(corpus, scratch)):
        r = subprocess.run([tool, "diff", old, new, "--format", "json", "--report-date", "2026-01-01T00:00:00Z"],
                           capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
        path = os.path.join(out, f"{n}.json")
        with open(path, "w") as f:
            f.write(r.stdout if r.returncode in (0, 1) else "")
        rows.append((n, label, old, new, r.returncode, r.stderr.strip().replace("\n", " ")[:300]))
    with open(os.path.join(out, "index.tsv"), "w") as f:
        for row in rows:
            f.write("\t".join(str(x) for x in row) + "\n")


if __name__ == "__main__":
    main()
