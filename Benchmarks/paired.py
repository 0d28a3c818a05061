#!/usr/bin/env python3
"""Paired benchmark: runs command A and command B in turn (A B A B ...), RUNS times each
after one warm-up pair, and prints the median wall time, CPU time (user + system) and
peak RSS of each, and the median, minimum and maximum of the ratio A/B taken pair by
pair. Pairing is what makes a ratio hold on a noisy machine: a slow stretch slows both
halves of a pair. CPU times come from the kernel's accounting of each finished process
(wait4), to the microsecond: GNU time's hundredths are too coarse for a 6 ms command. Peak
RSS comes from one more run of each under GNU time (/usr/bin/time): a child of this Python
process would report Python's own resident size as its floor.

usage: Benchmarks/paired.py [-n RUNS] [--prep SHELL] 'COMMAND A' 'COMMAND B'
  -n RUNS      counted pairs (default 11)
  --prep SHELL run, untimed, before every timed command (e.g. deleting a derived cache
               for a cold measurement)
Each command is split as a shell splits words and run without a shell; its output is
discarded. Exit codes 0 and 1 (a diff or gate with findings) count as success; any
other stops the run with exit code 2.
"""
import argparse, os, shlex, statistics, subprocess, sys, time


def prepare(prep):
    """Runs the --prep command; stops with exit code 2 when it fails."""
    if prep and subprocess.run(prep, shell=True).returncode != 0:
        print(f"paired.py: the --prep command failed: {prep}", file=sys.stderr)
        sys.exit(2)


def run_once(argv, prep):
    prepare(prep)
    start = time.perf_counter()
    try:
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                                            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    except OSError as error:
        print(f"paired.py: cannot start {argv[0]}: {error.strerror}", file=sys.stderr)
        sys.exit(2)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        print(f"paired.py: exit code {code}: {shlex.join(argv)}", file=sys.stderr)
        sys.exit(2)
    return wall, usage.ru_utime + usage.ru_stime


def peak_rss(argv, prep):
    """Peak resident size in MiB of one run, as GNU time reports it."""
    prepare(prep)
    done = subprocess.run(["/usr/bin/time", "-f", "%M", "--"] + argv, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    lines = done.stderr.strip().splitlines()
    if not lines or not lines[-1].isdigit():
        print(f"paired.py: GNU time gave no peak RSS for: {shlex.join(argv)}", file=sys.stderr)
        sys.exit(2)
    return int(lines[-1]) / 1024


def main():
    ap = argparse.ArgumentParser(description="A and B in turn; the median of A/B pair by pair")
    ap.add_argument("-n", type=int, default=11, dest="runs")
    ap.add_argument("--prep")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("-n takes a positive count")
    if not os.access("/usr/bin/time", os.X_OK):
        ap.exit(2, "paired.py: needs GNU time at /usr/bin/time (apt-get install time)\n")
    try:
        a, b = shlex.split(args.a), shlex.split(args.b)
    except ValueError as error:
        ap.error(f"a command does not split into words: {error}")
    if not a or not b:
        ap.error("each command needs at least one word")
    run_once(a, args.prep), run_once(b, args.prep)  # warm-up pair
    pairs = [(run_once(a, args.prep), run_once(b, args.prep)) for _ in range(args.runs)]
    ratios = [x[0] / y[0] for x, y in pairs]
    print(f"A: {args.a}\nB: {args.b}\n{args.runs} pairs")
    for name, side in (("A", 0), ("B", 1)):
        wall = statistics.median(p[side][0] for p in pairs)
        cpu = statistics.median(p[side][1] for p in pairs)
        rss = peak_rss((a, b)[side], args.prep)
        print(f"{name}: wall {wall:.4f} s, CPU {cpu:.4f} s, peak RSS {rss:.1f} MiB (wall and CPU: medians)")
    print(f"A/B wall: median {statistics.median(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
