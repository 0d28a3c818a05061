#!/usr/bin/env python3
"""Independent Mach-O reader for cross-checking bundlediff's MachO target.

Prints, for every Mach-O file under FOLDER (regular files, symlinks not followed, and the
members of .zip/.ipa archives as ARCHIVE!MEMBER), one tab-separated line per fact:

    <path>\tarchs\t<arch>,<arch>,...
    <path>\t<i>:<arch>\tbuild <platform number> min <version> sdk <version>
    <path>\t<i>:<arch>\tuuid <UUID>
    <path>\t<i>:<arch>\tlibrary <load|weak|reexport|lazy|upward> <install name> compat <v> current <v>
    <path>\t<i>:<arch>\tarchive               (a static-library slice of a universal file)
    <path>\terror\t<message>                  (macholib could not read it)

Versions are major.minor, plus .patch when it is not zero. The parsing is macholib's
(pinned in scripts/setup-deps.sh); nothing here is shared with the Swift reader, which
MachOTests' MachOCrossCheckTests compares line by line.

Usage: python3 macho_facts.py FOLDER
"""
import io
import os
import struct
import sys
import zipfile

from macholib import mach_o
from macholib.MachO import MachO, MachOHeader

THIN = {0xFEEDFACE, 0xFEEDFACF, 0xCEFAEDFE, 0xCFFAEDFE}
FAT = {0xCAFEBABE, 0xCAFEBABF}

LIBRARY_KINDS = {
    mach_o.LC_LOAD_DYLIB: "load",
    mach_o.LC_LOAD_WEAK_DYLIB: "weak",
    mach_o.LC_REEXPORT_DYLIB: "reexport",
    mach_o.LC_LAZY_LOAD_DYLIB: "lazy",
    mach_o.LC_LOAD_UPWARD_DYLIB: "upward",
}
VERSION_MIN_PLATFORMS = {
    mach_o.LC_VERSION_MIN_MACOSX: 1,
    mach_o.LC_VERSION_MIN_IPHONEOS: 2,
    mach_o.LC_VERSION_MIN_TVOS: 3,
    mach_o.LC_VERSION_MIN_WATCHOS: 4,
}
# macholib's subtype names (get_cpu_subtype) to the names tools print.
ARCH_NAMES = {
    ("ARM64", "CPU_SUBTYPE_ARM64_ALL"): "arm64",
    ("ARM64", "CPU_SUBTYPE_ARM64_V8"): "arm64",
    ("ARM64", "CPU_SUBTYPE_ARM64E"): "arm64e",
    ("x86_64", "CPU_SUBTYPE_X86_64_ALL"): "x86_64",
    ("x86_64", "CPU_SUBTYPE_X86_64_H"): "x86_64h",
    ("i386", "CPU_SUBTYPE_I386_ALL"): "i386",
    ("ARM", "CPU_SUBTYPE_ARM_V7"): "armv7",
    ("ARM", "CPU_SUBTYPE_ARM_V7S"): "armv7s",
    ("ARM", "CPU_SUBTYPE_ARM_V7K"): "armv7k",
    ("ARM64_32", "CPU_SUBTYPE_ARM64_32_V8"): "arm64_32",
}


def version(v):
    if isinstance(v, mach_o.mach_version_helper):  # macholib's dylib versions
        major, minor, patch = v.major, v.minor, v.rev
    else:
        major, minor, patch = v >> 16, (v >> 8) & 0xFF, v & 0xFF
    return "%d.%d" % (major, minor) + (".%d" % patch if patch else "")


def arch_name(cputype, cpusubtype):
    type_name = mach_o.CPU_TYPE_NAMES.get(cputype, cputype)
    if cputype == 0x0200000C:
        type_name = "ARM64_32"
    subtype = mach_o.get_cpu_subtype(cputype, cpusubtype)
    if cputype == 0x0200000C and cpusubtype & 0xFFFFFF in (0, 1):
        subtype = "CPU_SUBTYPE_ARM64_32_V8"
    return ARCH_NAMES.get((type_name, subtype), "cpu-%d-%d" % (cputype, cpusubtype))


def is_macho(head):
    if len(head) < 8:
        return False
    magic, count = struct.unpack(">II", head[:8])
    return magic in THIN or (magic in FAT and 1 <= count <= 19)


def slices(fh, size):
    """(cputype, cpusubtype, offset, size, is_archive) per slice, via macholib's fat structs."""
    fh.seek(0)
    magic = struct.unpack(">I", fh.read(4))[0]
    fh.seek(0)
    if magic not in FAT:
        return [(None, None, 0, size, False)]
    fat = mach_o.fat_header.from_fileobj(fh)
    arch_type = mach_o.fat_arch64 if fat.magic == mach_o.FAT_MAGIC_64 else mach_o.fat_arch
    archs = [arch_type.from_fileobj(fh) for _ in range(fat.nfat_arch)]
    out = []
    for a in archs:
        fh.seek(a.offset)
        out.append((a.cputype, a.cpusubtype, a.offset, a.size, fh.read(8) == b"!<arch>\n"))
    return out


def facts(fh, size):
    lines = []
    names = []
    # A MachO object without opening a file: macholib parses each slice header from fh.
    m = MachO.__new__(MachO)
    m.graphident = m.filename = "<stream>"
    m.loader_path = ""
    m.fat = None
    m.headers = []
    m.allow_unknown_load_commands = True
    for index, (cputype, cpusubtype, offset, length, archive) in enumerate(slices(fh, size)):
        if archive:
            name = arch_name(cputype, cpusubtype)
            names.append(name)
            lines.append(("%d:%s" % (index, name), "archive"))
            continue
        m.load_header(fh, offset, length)
        header = m.headers[-1]
        name = arch_name(header.header.cputype, header.header.cpusubtype)
        names.append(name)
        label = "%d:%s" % (index, name)
        uuid_done = False
        for load, cmd, data in header.commands:
            kind = load.cmd
            if kind == mach_o.LC_BUILD_VERSION:
                lines.append((label, "build %d min %s sdk %s" % (cmd.platform, version(cmd.minos), version(cmd.sdk))))
            elif kind in VERSION_MIN_PLATFORMS:
                lines.append((label, "build %d min %s sdk %s" % (VERSION_MIN_PLATFORMS[kind], version(cmd.version),
                                                                 version(cmd.sdk))))
            elif kind == mach_o.LC_UUID and not uuid_done:
                u = bytes(cmd.uuid).hex().upper()
                lines.append((label, "uuid %s-%s-%s-%s-%s" % (u[:8], u[8:12], u[12:16], u[16:20], u[20:])))
                uuid_done = True
            elif kind in LIBRARY_KINDS:
                path = data.rstrip(b"\0").decode("utf-8", "replace")
                lines.append((label, "library %s %s compat %s current %s" % (
                    LIBRARY_KINDS[kind], path, version(cmd.compatibility_version), version(cmd.current_version))))
    return [("archs", ",".join(names))] + lines


def report(path, fh, size):
    try:
        for label, fact in facts(fh, size):
            print("%s\t%s\t%s" % (path, label, fact))
    except Exception as error:  # macholib raises ValueError, struct.error, …
        print("%s\terror\t%s" % (path, str(error).replace("\n", " ")))


def main(folder):
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(root, name)
            rel = os.path.relpath(full, folder)
            if os.path.islink(full) or not os.path.isfile(full):
                continue
            with open(full, "rb") as fh:
                head = fh.read(8)
                if is_macho(head):
                    report(rel, fh, os.path.getsize(full))
                    continue
            if name.lower().endswith((".zip", ".ipa")):
                try:
                    archive = zipfile.ZipFile(full)
                    members = archive.infolist()
                except (zipfile.BadZipFile, OSError, ValueError):
                    continue
                for member in members:
                    if member.is_dir() or member.file_size > 256 << 20:
                        continue
                    try:
                        data = archive.read(member)
                    except Exception:
                        continue
                    if is_macho(data[:8]):
                        report(rel + "!" + member.filename, io.BytesIO(data), len(data))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
