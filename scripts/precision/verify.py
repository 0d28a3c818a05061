#!/usr/bin/env python3
"""Checks every error- and warning-level finding of the reports run.py wrote against the raw
builds, with code that shares nothing with bundlediff (zipfile, plistlib and strings.py), and
prints the precision table of docs/precision.md.

usage: verify.py OUT [--list] [--pin FILE]
  OUT as run.py wrote it; --list prints every finding that is not confirmed, with the reason;
  --pin writes the per-pair, per-rule counts that Tests/…/CorpusPrecisionTests pins (only
  when no finding is false or unchecked).

A finding is TRUE when the defect it names is real in the build, as the system would see it at
run time; FALSE otherwise, with the reason. What "real" means per rule is written next to each
check below and in docs/precision.md.
"""
import collections
import datetime
import json
import os
import plistlib
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from buildtree import BuildTree  # noqa: E402
from strings import StringsError, conversions, parse_strings  # noqa: E402

_trees = {}


def tree(path):
    if path not in _trees:
        _trees[path] = BuildTree(path)
    return _trees[path]


def version_key(v):
    parts = v.split(".")
    nums = [int(p) for p in parts]
    while len(nums) > 1 and nums[-1] == 0:
        nums.pop()
    return nums


def well_formed(v):
    parts = v.split(".") if isinstance(v, str) else []
    return 1 <= len(parts) <= 3 and all(p.isdigit() and p.isascii() for p in parts)


def parent_language(lang):
    """pt-BR → pt, zh-Hant-TW → zh-Hant, en_GB → en; None for a bare language."""
    for sep in ("-", "_"):
        if sep in lang:
            return lang.rsplit(sep, 1)[0]
    return None


def reference_language(bundle):
    region = bundle.info.get("CFBundleDevelopmentRegion", "en")
    aliases = {"English": "en", "en_US": "en", "en-US": "en"}
    return aliases.get(region, region)


def load_table(t, full):
    data = t.read(full)
    if full.endswith(".stringsdict"):
        return plistlib.loads(data)
    return parse_strings(data)


def find_file(t, path):
    """The build's file that `path` (relative to the build, or to the bundle's parent) names."""
    hits = [rel for rel in t.files if rel == path or rel.endswith("/" + path) or path.endswith("/" + rel)]
    return min(hits, key=len) if hits else None


def bundle_of(t, ident, path_hint=None):
    bundles = t.bundles()
    if ident in bundles:
        return bundles[ident]
    return None


def table_for(bundle, lang, rel):
    return bundle.lproj_tables().get(lang, {}).get(rel)


def covered_by_parent(bundle, lang, rel, key=None):
    """A regional variant (en-GB) falls back to its parent language's folder (en) at run time."""
    parent = parent_language(lang)
    while parent:
        full = table_for(bundle, parent, rel)
        if full:
            if key is None:
                return True
            try:
                if key in load_table(bundle.tree, full):
                    return True
            except (StringsError, Exception):
                pass
        parent = parent_language(parent)
    return False


def split_lproj(path):
    """'X.app/fr.lproj/Localizable.strings' → ('fr', 'Localizable.strings')."""
    parts = path.split("/")
    for i, p in enumerate(parts):
        if p.endswith(".lproj"):
            return p[: -len(".lproj")], "/".join(parts[i + 1:])
    return None, None


def check_version_not_increased(f, old, new):
    b_old, b_new = bundle_of(old, f["bundle"]), bundle_of(new, f["bundle"])
    if not b_old or not b_new:
        return None, "bundle not found on both sides"
    vo, vn = b_old.info.get("CFBundleVersion"), b_new.info.get("CFBundleVersion")
    if not (well_formed(vo) and well_formed(vn)):
        return None, "malformed version"
    if version_key(vn) > version_key(vo):
        return False, f"{vo} → {vn} increased"
    if b_old.content_digest() == b_new.content_digest():
        identical = "same build" in f["message"] or "identical" in f["message"]
        return identical, "the bundle's content is identical on both sides" + (" (said so)" if identical else "")
    return True, f"{vo} → {vn} with other content"


def check_malformed(f, old, new):
    subject = f["fingerprint"].split("|")[-1]
    if subject.endswith(":missing"):
        key = subject[: -len(":missing")]
        b = bundle_of(new, f["bundle"])
        return (None, "bundle not found") if not b else (key not in b.info, f"{key} absent from Info.plist")
    key, _, value = subject.partition("=")
    for t in (new, old):
        b = bundle_of(t, f["bundle"])
        if b and b.info.get(key) == value:
            return (not well_formed(value)), f"{key} = {value!r}"
    return None, "value not found"


def table_pair(f, new, table_path):
    """(bundle, language, reference table path, translated table path), or a reason string."""
    b = bundle_of(new, f["bundle"])
    lang, rel = split_lproj(table_path)
    if not b or not lang:
        return "table not found"
    ref_full = table_for(b, reference_language(b), rel) or table_for(b, "Base", rel)
    full = table_for(b, lang, rel)
    if not ref_full or not full:
        return "tables not found"
    return b, lang, rel, ref_full, full


def check_format(f, old, new):
    _, _, table_path, key = f["fingerprint"].split("|", 3)
    pair = table_pair(f, new, table_path)
    if isinstance(pair, str):
        return None, pair
    _, _, _, ref_full, full = pair
    ref, tr = load_table(new, ref_full), load_table(new, full)
    a, c = flatten(ref).get(key), flatten(tr).get(key)
    if a is None or c is None:
        return None, f"key {key!r} not in both tables"
    placeholders_a, placeholders_c = app_placeholders(a), app_placeholders(c)
    if placeholders_a and placeholders_a != placeholders_c:
        return True, f"app placeholders {sorted(placeholders_a)} became {sorted(placeholders_c)}"
    ra = conversions(a)
    if ra is None:
        return False, f"the reference {a!r} holds no conversion (prose)"
    rc = conversions(c, space_is_prose=False) or {}
    if ra == rc:
        return False, f"{a!r} and {c!r} read the same arguments at run time"
    return True, f"{ra} vs {rc}"


def flatten(table, prefix=""):
    out = {}
    for k, v in table.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, name + "/"))
            out.setdefault(name, v.get("NSStringLocalizedFormatKey"))
        elif isinstance(v, str):
            out[name] = v
    return out


def app_placeholders(text):
    """`%0`, `%1` not followed by `$` or a conversion: an app's own placeholder (`%0 cores`)."""
    out, i = set(), 0
    while i < len(text):
        if text[i] == "%" and i + 1 < len(text) and text[i + 1].isdigit():
            j = i + 1
            while j < len(text) and text[j].isdigit():
                j += 1
            if j >= len(text) or not (text[j] == "$" or text[j].isalpha() or text[j] == "@"):
                out.add(text[i:j])
            i = j
        else:
            i += 1
    return out


def check_string_keys(f, old, new):
    table_path = f["paths"][0] if f["paths"] else f["fingerprint"].split("|")[2]
    pair = table_pair(f, new, table_path)
    if isinstance(pair, str):
        return None, pair
    b, lang, rel, ref_full, full = pair
    try:
        ref, tr = flatten(load_table(new, ref_full)), flatten(load_table(new, full))
    except StringsError as e:
        return None, f"unparseable: {e}"
    missing = [k for k in ref if k not in tr and not covered_by_parent(b, lang, rel, k)]
    if missing:
        return True, f"{lang} lacks {len(missing)} key(s) the reference has (e.g. {missing[0]!r})"
    extra = [k for k in tr if k not in ref]
    return False, f"no user-visible gap ({len(extra)} extra key(s) only, or covered by the parent language)"


def check_missing_file(f, old, new):
    subject = f["fingerprint"].split("|", 2)[2]
    where, _, langs = subject.rpartition("@")
    folder, _, name = where.rpartition("/")
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, "bundle not found"
    tables = b.lproj_tables()
    holders = [l for l, files in tables.items() if any(p == name or p.startswith(name + "/") for p in files)]
    real = []
    for lang in langs.split(","):
        files = tables.get(lang)
        if files is None:
            continue
        if any(p == name or p.startswith(name + "/") for p in files):
            return False, f"{lang}.lproj has {name}"
        if not covered_by_parent(b, lang, name):
            real.append(lang)
    if not holders:
        return False, f"no language has {name}"
    return (True, f"{name} missing from {','.join(real)}") if real else (False, "all covered by parents")


def check_declared(f, old, new):
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, "bundle not found"
    langs = set(b.lproj_tables())
    parts = f["fingerprint"].split("|")
    kind, lang = parts[2], parts[-1]
    if kind == "development-region":
        if lang in langs:
            return False, f"{lang}.lproj exists"
        if "Base" in langs:
            return False, "Base.lproj serves the development region (Xcode's standard layout)"
        return True, f"no {lang}.lproj and no Base.lproj"
    if kind == "declared-without-folder":
        return lang not in langs, f"{lang}.lproj {'exists' if lang in langs else 'missing'}"
    if kind == "folder-not-declared":
        declared = b.info.get("CFBundleLocalizations") or []
        return lang not in declared, f"declared: {declared}"
    return None, f"unknown kind {kind}"


def check_language_dropped(f, old, new):
    parts = f["fingerprint"].split("|")
    bo, bn = bundle_of(old, f["bundle"]), bundle_of(new, f["bundle"])
    if not bo or not bn:
        return None, "bundle not found"
    lo, ln = set(bo.lproj_tables()), set(bn.lproj_tables())
    if parts[2] == "dropped":
        if parts[3] in lo and parts[3] not in ln and parts[3] == reference_language(bn) and "Base" in ln:
            return False, f"{parts[3]}.lproj gave way to Base.lproj, which serves the development region"
        # ISO 639's withdrawn codes and their replacements are one language for ICU's alias
        # table, which CFBundle matches folders with (`no` is not: CLDR makes it the parent
        # of `nb` and `nn`, so Nynorsk users lose their fallback when it goes).
        twin = {"iw": "he", "he": "iw", "in": "id", "id": "in", "ji": "yi", "yi": "ji"}
        if parts[3] not in ln and twin.get(parts[3]) in ln:
            return False, f"{parts[3]}.lproj gone, {twin[parts[3]]}.lproj (the same language) stays"
        return (parts[3] in lo and parts[3] not in ln), f"{parts[3]}: old {parts[3] in lo}, new {parts[3] in ln}"
    if parts[2] == "renamed":
        return (parts[3] in lo and parts[3] not in ln and parts[4] in ln), f"{parts[3]} → {parts[4]}"
    return None, f"unknown kind {parts[2]}"


def check_infoplist(f, old, new):
    b = bundle_of(new, f["bundle"])
    table_path = f["paths"][0] if f["paths"] else ""
    lang, rel = split_lproj(table_path)
    if not b or not lang:
        return None, "table not found"
    detail = f["fingerprint"].split("|")[-1]
    kind, _, keys = detail.partition(":")
    full = table_for(b, lang, rel)
    table = load_table(new, full) if full else {}
    if kind == "missing":
        missing = [k for k in keys.split(",") if k in b.info and k not in table
                   and not covered_by_parent(b, lang, rel, k)]
        return bool(missing), f"missing {missing}"
    return None, f"kind {kind}: check by hand"


def check_move(f, old, new):
    subject = f["fingerprint"].split("|", 2)[2]
    a, _, c = subject.partition("->")

    def present(t, p):
        # Paths in a report start at the build's top (`X.app/...`); a tree read from a
        # bundle folder starts inside it.
        top = os.path.basename(t.path.rstrip("/")) + "/"
        candidates = [p] + ([p[len(top):]] if p.startswith(top) else [])
        return any(c in t.files or any(r.startswith(c + "/") for r in t.files) for c in candidates)

    fact = present(old, a) and not present(new, a) and present(new, c) and not present(old, c)
    if not fact:
        return False, f"{a} → {c} is not a move in the files"
    if not f["bundle"]:
        return False, "outside every bundle: no bundle lookup can name it"
    if f["ruleId"] == "moves.localization-changed":
        la, _ = split_lproj(a + "/x")
        lc, _ = split_lproj(c + "/x")
        norm = {x: x.replace("_", "-").lower() for x in (la, lc) if x}
        if la and lc and norm[la] == norm[lc]:
            return False, f"{la}.lproj and {lc}.lproj are one language respelled: every user gets the same file"
        b = bundle_of(old, f["bundle"]) or bundle_of(new, f["bundle"])
        dev = reference_language(b) if b else "en"
        if la and lc and {la, lc} == {dev, "Base"}:
            return False, f"Base.lproj serves the development region ({dev}): every language falls back to the same file"
    if f["ruleId"] == "moves.between-bundles":
        owner_old = [i for i, b in old.bundles().items() if b.root and a.startswith(b.root + "/")]
        still = [i for i in owner_old if i in new.bundles()]
        if not still:
            return False, "the source bundle is gone: a bundle replaced, not a resource moved"
    return True, f"{a} → {c}"


CHECKS = {
    "version.build-not-increased": check_version_not_increased,
    "version.malformed": check_malformed,
    "l10n.format-specifiers": check_format,
    "l10n.format-argument-missing": check_format,
    "l10n.string-keys": check_string_keys,
    "l10n.missing-file": check_missing_file,
    "l10n.declared-languages": check_declared,
    "l10n.language-dropped": check_language_dropped,
    "l10n.infoplist-strings": check_infoplist,
    "moves.resource-moved": check_move,
    "moves.localization-changed": check_move,
    "moves.between-bundles": check_move,
    "moves.case-only-rename": check_move,
}


def check_unreadable(f, old, new):
    path = f["paths"][0] if f["paths"] else ""
    full = find_file(new, path)
    if not full:
        return None, "file not found"
    try:
        parse_strings(new.read(full))
        return False, "parses"
    except StringsError as e:
        return True, str(e)


CHECKS["l10n.unreadable-table"] = check_unreadable


# Check rules (`bundlediff check`, shown by `diff` on the new build): judged on the new build.

def check_required_keys(f, old, new):
    """TRUE when the named Info.plist key is absent, empty or not a string in the raw plist."""
    b = bundle_of(new, f["bundle"])
    msg = f["message"]
    key = next((k for k in ("CFBundleIdentifier", "CFBundleExecutable", "CFBundleVersion",
                            "CFBundleShortVersionString", "MinimumOSVersion") if f" {k} " in msg or f"'s {k} " in msg), None)
    if not b or not key:
        return None, "bundle or key not found"
    value = b.info.get(key)
    if value is None or (isinstance(value, str) and not value.strip(" \t")):
        return True, f"{key} is {'absent' if value is None else 'empty'}"
    if not isinstance(value, str):
        return True, f"{key} is a {type(value).__name__}"
    return False, f"{key} = {value!r}"


def check_bundle_executable(f, old, new):
    """TRUE when no file of the build sits where the bundle's CFBundleExecutable should be."""
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, "bundle not found"
    name = b.info.get("CFBundleExecutable")
    prefix = b.root + "/" if b.root else ""
    places = [prefix + name, prefix + "Contents/MacOS/" + name]
    places += [r for r in new.files if r.startswith(prefix + "Versions/") and r.endswith("/" + name)
               and r.count("/") == (prefix + "Versions/x/" + name).count("/")]
    if os.path.isdir(new.path):
        present = [p for p in places if os.path.lexists(os.path.join(new.path, p))]
    else:
        present = [p for p in places if p in new.files or any(n.filename == p for n in new.zip.infolist())]
    return (False, f"{present[0]} exists") if present else (True, f"no {name} in {prefix or 'the bundle'}")


CHECKS["info-plist.required-keys"] = check_required_keys
CHECKS["info-plist.bundle-executable"] = check_bundle_executable


def check_icon_files(f, old, new):
    """TRUE when no file at the bundle's top (or in a top-level .lproj) is the named icon or
    the name with .png, @Nx and ~device added."""
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, "bundle not found"
    name = f["fingerprint"].split("|")[-1]
    prefix = b.root + "/" if b.root else ""
    stem = name.lower()[:-4] if name.lower().endswith(".png") else name.lower()
    for rel in new.files:
        if not rel.startswith(prefix):
            continue
        parts = rel[len(prefix):].split("/")
        if len(parts) == 2 and parts[0].endswith(".lproj"):
            parts = parts[1:]
        if len(parts) != 1:
            continue
        low = parts[0].lower()
        base = low[:-4] if low.endswith(".png") else low
        base = base.split("~")[0]
        if "@" in base and base.rsplit("@", 1)[1][:-1].isdigit() and base.endswith("x"):
            base = base.rsplit("@", 1)[0]
        if low == name.lower() or base == stem:
            return False, f"{rel} answers {name}"
    return True, f"no image for {name} in {prefix or 'the bundle'}"


CHECKS["info-plist.icon-files"] = check_icon_files


def check_icon_name(f, old, new):
    """TRUE when the raw Info.plist names no icon set (CFBundleIconName, at the top or under
    CFBundleIcons > CFBundlePrimaryIcon) and Xcode wrote an iOS SDK of 11 or later into it
    (DTPlatformName iphoneos, DTPlatformVersion): read independently of the Mach-O facts."""
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, "bundle not found"
    primary = (b.info.get("CFBundleIcons") or {}).get("CFBundlePrimaryIcon") or {}
    names = [b.info.get("CFBundleIconName"), primary.get("CFBundleIconName") if isinstance(primary, dict) else None]
    if any(isinstance(n, str) and n for n in names):
        return False, f"names the icon set {next(n for n in names if isinstance(n, str) and n)!r}"
    version = b.info.get("DTPlatformVersion")
    if b.info.get("DTPlatformName") != "iphoneos" or not isinstance(version, str):
        return None, "no iOS SDK in Info.plist"
    major = int(version.split(".")[0]) if version.split(".")[0].isdigit() else None
    if major is None:
        return None, f"DTPlatformVersion {version!r}"
    return (major >= 11), f"no CFBundleIconName; DTPlatformVersion {version}"


CHECKS["info-plist.icon-name"] = check_icon_name


IPAD_ORIENTATIONS = ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationPortraitUpsideDown",
                     "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"]


def ipad_multitasking(b):
    """Why the raw Info.plist keeps the app out of iPad multitasking, or None when it takes
    part: UIDeviceFamily must hold 2, and UIRequiresFullScreen~ipad (else UIRequiresFullScreen)
    must not be on (a boolean, a non-zero number, or a string starting Y, y, T, t, 1-9)."""
    family = b.info.get("UIDeviceFamily")
    family = family if isinstance(family, list) else [family]
    if not any(v == 2 or v == "2" for v in family):
        return f"UIDeviceFamily {b.info.get('UIDeviceFamily')!r}"
    full = b.info.get("UIRequiresFullScreen~ipad", b.info.get("UIRequiresFullScreen"))
    on = full if isinstance(full, (bool, int, float)) else (
        isinstance(full, str) and full.strip().lstrip("+-").lstrip("0")[:1] in tuple("YyTt123456789"))
    return "UIRequiresFullScreen" if on else None


def multitasking_app(f, new):
    """The finding's bundle in `new` and None when it takes part in iPad multitasking;
    else None and the verdict of both iPad checks (bundle missing: unchecked; not
    multitasking: false)."""
    b = bundle_of(new, f["bundle"])
    if not b:
        return None, (None, "bundle not found")
    out = ipad_multitasking(b)
    return (None, (False, out)) if out else (b, None)


def check_ipad_orientations(f, old, new):
    """TRUE when the app takes part in iPad multitasking (`ipad_multitasking`) and the
    iPad's orientation list (UISupportedInterfaceOrientations~ipad, else the plain key) lacks
    one of the four that iPad multitasking needs (ITMS-90474)."""
    b, verdict = multitasking_app(f, new)
    if verdict:
        return verdict
    key = next((k for k in ("UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations") if k in b.info), None)
    if key is None or not isinstance(b.info[key], list):
        return False, "no orientation list"
    missing = [o for o in IPAD_ORIENTATIONS if o not in b.info[key]]
    return bool(missing), f"{key} lacks {missing}"


CHECKS["info-plist.ipad-orientations"] = check_ipad_orientations


def check_ipad_launch_screen(f, old, new):
    """TRUE when the app takes part in iPad multitasking (`ipad_multitasking`) and either
    names no launch screen (no UILaunchStoryboardName, no UILaunchScreen) or names a storyboard
    whose compiled form (Name.storyboardc or Name.nib, at the app's top or in an .lproj) the
    build does not hold (ITMS-90475)."""
    b, verdict = multitasking_app(f, new)
    if verdict:
        return verdict
    name = b.info.get("UILaunchStoryboardName~ipad", b.info.get("UILaunchStoryboardName"))
    if not name:
        screen = b.info.get("UILaunchScreen~ipad", b.info.get("UILaunchScreen"))
        return screen is None, "no UILaunchStoryboardName" + ("" if screen is None else ", but UILaunchScreen")
    held = [rel for rel in new.files if any(part in (name + ".storyboardc", name + ".nib") for part in rel.split("/"))]
    return (not held), f"UILaunchStoryboardName {name!r}; compiled forms in the build: {held[:3]}"


CHECKS["info-plist.ipad-launch-screen"] = check_ipad_launch_screen


# Mach-O facts, read by macholib (PyPI; no code shared with bundlediff's reader).
MACHO_PLATFORMS = {1: "macOS", 2: "iOS", 3: "tvOS", 4: "watchOS", 6: "macCatalyst", 11: "visionOS"}


def macho_minimums(t, rel):
    """{platform name: lowest minimum OS} of the Mach-O file at `rel`, via macholib."""
    import tempfile
    from macholib.MachO import MachO
    from macholib import mach_o
    vmin = {mach_o.LC_VERSION_MIN_MACOSX: 1, mach_o.LC_VERSION_MIN_IPHONEOS: 2,
            mach_o.LC_VERSION_MIN_TVOS: 3, mach_o.LC_VERSION_MIN_WATCHOS: 4}
    with tempfile.NamedTemporaryFile() as tmp:
        tmp.write(t.read(rel))
        tmp.flush()
        found = {}
        for h in MachO(tmp.name).headers:
            for lc, cmd, _ in h.commands:
                if lc.cmd == mach_o.LC_BUILD_VERSION:
                    platform, minos = cmd.platform, cmd.minos
                elif lc.cmd in vmin:
                    platform, minos = vmin[lc.cmd], cmd.version
                else:
                    continue
                name = MACHO_PLATFORMS.get(platform)
                if name:
                    found[name] = min(found.get(name, minos), minos)
        return found


def check_minimum_os_raised(f, old, new):
    """TRUE when macholib reads, for the platform the message names, a higher minimum OS in the
    new build's executable than in the old build's at the same path."""
    rel = f["paths"][0]
    if rel not in new.files and "/" in rel:
        rel = rel.split("/", 1)[1]  # the tree is rooted inside the input's top folder
    if rel not in old.files or rel not in new.files:
        return None, "executable not at the same path in both builds"
    platform = f["message"].split()[1]
    was, now = macho_minimums(old, rel).get(platform), macho_minimums(new, rel).get(platform)
    if was is None or now is None:
        return False, f"macholib finds no {platform} minimum in both"
    text = lambda v: f"{v >> 16}.{(v >> 8) & 0xff}"
    return (now > was, f"macholib: {platform} {text(was)} → {text(now)}")


CHECKS["binary.minimum-os-raised"] = check_minimum_os_raised


def macho_frameworks(t, rel):
    """Names of the /System/Library/Frameworks/NAME.framework libraries any slice links, via macholib."""
    import tempfile
    from macholib.MachO import MachO
    from macholib import mach_o
    kinds = {mach_o.LC_LOAD_DYLIB, mach_o.LC_LOAD_WEAK_DYLIB, mach_o.LC_REEXPORT_DYLIB,
             mach_o.LC_LAZY_LOAD_DYLIB, mach_o.LC_LOAD_UPWARD_DYLIB}
    prefix = "/System/Library/Frameworks/"
    with tempfile.NamedTemporaryFile() as tmp:
        tmp.write(t.read(rel))
        tmp.flush()
        found = set()
        for h in MachO(tmp.name).headers:
            for lc, _, data in h.commands:
                name = data.rstrip(b"\0").decode("utf-8", "replace") if lc.cmd in kinds else ""
                if name.startswith(prefix) and name[len(prefix):].split("/")[0].endswith(".framework"):
                    found.add(name[len(prefix):].split("/")[0][:-len(".framework")])
        return found


def check_usage_description_missing(f, old, new):
    """TRUE when macholib finds the named framework linked by the new executable and not the old
    one, the class's linker name is in the new file's bytes (its string table), and plistlib finds
    none of the named keys in the new Info.plist."""
    info, rel = f["paths"][0], f["paths"][1]
    if rel not in new.files and "/" in rel:
        rel, info = rel.split("/", 1)[1], info.split("/", 1)[1]
    if rel not in old.files or rel not in new.files or info not in new.files:
        return None, "executable not at the same path in both builds"
    message = f["message"]
    framework = message.split(" newly links ", 1)[1].split(" and uses ", 1)[0]
    classes = message.split(" and uses ", 1)[1].split(", but ", 1)[0].split(", ")
    keys = message.split("Info.plist has no ", 1)[1].split(":", 1)[0].removeprefix("any of ").split(", ")
    if framework in macho_frameworks(old, rel) or framework not in macho_frameworks(new, rel):
        return False, f"macholib: {framework} not newly linked"
    data = new.read(rel)
    if not any(b"_OBJC_CLASS_$_" + c.encode() + b"\0" in data for c in classes):
        return False, "no class name in the binary"
    plist = plistlib.loads(new.read(info))
    present = [k for k in keys if k in plist]
    return (not present, f"keys present: {present}" if present else f"{framework} newly linked, no {keys[0]}")


CHECKS["binary.usage-description-missing"] = check_usage_description_missing


# Provisioning profiles and code-signature seals: the profile's plist is found between
# `<?xml` and `</plist>` in the CMS bytes (no DER walk); the seal's files2 is compared with the
# files by hashlib. The report date is the one run.py passes.
REPORT_DATE = datetime.datetime(2026, 1, 1)


def profile_plist(t, path):
    full = find_file(t, path)
    if not full:
        return None
    data = t.read(full)
    start, end = data.find(b"<?xml"), data.find(b"</plist>")
    if start < 0 or end < 0:
        return None
    return plistlib.loads(data[start:end + len(b"</plist>")])


def check_profile_expired(f, old, new):
    profile = profile_plist(new, f["paths"][0]) if f["paths"] else None
    if profile is None:
        return None, "profile not found"
    expiry = profile.get("ExpirationDate")
    if not isinstance(expiry, datetime.datetime):
        return None, "no ExpirationDate"
    return (expiry <= REPORT_DATE), f"expires {expiry}"


def check_profile_expiring(f, old, new):
    profile = profile_plist(new, f["paths"][0]) if f["paths"] else None
    if profile is None or not isinstance(profile.get("ExpirationDate"), datetime.datetime):
        return None, "profile not found"
    left = profile["ExpirationDate"] - REPORT_DATE
    return (datetime.timedelta(0) < left <= datetime.timedelta(days=30)), f"expires in {left}"


def exact_file(t, path):
    """The build's file at `path` (relative to the build, or to a folder above it), or None:
    leading components are dropped one by one, never matched loosely."""
    parts = path.split("/")
    for i in range(len(parts)):
        rel = "/".join(parts[i:])
        if rel in t.files:
            return rel
    return None


def seal_entry(f, t):
    """(files2 entry or None, the file's path in the build or None, files2 key)."""
    if len(f["paths"]) < 2 or not f["paths"][1].endswith("_CodeSignature/CodeResources"):
        return None, None, None
    seal_path = exact_file(t, f["paths"][1])
    if not seal_path:
        return None, None, None
    seal = plistlib.loads(t.read(seal_path))
    root = f["paths"][1][: -len("_CodeSignature/CodeResources")]
    target = f["paths"][0]
    if not target.startswith(root):
        return None, None, None
    key = target[len(root):]
    return seal.get("files2", {}).get(key), exact_file(t, target), key


def check_seal_changed(f, old, new):
    entry, full, key = seal_entry(f, new)
    if not isinstance(entry, dict) or "hash2" not in entry or not full:
        return None, f"no hash2 for {key}"
    return new.digest(full) != entry["hash2"].hex(), key


def check_seal_added(f, old, new):
    entry, full, key = seal_entry(f, new)
    return (full is not None and entry is None), key


def check_seal_missing(f, old, new):
    entry, full, key = seal_entry(f, new)
    return (full is None and entry is not None and not entry.get("optional")), key


CHECKS["profile.expired"] = check_profile_expired
CHECKS["profile.expiring"] = check_profile_expiring
CHECKS["seal.changed"] = check_seal_changed
CHECKS["seal.added"] = check_seal_added
CHECKS["seal.missing"] = check_seal_missing


def main():
    out = sys.argv[1]
    verbose = "--list" in sys.argv
    rows, totals, pins = [], collections.Counter(), []
    for line in open(os.path.join(out, "index.tsv")):
        n, label, old_path, new_path, status, err = line.rstrip("\n").split("\t")
        if status == "2":
            rows.append((label, f"refused: {err}", 0, 0, 0))
            pins.append(f"{label}\t(refused)\t\t0")
            continue
        report = json.load(open(os.path.join(out, f"{n}.json")))
        old, new = tree(old_path), tree(new_path)
        per_rule = collections.defaultdict(lambda: [0, 0, 0])  # found, false, unchecked
        for f in report["findings"]:
            if f["severity"] not in ("error", "warning"):
                continue
            check = CHECKS.get(f["ruleId"])
            verdict, why = check(f, old, new) if check else (None, "no check")
            cell = per_rule[(f["ruleId"], f["severity"])]
            cell[0] += 1
            if verdict is False:
                cell[1] += 1
            elif verdict is None:
                cell[2] += 1
            if verbose and verdict is not True:
                print(f"{'FALSE' if verdict is False else 'UNCHECKED'} [{label}] {f['ruleId']}: {f['message'][:160]}"
                      f"\n    because: {why}")
        text = ", ".join(f"{r} ({s}) {c[0]}" + (f", {c[1]} false" if c[1] else "") +
                         (f", {c[2]} unchecked" if c[2] else "") for (r, s), c in sorted(per_rule.items()))
        pins.extend(f"{label}\t{r}\t{s}\t{c[0]}" for (r, s), c in sorted(per_rule.items()))
        found = sum(c[0] for c in per_rule.values())
        false = sum(c[1] for c in per_rule.values())
        unchecked = sum(c[2] for c in per_rule.values())
        totals.update({"found": found, "false": false, "unchecked": unchecked})
        rows.append((label, text or "none", found, false, unchecked))
    print("| pair | error and warning findings per rule | found | false | unchecked |")
    print("|---|---|---:|---:|---:|")
    for label, text, found, false, unchecked in rows:
        print(f"| {label} | {text} | {found} | {false} | {unchecked} |")
    print(f"| **all** | | **{totals['found']}** | **{totals['false']}** | **{totals['unchecked']}** |")
    if "--pin" in sys.argv:
        if totals["false"] or totals["unchecked"]:
            sys.exit("not pinning: some findings are false or unchecked")
        with open(sys.argv[sys.argv.index("--pin") + 1], "w") as f:
            f.write("# pair\trule\tseverity\tcount — written by scripts/precision/verify.py --pin\n")
            f.write("\n".join(pins) + "\n")


if __name__ == "__main__":
    main()
