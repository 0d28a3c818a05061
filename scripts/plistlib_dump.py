#!/usr/bin/env python3
"""Dumps Python plistlib's view of property-list files as JSON with explicit types.

Usage: plistlib_dump.py FILE...   (or file paths one per line on stdin when no arguments)

Prints one JSON object {"files": [...]} where each entry is
  {"path": P, "ok": true, "value": V}  or  {"path": P, "ok": false, "error": "..."}
and every value V is tagged so that nothing is blurred by JSON:
  {"t": "string", "v": "..."}       {"t": "integer", "v": "-12"}   (decimal text, any size)
  {"t": "real", "v": "1.5"}         (repr(); also "nan", "inf", "-inf")
  {"t": "boolean", "v": true}       {"t": "uid", "v": "7"}
  {"t": "date", "v": 12.5}          (seconds since 1970-01-01T00:00:00Z)
  {"t": "data", "v": "base64"}      {"t": "array", "v": [V...]}
  {"t": "dictionary", "v": [["key", V], ...]}   (plistlib's key order)
Used by the differential test in PropertyListsTests (CorpusDifferentialTests.swift).
"""
import base64
import datetime
import json
import math
import plistlib
import sys

EPOCH = datetime.datetime(1970, 1, 1)


def real_text(f):
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return repr(f)


def tag(value):
    # bool before int: bool is a subclass of int in Python.
    if isinstance(value, bool):
        return {"t": "boolean", "v": value}
    if isinstance(value, plistlib.UID):
        return {"t": "uid", "v": str(value.data)}
    if isinstance(value, int):
        return {"t": "integer", "v": str(value)}
    if isinstance(value, float):
        return {"t": "real", "v": real_text(value)}
    if isinstance(value, str):
        return {"t": "string", "v": value}
    if isinstance(value, (bytes, bytearray)):
        return {"t": "data", "v": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return {"t": "date", "v": (value - EPOCH).total_seconds()}
    if isinstance(value, (list, tuple)):
        return {"t": "array", "v": [tag(item) for item in value]}
    if isinstance(value, dict):
        return {"t": "dictionary", "v": [[str(k), tag(v)] for k, v in value.items()]}
    raise TypeError("unexpected plistlib type %s" % type(value).__name__)


def dump(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
        value = plistlib.loads(data)
        return {"path": path, "ok": True, "value": tag(value)}
    except RecursionError:
        return {"path": path, "ok": False, "error": "RecursionError"}
    except Exception as e:  # plistlib raises many types for malformed input
        return {"path": path, "ok": False, "error": "%s: %s" % (type(e).__name__, str(e)[:200])}


def main():
    paths = sys.argv[1:] or [line.rstrip("\n") for line in sys.stdin if line.strip()]
    sys.setrecursionlimit(10000)
    json.dump({"files": [dump(p) for p in paths]}, sys.stdout, ensure_ascii=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
