#!/usr/bin/env python3
"""The real pairs the precision table covers: every consecutive pair of every real set in
the corpus (bundles and localization sets), plus the same app in two container formats.

Shares no code with bundlediff. `python3 pairs.py CORPUS SCRATCH` prints one line per pair:
`name<TAB>old path<TAB>new path`. Localization sets are folders of `.lproj`, not bundles:
each tag's folder is copied, unmodified, into SCRATCH/<set>/<tag>/<Name>.bundle with a
minimal Info.plist (identifier, development region en, and CFBundleVersion 1, 2, 3 in tag
order, as a team's successive builds would carry), the way the corpus tests wrap them.
"""
import os
import plistlib
import shutil
import sys

BUNDLE_SETS = [
    # (name, [paths relative to corpus/bundles, oldest first])
    ("idb-TableSearch", [f"idb-TableSearch/{b}/TableSearch.app" for b in
                         ["2015-10-07_93454f2ee7", "2016-08-16_d0bac6e029", "2017-11-07_2e9d043354",
                          "2020-02-11_a04ddcd320"]]),
    ("idb-iOSUnitTestFixture", [f"idb-iOSUnitTestFixture/{b}/iOSUnitTestFixture.xctest" for b in
                                ["2016-08-16_d0bac6e029", "2016-11-10_ccd2066b11", "2021-02-03_c401fa9d7c"]]),
    ("idb-MacUnitTestFixture", [f"idb-MacUnitTestFixture/{b}/MacUnitTestFixture.xctest" for b in
                                ["2016-08-16_d0bac6e029", "2016-11-10_ccd2066b11", "2017-12-06_bac14c312a",
                                 "2021-02-03_c401fa9d7c"]]),
    ("sparkle-framework-builds", ["sparkle-framework-builds/2013-06-07_502c7fb6db/Sparkle.framework.zip"] +
     [f"sparkle-framework-builds/{b}/DevMate_Sparkle.zip" for b in
      ["2013-08-19_b3c69f8b8c", "2013-08-20_1e75acb963", "2013-10-18_9c8e08b7ae", "2013-10-18_bbe75fc6f2"]]),
    ("sparkle-test-apps", ["sparkle-test-apps/2024-06-30_fa4eaa977c/DevSignedApp/DevSignedApp.app",
                           "sparkle-test-apps/2024-06-30_fa4eaa977c/DevSignedAppVersion2/DevSignedAppVersion2.app"]),
    ("sparkle-test-apps-zip", ["sparkle-test-apps/2024-06-30_fa4eaa977c/archives/DevSignedApp.zip",
                               "sparkle-test-apps/2024-06-30_fa4eaa977c/archives/DevSignedAppVersion2.zip"]),
    ("fastlane-ExampleProductName-ipa", [f"fastlane-ExampleProductName-ipa/2015-08-05_3464be38a9/{s}/ExampleProductName.ipa"
                                         for s in ["multipleSchemes", "cocoapods"]]),
    # The same app in three containers: nothing but the container should differ.
    ("fastlane-very-capable-app ipa→xcarchive", [
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/very-capable-app.ipa",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/archives/very-capable-app.xcarchive"]),
    ("fastlane-very-capable-app ipa→app", [
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/very-capable-app.ipa",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas-extracted/very-capable-app/Payload/very-capable-app.app"]),
    ("fastlane-very-capable-app app-only→watch", [
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/iOSAppOnly.ipa",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/ContainsWatchApp.ipa"]),
    ("EmergeTools-SnapshotPreviews-xcframework", [
        f"EmergeTools-SnapshotPreviews-xcframework/{t}/PreviewsSupport.xcframework" for t in
        ["v0.8.3", "v0.8.10", "v0.10.13"]]),
]

L10N_SETS = [
    # (set, [tags oldest first], [(folder inside the tag, bundle id)])
    ("sparkle-source-lproj", ["2.0.0_85d3fa2e0e", "2.3.0_2a98381dfe", "2.6.4_0ef1ee0220"],
     [("Sparkle", "org.sparkle-project.Sparkle"), ("TestApplication", "org.sparkle-project.TestApplication")]),
    ("duckduckgo-iOS", ["7.69.2", "7.157.0-5"], [("DuckDuckGo", "com.duckduckgo.mobile.ios")]),
    ("MonitorControl-MonitorControl", ["v4.0.2", "v4.2.0", "v4.3.3"],
     [("MonitorControl/UI", "me.guillaumeb.MonitorControl")]),
    ("OpenEmu-OpenEmu", ["v2.2.1", "v2.3.3", "v2.4.1"], [("OpenEmu", "org.openemu.OpenEmu")]),
]


def wrap(corpus, scratch, set_name, tag, folder, bundle_id, build):
    source = os.path.join(corpus, "l10n", set_name, tag, folder)
    name = folder.split("/")[0]
    target = os.path.join(scratch, set_name, tag, name + ".bundle")
    if not os.path.exists(target):
        shutil.copytree(source, target, symlinks=True)
        with open(os.path.join(target, "Info.plist"), "wb") as f:
            plistlib.dump({"CFBundleIdentifier": bundle_id, "CFBundleVersion": str(build),
                           "CFBundleDevelopmentRegion": "en"}, f)
    return target


def pairs(corpus, scratch):
    out = []
    for name, builds in BUNDLE_SETS:
        paths = [os.path.join(corpus, "bundles", b) for b in builds]
        for old, new in zip(paths, paths[1:]):
            label = name if len(paths) == 2 else f"{name} {old.split('/')[-2]}→{new.split('/')[-2]}"
            out.append((label, old, new))
    for set_name, tags, folders in L10N_SETS:
        for folder, bundle_id in folders:
            wrapped = [wrap(corpus, scratch, set_name, t, folder, bundle_id, n + 1) for n, t in enumerate(tags)]
            for (a, pa), (b, pb) in zip(zip(tags, wrapped), list(zip(tags, wrapped))[1:]):
                out.append((f"{set_name}/{folder.split('/')[0]} {a}→{b}", pa, pb))
    return out


if __name__ == "__main__":
    corpus, scratch = sys.argv[1], sys.argv[2]
    for label, old, new in pairs(corpus, scratch):
        print(f"{label}\t{old}\t{new}")
