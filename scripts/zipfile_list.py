#!/usr/bin/env python3
"""Lists zip archives with Python's zipfile, an independent reader for the cross-check
tests (Tests/BundleReadingTests/ZipCrossCheckTests.swift).

    python3 scripts/zipfile_list.py ARCHIVE...

Prints one JSON object: {"files": [{"path": p, "ok": true, "entries": [[name_hex,
size, compressed_size], ...]} or {"path": p, "ok": false, "error": "..."}]}. Names are
the raw bytes of the central directory (UTF-8 when flag bit 11 is set, else cp437, as
zipfile decodes them), in central-directory order.
"""
import json
import sys
import zipfile


def raw_name(info):
    encoding = "utf-8" if info.flag_bits & 0x800 else "cp437"
    return info.orig_filename.encode(encoding).hex()


def main(paths):
    files = []
    for path in paths:
        try:
            with zipfile.ZipFile(path) as archive:
                entries = [[raw_name(i), i.file_size, i.compress_size] for i in archive.infolist()]
            files.append({"path": path, "ok": True, "entries": entries})
        except Exception as error:  # every refusal is a verdict, whatever its type
            files.append({"path": path, "ok": False, "error": f"{type(error).__name__}: {error}"})
    json.dump({"files": files}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
