#!/usr/bin/env python3
"""Generates a large synthetic iOS app for the benchmarks.

usage: generate_bundle.py OUT_DIR [--files 20000] [--bytes 1073741824] [--mutate PERCENT --seed N]

Writes OUT_DIR/Big.app with an Info.plist, 30 .lproj folders of .strings files and
nested folders of binary-looking resources whose sizes follow a long-tailed
distribution summing to about --bytes. With --mutate, rewrites PERCENT of the files of an
existing bundle (new content, same path) and bumps CFBundleVersion: the "rebuild" case.
"""
import argparse, os, plistlib, random


def content(rng, size):
    return rng.randbytes(size)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--files", type=int, default=20000)
    ap.add_argument("--bytes", type=int, default=1 << 30)
    ap.add_argument("--mutate", type=float)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    app = os.path.join(a.out, "Big.app")
    rng = random.Random(a.seed)
    if a.mutate is not None:
        paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(app) for f in fs
                       if f not in ("Info.plist",) and not f.endswith(".strings"))
        for p in rng.sample(paths, int(len(paths) * a.mutate / 100)):
            size = os.path.getsize(p)
            with open(p, "wb") as f:
                f.write(content(rng, size))
        info = os.path.join(app, "Info.plist")
        d = plistlib.load(open(info, "rb"))
        d["CFBundleVersion"] = str(int(d["CFBundleVersion"]) + 1)
        plistlib.dump(d, open(info, "wb"))
        return
    os.makedirs(app, exist_ok=True)
    plistlib.dump({"CFBundleIdentifier": "com.example.big", "CFBundleVersion": "1",
                   "CFBundleShortVersionString": "1.0", "CFBundleExecutable": "Big",
                   "CFBundleSupportedPlatforms": ["iPhoneOS"]}, open(os.path.join(app, "Info.plist"), "wb"))
    langs = [f"l{i:02d}" for i in range(30)]
    n_strings = 30 * 10
    for lang in langs:
        os.makedirs(os.path.join(app, f"{lang}.lproj"), exist_ok=True)
        for t in range(10):
            with open(os.path.join(app, f"{lang}.lproj", f"T{t}.strings"), "w") as f:
                for k in range(40):
                    f.write(f'"key.{t}.{k}" = "value {lang} {k}";\n')
    n = a.files - n_strings - 1
    weights = [rng.paretovariate(1.2) for _ in range(n)]
    scale = a.bytes / sum(weights)
    for i in range(n):
        d = os.path.join(app, "Resources", f"d{i % 50:02d}", f"e{(i // 50) % 20:02d}")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, f"r{i:05d}.bin"), "wb") as f:
            f.write(content(rng, max(1, int(weights[i] * scale))))


main()
