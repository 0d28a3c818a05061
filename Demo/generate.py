#!/usr/bin/env python3
"""Writes the two demo builds under Demo/builds/ (run from the repository root).

The builds are a small but realistic iOS app, "Wanderlust": four languages plus
Base.lproj, a share extension, an embedded framework, a code signature and a privacy
manifest. Build 2 changes what release reviews meet every week: a new build number,
a changed usage description, a moved resource, a new language that is not finished,
an extension whose version was not bumped and a translation with a broken specifier.
The output is committed; re-run this only to change the demo.
"""
import hashlib, os, plistlib, shutil, stat

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "builds")


def write(path, data, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    os.chmod(path, mode)


def macho(name, size):
    """A stand-in Mach-O: the 64-bit magic, then deterministic filler."""
    body = b"\xcf\xfa\xed\xfe\x0c\x00\x00\x01" + name.encode()
    seed = hashlib.sha256(name.encode()).digest()
    while len(body) < size:
        seed = hashlib.sha256(seed).digest()
        body += seed
    return body[:size]


def strings(pairs, utf16=False):
    text = "".join(f'/* {c} */\n"{k}" = "{v}";\n\n' for k, v, c in pairs)
    return ("\ufeff" + text).encode("utf-16-le") if utf16 else text.encode("utf-8")


def info(ident, short, build, name, extra=None):
    d = {
        "CFBundleDevelopmentRegion": "en",
        "CFBundleExecutable": name,
        "CFBundleIdentifier": ident,
        "CFBundleInfoDictionaryVersion": "6.0",
        "CFBundleName": name,
        "CFBundleShortVersionString": short,
        "CFBundleVersion": build,
        "CFBundleSupportedPlatforms": ["iPhoneOS"],
        "DTPlatformName": "iphoneos",
        "MinimumOSVersion": "16.0",
    }
    d.update(extra or {})
    return d


LOCALIZABLE = {
    "en": [("trip.title", "My Trips", "Title of the trips screen"),
           ("trip.count", "%d trips planned", "Number of trips"),
           ("welcome", "Welcome back, %@!", "Greeting with the user's name"),
           ("map.offline", "Offline maps", "Settings row")],
    "de": [("trip.title", "Meine Reisen", ""), ("trip.count", "%d Reisen geplant", ""),
           ("welcome", "Willkommen zurück, %@!", ""), ("map.offline", "Offline-Karten", "")],
    "fr": [("trip.title", "Mes voyages", ""), ("trip.count", "%d voyages prévus", ""),
           ("welcome", "Bon retour, %@ !", ""), ("map.offline", "Cartes hors ligne", "")],
    "ja": [("trip.title", "マイ旅行", ""), ("trip.count", "%d件の旅行", ""),
           ("welcome", "おかえりなさい、%@さん！", ""), ("map.offline", "オフラインマップ", "")],
}

INFOPLIST_STRINGS = {
    "en": [("CFBundleDisplayName", "Wanderlust", ""),
           ("NSCameraUsageDescription", "Wanderlust uses the camera to scan tickets.", "")],
    "de": [("CFBundleDisplayName", "Wanderlust", ""),
           ("NSCameraUsageDescription", "Wanderlust scannt Tickets mit der Kamera.", "")],
    "fr": [("CFBundleDisplayName", "Wanderlust", ""),
           ("NSCameraUsageDescription", "Wanderlust utilise l’appareil photo pour scanner les billets.", "")],
    "ja": [("CFBundleDisplayName", "ワンダーラスト", ""),
           ("NSCameraUsageDescription", "チケットを読み取るためにカメラを使用します。", "")],
}


def stringsdict(word):
    return plistlib.dumps({"trip.count": {
        "NSStringLocalizedFormatKey": "%#@trips@",
        "trips": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                  "NSStringFormatValueTypeKey": "d",
                  "one": f"%d {word}", "other": f"%d {word}s"}}})


def build(version, short, build_number):
    app = os.path.join(ROOT, version, "Wanderlust.app")
    shutil.rmtree(os.path.join(ROOT, version), ignore_errors=True)
    v2 = version != "1"
    langs = ["en", "de", "fr", "ja"] + (["ko"] if v2 else [])
    camera = ("Wanderlust uses the camera to scan tickets and passports." if v2
              else "Wanderlust uses the camera to scan tickets.")
    write(f"{app}/Info.plist", plistlib.dumps(info("com.example.wanderlust", short, build_number,
        "Wanderlust", {
            "CFBundleDisplayName": "Wanderlust",
            "CFBundleLocalizations": langs,
            "LSRequiresIPhoneOS": True,
            "NSCameraUsageDescription": camera,
            "NSLocationWhenInUseUsageDescription": "Shows where you are on the trip map.",
            "UIDeviceFamily": [1, 2],
            "UILaunchStoryboardName": "LaunchScreen",
            "UIMainStoryboardFile": "Main",
            "UIRequiredDeviceCapabilities": ["arm64"],
        })))
    write(f"{app}/Wanderlust", macho("Wanderlust" + version, 48000 if v2 else 45000), 0o755)
    write(f"{app}/PkgInfo", "APPL????")
    write(f"{app}/Assets.car", macho("assets" + version, 20000))
    write(f"{app}/PrivacyInfo.xcprivacy", plistlib.dumps({
        "NSPrivacyTracking": False,
        "NSPrivacyCollectedDataTypes": [{"NSPrivacyCollectedDataType":
            "NSPrivacyCollectedDataTypePreciseLocation", "NSPrivacyCollectedDataTypeLinked": False}],
        "NSPrivacyAccessedAPITypes": []}))
    # A resource that moves between the builds.
    map_path = "Maps/world-map.png" if v2 else "world-map.png"
    write(f"{app}/{map_path}", macho("world-map", 6000))
    for sb in ["Main", "LaunchScreen"]:
        write(f"{app}/Base.lproj/{sb}.storyboardc/Info.plist",
              plistlib.dumps({"UIStoryboardDesignatedEntryPointIdentifier": "UIViewController-1",
                              "UIViewControllerIdentifiersToNibNames": {"UIViewController-1": "Root"}},
                             fmt=plistlib.FMT_BINARY))
        write(f"{app}/Base.lproj/{sb}.storyboardc/Root.nib", macho(sb + "nib", 900))
    for lang in langs:
        pairs = list(LOCALIZABLE.get(lang, [("trip.title", "내 여행", ""), ("welcome", "다시 오신 것을 환영합니다, %@!", "")]))
        if v2 and lang == "fr":
            pairs[1] = ("trip.count", "%@ voyages prévus", "")
        if v2 and lang == "en":
            pairs.append(("trip.share", "Share trip", "Share button"))
        if v2 and lang in ("de", "ja"):
            pairs.append(("trip.share", {"de": "Reise teilen", "ja": "旅行を共有"}[lang], ""))
        write(f"{app}/{lang}.lproj/Localizable.strings", strings(pairs, utf16=(lang == "ja")))
        ip = INFOPLIST_STRINGS.get(lang, [("CFBundleDisplayName", "원더러스트", "")])
        if v2 and lang == "en":
            ip = [ip[0], ("NSCameraUsageDescription", camera, "")]
        write(f"{app}/{lang}.lproj/InfoPlist.strings", strings(ip))
        if lang != "ko":
            write(f"{app}/{lang}.lproj/Main.strings", strings([("Root.title", LOCALIZABLE[lang][0][1], "")]))
        if lang in ("en", "de"):
            write(f"{app}/{lang}.lproj/Localizable.stringsdict", stringsdict("trip" if lang == "en" else "Reise"))
    if not v2:
        write(f"{app}/ja.lproj/Onboarding.png", macho("onboarding-ja", 3000))
        write(f"{app}/en.lproj/Onboarding.png", macho("onboarding-en", 3000))
        write(f"{app}/de.lproj/Onboarding.png", macho("onboarding-de", 3000))
        write(f"{app}/fr.lproj/Onboarding.png", macho("onboarding-fr", 3000))
    else:
        for lang in ["en", "de", "fr"]:
            write(f"{app}/{lang}.lproj/Onboarding.png", macho("onboarding-" + lang, 3000))

    ext = f"{app}/PlugIns/WanderlustShare.appex"
    # The extension's build number is not bumped in build 2 (a real, common mistake).
    write(f"{ext}/Info.plist", plistlib.dumps(info("com.example.wanderlust.share", "1.0", "41",
        "WanderlustShare", {"NSExtension": {"NSExtensionPointIdentifier": "com.apple.share-services",
                                            "NSExtensionPrincipalClass": "ShareViewController"}})))
    write(f"{ext}/WanderlustShare", macho("share" + version, 12000), 0o755)
    for lang in ["en", "de", "fr", "ja"]:
        write(f"{ext}/{lang}.lproj/Localizable.strings",
              strings([("share.post", {"en": "Post", "de": "Teilen", "fr": "Publier", "ja": "投稿"}[lang], "")]))

    fw = f"{app}/Frameworks/WanderlustKit.framework"
    write(f"{fw}/Info.plist", plistlib.dumps(info("com.example.WanderlustKit", "3.2.0" if v2 else "3.1.0",
        "310" if not v2 else "320", "WanderlustKit", {"CFBundlePackageType": "FMWK"}), fmt=plistlib.FMT_BINARY))
    write(f"{fw}/WanderlustKit", macho("kit" + version, 30000), 0o755)
    write(f"{fw}/Routes.json", '{"routes": ["Lisbon", "Kyoto", "Oaxaca"]}\n')

    files = {}
    for dirpath, _, names in os.walk(app):
        for n in names:
            p = os.path.join(dirpath, n)
            rel = os.path.relpath(p, app)
            if rel.startswith("_CodeSignature") or (os.stat(p).st_mode & stat.S_IXUSR and "/" not in rel):
                continue
            files[rel] = {"hash2": hashlib.sha256(open(p, "rb").read()).digest()}
    # The rules2 table Xcode writes for iOS apps (Info.plist and PkgInfo tie with "^" at
    # weight 20; the seal lists them, so they count as sealed).
    rules2 = {
        "^.*": True, "^": {"weight": 20.0}, r".*\.dSYM($|/)": {"weight": 11.0},
        r"^(.*/)?\.DS_Store$": {"omit": True, "weight": 2000.0},
        r"^.*\.lproj/": {"optional": True, "weight": 1000.0},
        r"^.*\.lproj/locversion.plist$": {"omit": True, "weight": 1100.0},
        r"^Base\.lproj/": {"weight": 1010.0}, r"^Info\.plist$": {"omit": True, "weight": 20.0},
        r"^PkgInfo$": {"omit": True, "weight": 20.0}, r"^embedded\.provisionprofile$": {"weight": 20.0},
        r"^version\.plist$": {"weight": 20.0},
    }
    write(f"{app}/_CodeSignature/CodeResources", plistlib.dumps({"files": {}, "files2": dict(sorted(files.items())),
                                                                 "rules": {}, "rules2": rules2}))


build("1", "1.0", "41")
build("2", "1.1", "42")
