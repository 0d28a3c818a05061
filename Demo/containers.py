#!/usr/bin/env python3
"""Writes a before/after pair of Wanderlust data containers under Demo/containers/.

"before" is the simulator data container of Wanderlust 1.0 (41) after a week of use;
"after" is the same container once 1.1 (42) was installed over it and launched. The
upgrade does what migration reviews meet: offline maps moved from Application Support
to Caches, a settings key renamed (its value migrated), another setting dropped, a
session file written into Library/Preferences, and an opened mail attachment left in
Documents/Inbox. Trips in Documents/ are untouched. The output is committed; re-run this
only to change the demo (run from the repository root).
"""
import os, plistlib, shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "containers")
APP = "com.example.wanderlust"


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def container(name, upgraded):
    root = os.path.join(ROOT, name)
    shutil.rmtree(root, ignore_errors=True)
    write(f"{root}/.com.apple.mobile_container_manager.metadata.plist",
          plistlib.dumps({"MCMMetadataIdentifier": APP, "MCMMetadataContentClass": 2, "MCMMetadataVersion": 6},
                         fmt=plistlib.FMT_BINARY))
    write(f"{root}/Documents/Trips/lisbon.json", '{"city": "Lisbon", "days": 5, "notes": "Tram 28 early"}\n')
    write(f"{root}/Documents/Trips/kyoto.json", '{"city": "Kyoto", "days": 6, "notes": "Fushimi Inari at dawn"}\n')
    write(f"{root}/Documents/Inbox/itinerary.pdf", "%PDF-1.4 itinerary from mail\n")
    support = f"{root}/Library/Application Support/{APP}"
    write(f"{support}/profile.json", '{"name": "Ada", "home": "Lyon"}\n')
    maps = f"{root}/Library/Caches/OfflineMaps" if upgraded else f"{support}/OfflineMaps"
    for region in ("lisbon", "kyoto"):
        write(f"{maps}/{region}.mbtiles", f"tiles for {region}\n" * 40)
    defaults = {"onboardingDone": True, "lastSyncVersion": 3}
    if upgraded:
        defaults.update({"unitSystem": "metric", "mapStyle": "standard"})
        write(f"{root}/Library/Preferences/session.json", '{"token": "redacted"}\n')
    else:
        defaults.update({"units": "metric", "showTips": False})
    write(f"{root}/Library/Preferences/{APP}.plist", plistlib.dumps(defaults, fmt=plistlib.FMT_BINARY))
    thumbs = "thumbnails-v2" if upgraded else "thumbnails"
    write(f"{root}/Library/Caches/{thumbs}/lisbon.png", b"\x89PNG lisbon " + thumbs.encode())
    if not upgraded:
        write(f"{root}/tmp/upload.part", "partial upload\n")


container("before", upgraded=False)
container("after", upgraded=True)
