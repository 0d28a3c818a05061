#!/usr/bin/env python3
"""Writes a synthetic iOS app bundle for the fault scripts.

usage: make-build.py <out-dir> <build-number> [files] [app-id]

<out-dir>/Big.app holds an Info.plist (CFBundleVersion = <build-number>), <files>
small files of pseudo-random content spread over 50 folders and a few .strings
files. Everything but Info.plist and build.txt is the same for every build
number, so a new build changes a handful of objects (as a real rebuild would).
"""
import os
import random
import sys

out, build = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
app_id = sys.argv[4] if len(sys.argv) > 4 else "com.example.big"
app = os.path.join(out, "Big.app")
os.makedirs(app, exist_ok=True)
rng = random.Random(42)
for i in range(count):
    folder = os.path.join(app, "Assets", "group%02d" % (i % 50))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "asset%05d.bin" % i), "wb") as f:
        f.write(rng.randbytes(256 + (i % 7) * 512))
for lang in ("en", "de", "fr"):
    folder = os.path.join(app, lang + ".lproj")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Localizable.strings"), "w", encoding="utf-8") as f:
        for k in range(40):
            f.write('"key%d" = "%s %d";\n' % (k, lang, k))
with open(os.path.join(app, "build.txt"), "w") as f:
    f.write("build %s\n" % build)
with open(os.path.join(app, "Info.plist"), "w", encoding="utf-8") as f:
    f.write("""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleExecutable</key>
\t<string>Big</string>
\t<key>CFBundleIdentifier</key>
\t<string>%s</string>
\t<key>CFBundleName</key>
\t<string>Big</string>
\t<key>CFBundlePackageType</key>
\t<string>APPL</string>
\t<key>CFBundleShortVersionString</key>
\t<string>1.0</string>
\t<key>CFBundleSupportedPlatforms</key>
\t<array>
\t\t<string>iPhoneOS</string>
\t</array>
\t<key>CFBundleVersion</key>
\t<string>%s</string>
</dict>
</plist>
""" % (app_id, build))
