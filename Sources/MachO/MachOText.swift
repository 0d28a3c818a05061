import PropertyLists

/// The canonical text of a Mach-O file's facts, stored in the snapshot under `macho/<path>`
/// (see docs/snapshot-format.md, "macho/"): one fact per line, so `git diff` shows one
/// changed fact per line.
///
/// ```
/// bundlediff-macho 1
/// container fat
/// slice arm64 cpu 16777228 0 bits 64 type execute
/// arm64 build-version iOS min 14.0 sdk 17.2
/// arm64 uuid 3F2504E0-4F89-11D3-9A0C-0305E82C3301
/// arm64 library weak "/System/Library/Frameworks/UIKit.framework/UIKit" compat 1.0 current 61000.0
/// arm64 signature flags 0x10000 runtime
/// arm64 entitlements-xml get-task-allow = false
/// arm64 import "_objc_msgSend"
/// ```
/// Slices in file order, each opened by its `slice` line; every other line starts with
/// the slice's label (its architecture, `#2`, `#3` … added for a repeated one). Inside a
/// slice the kinds come in a fixed order; libraries and imports are sorted (by their
/// UTF-8 bytes; the reader sorts them), build versions, rpaths and segments keep
/// load-command order (their order means something).
/// Strings are quoted as canonical plist text quotes them; entitlements are canonical
/// plist body lines (keys sorted when read). `parse(render(x)) == x`, and `parse` accepts
/// only what `render` writes.
public enum MachOText {
    /// The first line.
    public static let magic = "bundlediff-macho 1"

    /// The labels of a file's slices: the architecture name, `#n` added for the n-th repeat.
    public static func labels(_ file: MachOFile) -> [String] {
        var seen: [String: Int] = [:]
        return file.slices.map { slice in
            let name = slice.architecture
            let n = (seen[name] ?? 0) + 1
            seen[name] = n
            return n == 1 ? name : name + "#" + String(n)
        }
    }

    /// The canonical text, ending in a newline.
    public static func render(_ file: MachOFile) -> String {
        var out = magic + "\n" + "container " + file.container.rawValue + "\n"
        for (slice, label) in zip(file.slices, labels(file)) {
            render(slice, label: label, into: &out)
        }
        return out
    }

    private static func render(_ s: MachOSlice, label: String, into out: inout String) {
        out += "slice \(label) cpu \(s.cpu.type) \(s.cpu.subtype) bits \(s.is64Bit ? 64 : 32) "
        out += s.fileType.map { "type " + $0.description } ?? "archive"
        out += "\n"
        func line(_ text: String) { out += label + " " + text + "\n" }
        for v in s.buildVersions {
            line("\(v.isVersionMin ? "version-min" : "build-version") \(v.platform) min \(v.minimumOS) sdk \(v.sdk)")
        }
        if let uuid = s.uuid { line("uuid " + uuid) }
        if let id = s.installName {
            line("install-name \(q(id.path)) compat \(id.compatibilityVersion) current \(id.currentVersion)")
        }
        for l in s.libraries {
            line("library \(l.kind.rawValue) \(q(l.path)) compat \(l.compatibilityVersion) current \(l.currentVersion)")
        }
        for path in s.rpaths { line("rpath " + q(path)) }
        if let id = s.cryptID { line("cryptid \(id)") }
        if let v = s.sourceVersionText { line("source-version " + v) }
        for g in s.segments { line("segment \(q(g.name)) vmsize \(g.vmSize) filesize \(g.fileSize)") }
        if let sig = s.codeSignature { renderSignature(sig, line: line) }
        for name in s.importedSymbols {
            out += label
            out += " import "
            CanonicalText.appendQuotedString(name, to: &out)
            out += "\n"
        }
    }

    private static func renderSignature(_ sig: MachOCodeSignature, line: (String) -> Void) {
        line("signature")
        if let v = sig.identifier { line("signature identifier " + q(v)) }
        if let v = sig.teamID { line("signature team " + q(v)) }
        if let v = sig.flags { line("signature flags " + flagsText(v)) }
        if let v = sig.hashType { line("signature hash-type \(v)") }
        if let v = sig.cdhash { line("signature cdhash " + v) }
        if sig.hasCMSSignature { line("signature cms") }
        for (kind, entitlements) in [("entitlements-xml", sig.entitlementsXML), ("entitlements-der", sig.entitlementsDER)] {
            switch entitlements {
            case nil: break
            case .undecodable(let reason)?: line(kind + "-undecodable " + q(reason))
            case .value(let value)?:
                line(kind)
                for body in bodyLines(value) { line(kind + " " + body) }
            }
        }
    }

    static let flagNames: [(UInt32, String)] = [
        (0x2, "adhoc"), (0x100, "hard"), (0x200, "kill"), (0x800, "restrict"), (0x2000, "library-validation"),
        (0x1_0000, "runtime"), (0x2_0000, "linker-signed"),
    ]

    /// `0x10002 adhoc,runtime`: the hex value, then the names of the flags Apple documents.
    static func flagsText(_ flags: UInt32) -> String {
        let names = flagNames.filter { flags & $0.0 != 0 }.map(\.1)
        return "0x" + String(flags, radix: 16) + (names.isEmpty ? "" : " " + names.joined(separator: ","))
    }

    /// Strings ordered by their UTF-8 bytes (the order `git diff` readers expect).
    public static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    static func libraryOrder(_ a: MachOLinkedLibrary, _ b: MachOLinkedLibrary) -> Bool {
        if a.path != b.path { return byteOrder(a.path, b.path) }
        if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
        return (a.compatibilityVersion, a.currentVersion) < (b.compatibilityVersion, b.currentVersion)
    }

    /// The body lines of a value's canonical plist text.
    static func bodyLines(_ value: PlistValue) -> [String] {
        let text = CanonicalText.render(.decoded(PlistDocument(format: .xml, root: value)))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Header: magic, format, blank line; the text ends in a newline.
        return lines.dropFirst(3).dropLast().map(String.init)
    }

    static func q(_ s: String) -> String { CanonicalText.quotedString(s) }
}
