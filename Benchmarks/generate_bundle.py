#!/usr/bin/env python3
"""Generates a large synthetic iOS app for the benchmarks.

usage: generate_bundle.py OUT_DIR [--files 20000] [--bytes 1073741824] [--sealed N] [--seed N]
       generate_bundle.py OUT_DIR [--mutate PERCENT | --change N] [--move N] [--seed N]

Writes OUT_DIR/Big.app with an Info.plist, 30 .lproj folders of .strings files and
nested folders of binary-looking resources whose sizes follow a long-tailed
distribution summing to about --bytes. With --sealed N, also N frameworks in
Big.app/Frameworks (an Info.plist, an executable-named file and 20 resources each), and
every bundle sealed the way codesign seals one (_CodeSignature/CodeResources: rules2 and
files2 with each file's SHA-256), frameworks first; a rebuild of a sealed app seals it again.

On an existing bundle ("rebuild" cases; CFBundleVersion is bumped):
  --mutate PERCENT  rewrites PERCENT of the resource files (new content, same path);
  --change N        the same for exactly N files;
  --move N          moves N other resource files (unchanged content) to another folder,
                    keeping their names (Resources/dXX/eYY/rZ.bin -> Resources/moved/dXX/rZ.bin).
Rewritten and moved files are replaced by new inodes (write to a temporary name, then
rename), so the bundle may be a hard-linked copy (`cp -al`) of another one.
"""
import argparse, hashlib, os, plistlib, random


def content(rng, size):
    return rng.randbytes(size)


def replace(path, data):
    tmp = path + ".tmp-gen"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def seal(bundle):
    """Writes bundle/_CodeSignature/CodeResources over every file below bundle (its Info.plist
    omitted by rule; its own seal folder and its executable, which the code signature covers,
    left out), as codesign's version 2 seal."""
    with open(os.path.join(bundle, "Info.plist"), "rb") as f:
        executable = plistlib.load(f).get("CFBundleExecutable")
    files2 = {}
    for d, _, fs in os.walk(bundle):
        for f in fs:
            path = os.path.join(d, f)
            rel = os.path.relpath(path, bundle)
            if rel.startswith("_CodeSignature" + os.sep) or rel in ("Info.plist", executable):
                continue
            with open(path, "rb") as h:
                files2[rel] = {"hash2": hashlib.sha256(h.read()).digest()}
    rules2 = {"^.*": True, "^Info\\.plist$": {"omit": True, "weight": 20.0},
              "^.*\\.lproj/": {"optional": True, "weight": 1000.0}}
    os.makedirs(os.path.join(bundle, "_CodeSignature"), exist_ok=True)
    replace(os.path.join(bundle, "_CodeSignature", "CodeResources"),
            plistlib.dumps({"files": {}, "files2": files2, "rules": {"^.*": True}, "rules2": rules2}))


def seal_all(app):
    frameworks = os.path.join(app, "Frameworks")
    if not os.path.isdir(frameworks):
        return
    for name in sorted(os.listdir(frameworks)):
        seal(os.path.join(frameworks, name))
    seal(app)


def frameworks(app, count, rng):
    for k in range(count):
        fw = os.path.join(app, "Frameworks", f"Fw{k:03d}.framework")
        os.makedirs(os.path.join(fw, "Assets"), exist_ok=True)
        with open(os.path.join(fw, "Info.plist"), "wb") as f:
            plistlib.dump({"CFBundleIdentifier": f"com.example.fw{k:03d}", "CFBundleVersion": "1",
                           "CFBundleShortVersionString": "1.0", "CFBundleExecutable": f"Fw{k:03d}",
                           "CFBundlePackageType": "FMWK"}, f)
        with open(os.path.join(fw, f"Fw{k:03d}"), "wb") as f:
            f.write(content(rng, 4096))
        for i in range(20):
            with open(os.path.join(fw, "Assets", f"a{i:02d}.dat"), "wb") as f:
                f.write(content(rng, 256))


def rebuild(app, a, rng):
    paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(app) for f in fs
                   if f not in ("Info.plist", "CodeResources") and not f.endswith(".strings")
                   and os.path.relpath(d, app).split(os.sep)[0] == "Resources")
    n_change = a.change if a.change is not None else int(len(paths) * (a.mutate or 0) / 100)
    n_move = a.move or 0
    if n_change + n_move > len(paths):
        raise SystemExit(f"only {len(paths)} resource files: cannot change {n_change} and move {n_move}")
    picked = rng.sample(paths, n_change + n_move)
    for p in picked[:n_change]:
        replace(p, content(rng, os.path.getsize(p)))
    resources = os.path.join(app, "Resources")
    for p in picked[n_change:]:
        rel = os.path.relpath(p, resources).split(os.sep)  # dXX, eYY, name
        dest_dir = os.path.join(resources, "moved", rel[0])
        os.makedirs(dest_dir, exist_ok=True)
        os.rename(p, os.path.join(dest_dir, rel[-1]))
    info = os.path.join(app, "Info.plist")
    with open(info, "rb") as f:
        d = plistlib.load(f)
    d["CFBundleVersion"] = str(int(d["CFBundleVersion"]) + 1)
    replace(info, plistlib.dumps(d))
    seal_all(app)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--files", type=int, default=20000)
    ap.add_argument("--bytes", type=int, default=1 << 30)
    ap.add_argument("--mutate", type=float, help="rewrite this percentage of the files of an existing bundle")
    ap.add_argument("--change", type=int, help="rewrite exactly this many files of an existing bundle")
    ap.add_argument("--move", type=int, help="move this many files of an existing bundle to another folder")
    ap.add_argument("--sealed", type=int, default=0, help="this many sealed frameworks, and every bundle sealed")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    app = os.path.join(a.out, "Big.app")
    rng = random.Random(a.seed)
    if a.mutate is not None or a.change is not None or a.move is not None:
        rebuild(app, a, rng)
        return
    os.makedirs(app, exist_ok=True)
    with open(os.path.join(app, "Info.plist"), "wb") as f:
        plistlib.dump({"CFBundleIdentifier": "com.example.big", "CFBundleVersion": "1",
                       "CFBundleShortVersionString": "1.0", "CFBundleExecutable": "Big",
                       "CFBundleSupportedPlatforms": ["iPhoneOS"]}, f)
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
    if a.sealed:
        frameworks(app, a.sealed, rng)
        seal_all(app)


main()
