#!/usr/bin/env bash
# Records hostile bundles with the release binary under /usr/bin/time -v and reports the
# wall time, exit status and peak resident memory of each: the "bounded memory" proof of
# docs/reliability.md (the test suite checks the outcomes, this measures them).
#
#   bash scripts/hostile-memory.sh [max-rss-mb]        (default 512)
#
# Cases (made in a temporary directory, removed afterwards):
#   many-empty    an app with 100,000 empty files in 100 folders      -> recorded
#   deep-4000     an app holding a 4,000-deep directory chain          -> recorded
#   deep-10000    an app holding a 10,000-deep directory chain         -> refused (depth limit)
#   zeros-1g.ipa  an ipa with 1 GiB of zeros deflated to ~1 MiB        -> recorded, streamed
#   claims-20g.ipa an ipa whose Zip64 entry claims 20 GiB              -> refused before inflating
#   lying.ipa     an ipa whose entry claims 4 KiB but inflates to 256 MiB -> refused at the first chunk
#   deep-chains.ipa  100 files 4,000 folders deep (1.6 MB, 1.6 GB of paths) -> refused (path bytes)
#   quoted-overlap.ipa  150 entries quoting each other's headers (120 KB, 14.6 GiB) -> refused (overlap)
# Exits non-zero if an outcome differs or any peak RSS exceeds max-rss-mb.
set -euo pipefail
max_rss_mb=${1:-512}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash scripts/setup-deps.sh
if [ ! -x /usr/bin/time ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null
fi
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 SWIFT_BACKTRACE=enable=no
swift build -c release --product bundlediff >/dev/null
bin=$(swift build -c release --show-bin-path)/bundlediff
work=$(mktemp -d "${TMPDIR:-/tmp}/bundlediff-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'EOF'
import os, sys, zipfile, zlib, struct
work = sys.argv[1]
info = (b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
        b'<key>CFBundleIdentifier</key><string>com.example.hostile</string>'
        b'<key>CFBundleShortVersionString</key><string>1.0</string>'
        b'<key>CFBundleVersion</key><string>1</string></dict></plist>\n')

def app(name):
    path = os.path.join(work, name, 'Hostile.app')
    os.makedirs(path)
    with open(os.path.join(path, 'Info.plist'), 'wb') as f:
        f.write(info)
    return path

many = app('many-empty')
for folder in range(100):
    d = os.path.join(many, 'many', str(folder))
    os.makedirs(d)
    for i in range(1000):
        open(os.path.join(d, str(i)), 'wb').close()

def chain(root, depth):
    fd = os.open(root, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir('d', dir_fd=fd)
        child = os.open('d', os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.close(os.open('bottom.txt', os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd))
    os.close(fd)
chain(app('deep-4000'), 4000)
chain(app('deep-10000'), 10000)

def ipa(name, entries):
    with zipfile.ZipFile(os.path.join(work, name), 'w', zipfile.ZIP_DEFLATED) as z:
        z.writestr('Payload/Hostile.app/Info.plist', info)
        for entry in entries:
            entry(z)

def zeros(z):
    with z.open(zipfile.ZipInfo('Payload/Hostile.app/zeros.bin'), 'w', force_zip64=True) as f:
        chunk = bytes(1 << 20)
        for _ in range(1024):
            f.write(chunk)
ipa('zeros-1g.ipa', [zeros])

def raw_entry(name, data, declared, compressed=True):
    # A local header + data, and its central record, with a declared size that lies.
    payload = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = payload.compress(data) + payload.flush() if compressed else data
    return name.encode(), body, zlib.crc32(data), declared

def crafted(name, entries, zip64):
    out, central = b'', b''
    for n, body, crc, declared in entries:
        offset = len(out)
        small = 0xFFFFFFFF if zip64 else declared
        # Zip64: both local sizes 0xFFFFFFFF, the real ones in a local Zip64 extra field.
        local_extra = struct.pack('<HHQQ', 1, 16, declared, len(body)) if zip64 else b''
        out += struct.pack('<IHHHHHIIIHH', 0x04034B50, 45, 0, 8, 0, 0x21, crc,
                           0xFFFFFFFF if zip64 else len(body), small, len(n), len(local_extra)) \
            + n + local_extra + body
        extra = struct.pack('<HHQQQ', 1, 24, declared, len(body), offset) if zip64 else b''
        central += struct.pack('<IHHHHHHIIIHHHHHII', 0x02014B50, 0x0314, 45, 0, 8, 0, 0x21, crc,
                               0xFFFFFFFF if zip64 else len(body), small, len(n), len(extra), 0, 0, 0,
                               0o100644 << 16, 0xFFFFFFFF if zip64 else offset) + n + extra
    cd = len(out)
    out += central
    if zip64:
        record = len(out)
        out += struct.pack('<IQHHIIQQQQ', 0x06064B50, 44, 45, 45, 0, 0, len(entries), len(entries),
                           len(central), cd)
        out += struct.pack('<IIQI', 0x07064B50, 0, record, 1)
        out += struct.pack('<IHHHHIIH', 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    else:
        out += struct.pack('<IHHHHIIH', 0x06054B50, 0, 0, len(entries), len(entries), len(central), cd, 0)
    with open(os.path.join(work, name), 'wb') as f:
        f.write(out)

plist = raw_entry('Payload/Hostile.app/Info.plist', info, len(info))
crafted('claims-20g.ipa', [plist, raw_entry('Payload/Hostile.app/huge.bin', b'x', 20 << 30)], zip64=True)
crafted('lying.ipa', [plist, raw_entry('Payload/Hostile.app/zeros.bin', bytes(256 << 20), 4096)], zip64=False)

# 100 files, each 4,000 folders deep (the folders implied, not listed): 1.6 MB of input,
# 1.6 GB of paths. And a "quoted overlap" bomb: entry i's deflate stream is a stored block
# quoting entry i+1's local header, then entry i+1's stream; 120 KB that inflate to 14.6 GiB.
import ctypes
libz = ctypes.CDLL("libz.so.1")
libz.crc32_combine.restype = ctypes.c_ulong
libz.crc32_combine.argtypes = [ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long]

def local(name, method, crc, csize, usize):
    return struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0x800, method, 0, 0x21, crc, csize, usize, len(name), 0) + name

def central(name, method, crc, csize, usize, offset):
    return struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 0x0314, 20, 0x800, method, 0, 0x21, crc, csize, usize,
                       len(name), 0, 0, 0, 0, 0o100644 << 16, offset) + name

def finish(name, body, records):
    cd = b''.join(records)
    with open(os.path.join(work, name), 'wb') as f:
        f.write(body + cd + struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, len(records), len(records), len(cd), len(body), 0))

def stored(body, records, name, data):
    records.append(central(name, 0, zlib.crc32(data), len(data), len(data), len(body)))
    return body + local(name, 0, zlib.crc32(data), len(data), len(data)) + data

body, records = b'', []
body = stored(body, records, b'Payload/Hostile.app/Info.plist', info)
for c in range(100):
    body = stored(body, records, b'Payload/Hostile.app/c%d/' % c + b'd/' * 4000 + b'f', b'x')
finish('deep-chains.ipa', body, records)

kernel_size, count = 100 << 20, 150
squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
kernel = squeeze.compress(bytes(kernel_size)) + squeeze.flush()
names = [b'Payload/Hostile.app/z%03d' % i for i in range(count)]
streams = [None] * count
streams[-1] = (kernel, kernel_size, zlib.crc32(bytes(kernel_size)))
for i in range(count - 2, -1, -1):
    after, size, crc = streams[i + 1]
    header = local(names[i + 1], 8, crc, len(after), size)
    block = struct.pack('<BHH', 0, len(header), len(header) ^ 0xFFFF) + header
    streams[i] = (block + after, len(header) + size, libz.crc32_combine(zlib.crc32(header), crc, size))
body, records = b'', []
body = stored(body, records, b'Payload/Hostile.app/Info.plist', info)
first, size, crc = streams[0]
records.append(central(names[0], 8, crc, len(first), size, len(body)))
offset = len(body) + 30 + len(names[0])
body += local(names[0], 8, crc, len(first), size) + first
for i in range(1, count):
    offset += 5
    stream, size, crc = streams[i]
    records.append(central(names[i], 8, crc, len(stream), size, offset))
    offset += 30 + len(names[i])
finish('quoted-overlap.ipa', body, records)
EOF

# case  input  expected-exit
cases=("many-empty many-empty/Hostile.app 0" "deep-4000 deep-4000/Hostile.app 0"
       "deep-10000 deep-10000/Hostile.app 2" "zeros-1g zeros-1g.ipa 0"
       "claims-20g claims-20g.ipa 2" "lying lying.ipa 2"
       "deep-chains deep-chains.ipa 2" "quoted-overlap quoted-overlap.ipa 2")
failed=0
printf '| case | input | exit | wall | peak RSS | outcome |\n|---|---|---|---|---|---|\n'
for c in "${cases[@]}"; do
    read -r name input expected <<< "$c"
    status=0
    /usr/bin/time -v -o "$work/$name.time" "$bin" snapshot "$work/$input" --repo "$work/h-$name" \
        --recorded-at 2026-11-20T10:00:00Z > "$work/$name.out" 2> "$work/$name.err" || status=$?
    rss_kb=$(sed -nE 's/.*Maximum resident set size \(kbytes\): ([0-9]+)/\1/p' "$work/$name.time")
    wall=$(sed -nE 's/.*Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (.*)/\1/p' "$work/$name.time")
    outcome=$(head -c 160 "$work/$name.err" | tr '\n' ' ' | sed "s|$work/||g")
    [[ -n "$outcome" ]] || outcome=$(grep -E '^  files:' "$work/$name.out" | tr -s ' ' || true)
    verdict=ok
    if [[ $status != "$expected" ]]; then verdict="FAIL (expected exit $expected)"; failed=1; fi
    if ((rss_kb > max_rss_mb * 1024)); then verdict="FAIL (over ${max_rss_mb} MB)"; failed=1; fi
    printf '| %s | %s | %s | %s | %d MB | %s: %s |\n' "$name" "$input" "$status" "$wall" $((rss_kb / 1024)) \
        "$verdict" "$outcome"
done
exit $failed
