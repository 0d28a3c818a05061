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
        String(decoding: renderBytes(file), as: UTF8.self)
    }

    /// The canonical text as its UTF-8 bytes (what the snapshot stores): the import lines,
    /// most of a binary's text, are appended as bytes, not through a `String`.
    public static func renderBytes(_ file: MachOFile) -> [UInt8] {
        var out: [UInt8] = []
        var head = magic + "\n" + "container " + file.container.rawValue + "\n"
        for (slice, label) in zip(file.slices, labels(file)) {
            render(slice, label: label, into: &head)
            out.append(contentsOf: head.utf8)
            head = ""
            appendImports(slice.importedSymbols, label: label, to: &out)
        }
        out.append(contentsOf: head.utf8)
        return out
    }

    /// `<label> import "<name>"` per name; printable ASCII without `"` or `\` is copied as
    /// it is, any other name quoted by `CanonicalText` (the same text either way).
    private static func appendImports(_ names: [String], label: String, to out: inout [UInt8]) {
        let prefix = Array((label + " import \"").utf8)
        for var name in names {
            out.append(contentsOf: prefix)
            let plain = name.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) else { return false }
                out.append(contentsOf: bytes)
                return true
            }
            if plain {
                out.append(0x22)
            } else {
                var quoted = ""
                CanonicalText.appendQuotedString(name, to: &quoted)
                out.append(contentsOf: quoted.utf8.dropFirst())
            }
            out.append(0x0A)
        }
    }

    /// Every line of a slice but its imports (`appendImports`).
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
        var (a, b) = (a, b)
        return a.withUTF8 { a in b.withUTF8 { b in bytesPrecede(a, b) } }
    }

    /// Byte order of two byte strings (a shorter prefix first).
    static func bytesPrecede(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] }
        return a.count < b.count
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
