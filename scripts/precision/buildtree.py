"""A build's files and bundles, read with Python's own zipfile/plistlib and the file system.

Independent of bundlediff (shares no code): the precision check uses it to confirm or refute
each finding from the raw build.
"""
import hashlib
import os
import plistlib
import zipfile

BUNDLE_EXTENSIONS = (".app", ".framework", ".appex", ".bundle", ".xctest", ".xpc", ".plugin", ".kext")
INFO_LOCATIONS = ("Info.plist", "Contents/Info.plist", "Resources/Info.plist", "Versions/A/Resources/Info.plist",
                  "Versions/Current/Resources/Info.plist")


class BuildTree:
    """Every regular file of a build (directory, .ipa or .zip) by its path inside the build."""

    def __init__(self, path):
        self.path = path
        self.files = {}  # relative path -> (size, loader)
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                for name in names:
                    full = os.path.join(root, name)
                    if os.path.islink(full) or not os.path.isfile(full):
                        continue
                    rel = os.path.relpath(full, path)
                    self.files[rel] = full
        else:
            self.zip = zipfile.ZipFile(path)
            for info in self.zip.infolist():
                if info.is_dir() or (info.external_attr >> 16) & 0o170000 == 0o120000:
                    continue
                self.files[info.filename] = info
        self._digests = {}

    def read(self, rel):
        source = self.files[rel]
        if isinstance(source, str):
            with open(source, "rb") as f:
                return f.read()
        return self.zip.read(source)

    def digest(self, rel):
        if rel not in self._digests:
            self._digests[rel] = hashlib.sha256(self.read(rel)).hexdigest()
        return self._digests[rel]

    def bundles(self):
        """{bundle id: Bundle} for every bundle (a folder with a bundle extension and an Info.plist)."""
        roots = set()
        for rel in self.files:
            parts = rel.split("/")
            for i in range(len(parts)):
                if parts[i].endswith(BUNDLE_EXTENSIONS):
                    roots.add("/".join(parts[: i + 1]))
        if self.path.endswith(BUNDLE_EXTENSIONS) and os.path.isdir(self.path):
            roots.add("")
        out = {}
        for root in sorted(roots, key=len):
            prefix = root + "/" if root else ""
            for loc in INFO_LOCATIONS:
                if prefix + loc in self.files:
                    try:
                        info = plistlib.loads(self.read(prefix + loc))
                    except Exception:
                        break
                    ident = info.get("CFBundleIdentifier") if isinstance(info, dict) else None
                    if isinstance(ident, str) and ident not in out:
                        out[ident] = Bundle(self, root, info, [r for r in roots if r != root])
                    break
        return out


class Bundle:
    def __init__(self, tree, root, info, other_roots):
        self.tree, self.root, self.info = tree, root, info
        prefix = root + "/" if root else ""
        nested = [r + "/" for r in other_roots if r.startswith(prefix) and r != root]
        self.own = sorted(rel[len(prefix):] for rel in tree.files
                          if rel.startswith(prefix) and not any(rel.startswith(n) for n in nested))

    def content_digest(self):
        h = hashlib.sha256()
        for rel in self.own:
            h.update(rel.encode() + b"\0" + self.tree.digest(self.full(rel)).encode())
        return h.hexdigest()

    def full(self, rel):
        return (self.root + "/" + rel) if self.root else rel

    def lproj_tables(self):
        """{language folder name (without .lproj): {relative path inside the folder: full path}}."""
        out = {}
        for rel in self.own:
            parts = rel.split("/")
            for i, p in enumerate(parts):
                if p.endswith(".lproj"):
                    out.setdefault(p[: -len(".lproj")], {})["/".join(parts[i + 1:])] = self.full(rel)
                    break
        return out
