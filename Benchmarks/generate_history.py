#!/usr/bin/env python3
"""Records a long synthetic history for the history-query benchmark.

usage: generate_history.py BIN OUT_DIR [--builds 1000] [--files 5000] [--seed N] [--base-only]

With --base-only it writes the first build (OUT_DIR/app/History.app) and stops:
Benchmarks/history.sh then records the history in one process with `generate-history`
(Benchmarks/GenerateHistory, the same events, minutes for 10,000 builds). Without it,
every build is recorded by the real `bundlediff snapshot` (about 0.3 s a build).

Writes OUT_DIR/app/History.app (about --files files: an Info.plist, 12 .lproj folders
of .strings files, three frameworks and a share extension with their own files, and
small binary resources in 40 folders), then records --builds builds of it with
`BIN snapshot` into OUT_DIR/repo, one hour apart from 2026-01-01T00:00:00Z. Between two
builds it rewrites 3 resources (new content, sometimes a new size) and bumps
CFBundleVersion; CFBundleShortVersionString is 1.<build // 100>. Known events:
  every 10th build   one string of one language changes;
  every 50th build   one resource moves to Resources/moved/ (same content);
  every 100th build  NSCameraUsageDescription changes;
  build 500          ko.lproj is dropped;  build 700: ko.lproj comes back.
"""
import argparse, datetime, os, plistlib, random, shutil, subprocess

LANGS = ["Base", "en", "de", "es", "fr", "it", "ja", "ko", "nl", "pt", "sv", "zh-Hans"]


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp-gen"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def strings(lang, n, version):
    lines = [f'"key.{k}" = "{lang} value {k} v{version if k == 0 else 0}";' for k in range(n)]
    return ("\n".join(lines) + "\n").encode()


def info(identifier, build, camera):
    return plistlib.dumps({"CFBundleIdentifier": identifier, "CFBundleVersion": str(build),
                           "CFBundleShortVersionString": f"1.{build // 100}", "CFBundleExecutable": "History",
                           "CFBundleSupportedPlatforms": ["iPhoneOS"], "NSCameraUsageDescription": camera})


def base(app, files, rng):
    write(f"{app}/Info.plist", info("com.example.history", 1, "camera v0"))
    count = 1
    for lang in LANGS:
        for t in range(4):
            write(f"{app}/{lang}.lproj/T{t}.strings", strings(lang, 25, 0))
            count += 1
    for name, n in [("Frameworks/Kit0.framework", 300), ("Frameworks/Kit1.framework", 300),
                    ("Frameworks/Kit2.framework", 300), ("PlugIns/Share.appex", 100)]:
        ident = "com.example.history." + name.split("/")[1].split(".")[0].lower()
        write(f"{app}/{name}/Info.plist", plistlib.dumps({"CFBundleIdentifier": ident, "CFBundleVersion": "1",
                                                          "CFBundleShortVersionString": "1.0"}))
        for i in range(n - 1):
            write(f"{app}/{name}/res/f{i:04d}.dat", rng.randbytes(rng.randint(200, 4000)))
        count += n
    i = 0
    while count < files:
        write(f"{app}/Resources/d{i % 40:02d}/r{i:05d}.bin", rng.randbytes(rng.randint(200, 8000)))
        i += 1
        count += 1


def step(app, build, rng):
    resources = sorted(os.path.join(d, f) for d, _, fs in os.walk(f"{app}/Resources") for f in fs)
    for p in rng.sample(resources, 3):
        size = os.path.getsize(p) if rng.random() < 0.5 else rng.randint(200, 8000)
        write(p, rng.randbytes(size))
    langs = [l for l in LANGS if os.path.isdir(f"{app}/{l}.lproj")]
    if build % 10 == 0:
        lang = rng.choice(langs)
        write(f"{app}/{lang}.lproj/T0.strings", strings(lang, 25, build))
    if build % 50 == 0:
        p = rng.choice([r for r in resources if "/moved/" not in r])
        dest = f"{app}/Resources/moved/{os.path.basename(p)}"
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        os.rename(p, dest)
    if build == 500:
        shutil.rmtree(f"{app}/ko.lproj")
    if build == 700:
        for t in range(4):
            write(f"{app}/ko.lproj/T{t}.strings", strings("ko", 20, 0))
    write(f"{app}/Info.plist", info("com.example.history", build, f"camera v{build // 100}"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("out")
    ap.add_argument("--builds", type=int, default=1000)
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--base-only", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    app, repo = f"{a.out}/app/History.app", f"{a.out}/repo"
    shutil.rmtree(a.out, ignore_errors=True)
    base(app, a.files, rng)
    if a.base_only:
        return
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    for build in range(1, a.builds + 1):
        if build > 1:
            step(app, build, rng)
        stamp = (start + datetime.timedelta(hours=build - 1)).strftime("%Y-%m-%dT%H:%M:%SZ")
        subprocess.run([a.bin, "snapshot", app, "--repo", repo, "--recorded-at", stamp, "--label", f"ci-{build}"],
                       check=True, stdout=subprocess.DEVNULL)
        if build % 100 == 0:
            print(f"  recorded {build} builds", flush=True)


main()
