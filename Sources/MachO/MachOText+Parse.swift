import PropertyLists

extension MachOText {
    /// Parses canonical text back into the facts `render` was given; anything `render`
    /// would not have written is a `MachOError` naming the line.
    public static func parse(_ text: String) throws(MachOError) -> MachOFile {
        guard text.hasSuffix("\n") else { throw MachOError("Mach-O facts: missing final newline") }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == magic[...] else { throw MachOError("Mach-O facts: line 1: expected '\(magic)'") }
        guard lines.count >= 2, lines[1].hasPrefix("container "),
              let container = MachOFile.Container(rawValue: String(lines[1].dropFirst(10))) else {
            throw MachOError("Mach-O facts: line 2: expected 'container thin|fat|fat64'")
        }
        var slices: [MachOSlice] = []
        var current: (label: String, slice: MachOSlice, xml: [String]?, der: [String]?)?
        func close() throws(MachOError) {
            guard var c = current else { return }
            // The reader sorts these (imports once each): any other order is not canonical.
            let imports = c.slice.importedSymbols
            guard zip(imports, imports.dropFirst()).allSatisfy({ byteOrder($0, $1) }),
                  c.slice.libraries == c.slice.libraries.sorted(by: libraryOrder) else {
                throw MachOError("Mach-O facts: not in canonical form")
            }
            if let xml = c.xml { c.slice.codeSignature?.entitlementsXML = .value(try entitlements(xml)) }
            if let der = c.der { c.slice.codeSignature?.entitlementsDER = .value(try entitlements(der)) }
            slices.append(c.slice)
        }
        for (index, line) in lines.enumerated().dropFirst(2) {
            let number = index + 1
            func bad(_ what: String) -> MachOError { MachOError("Mach-O facts: line \(number): \(what)") }
            var words = Words(line, bad: bad)
            let first = try words.word()
            if first == "slice" {
                try close()
                let label = String(try words.word())
                let slice = try parseSliceHeader(&words)
                current = (label, slice, nil, nil)
                continue
            }
            guard var c = current, first == c.label else { throw bad("a fact outside its slice") }
            let kind = try words.word()
            if kind == "entitlements-xml" || kind == "entitlements-der" {
                guard c.slice.codeSignature != nil else { throw bad("entitlements without a signature") }
                let body = words.rest.isEmpty ? [] : [String(words.rest)]
                if kind == "entitlements-xml" {
                    guard body.isEmpty == (c.xml == nil) else { throw bad("entitlements out of order") }
                    c.xml = (c.xml ?? []) + body
                } else {
                    guard body.isEmpty == (c.der == nil) else { throw bad("entitlements out of order") }
                    c.der = (c.der ?? []) + body
                }
            } else {
                try parseFact(kind, &words, into: &c.slice)
                try words.end()
            }
            current = c
        }
        try close()
        let file = MachOFile(container: container, slices: slices)
        guard render(file) == text else { throw MachOError("Mach-O facts: not in canonical form") }
        return file
    }

    private static func parseSliceHeader(_ words: inout Words) throws(MachOError) -> MachOSlice {
        try words.expect("cpu")
        let type = try words.int32(), subtype = try words.int32()
        try words.expect("bits")
        let bits = try words.word()
        guard bits == "64" || bits == "32" else { throw words.bad("bits must be 32 or 64") }
        let cpu = MachOCPU(type: type, subtype: subtype)
        let kind = try words.word()
        if kind == "archive" {
            try words.end()
            return MachOSlice(cpu: cpu, is64Bit: bits == "64", fileType: nil)
        }
        guard kind == "type", let fileType = MachOFileType(name: try words.word()) else { throw words.bad("bad file type") }
        try words.end()
        return MachOSlice(cpu: cpu, is64Bit: bits == "64", fileType: fileType)
    }

    private static func parseFact(_ kind: Substring, _ w: inout Words, into s: inout MachOSlice) throws(MachOError) {
        switch kind {
        case "build-version", "version-min":
            guard let platform = MachOPlatform(name: try w.word()) else { throw w.bad("unknown platform") }
            try w.expect("min")
            let minimum = try w.version()
            try w.expect("sdk")
            s.buildVersions.append(MachOBuildVersion(platform: platform, minimumOS: minimum, sdk: try w.version(),
                                                     isVersionMin: kind == "version-min"))
        case "uuid": s.uuid = String(try w.word())
        case "install-name":
            let path = try w.quoted()
            try w.expect("compat")
            let compat = try w.version()
            try w.expect("current")
            s.installName = MachOInstallName(path: path, compatibilityVersion: compat, currentVersion: try w.version())
        case "library":
            guard let libraryKind = MachOLinkedLibrary.Kind(rawValue: String(try w.word())) else { throw w.bad("unknown library kind") }
            let path = try w.quoted()
            try w.expect("compat")
            let compat = try w.version()
            try w.expect("current")
            s.libraries.append(MachOLinkedLibrary(kind: libraryKind, path: path, compatibilityVersion: compat,
                                                  currentVersion: try w.version()))
        case "rpath": s.rpaths.append(try w.quoted())
        case "cryptid": s.cryptID = try w.number(UInt32.self)
        case "source-version": s.sourceVersion = try parseSourceVersion(try w.word(), w)
        case "segment":
            let name = try w.quoted()
            try w.expect("vmsize")
            let vmSize = try w.number(UInt64.self)
            try w.expect("filesize")
            s.segments.append(MachOSegment(name: name, vmSize: vmSize, fileSize: try w.number(UInt64.self)))
        case "signature":
            try parseSignature(&w, into: &s)
        case "entitlements-xml-undecodable", "entitlements-der-undecodable":
            guard s.codeSignature != nil else { throw w.bad("entitlements without a signature") }
            let reason = MachOEntitlements.undecodable(try w.quoted())
            if kind.hasPrefix("entitlements-xml") {
                s.codeSignature?.entitlementsXML = reason
            } else {
                s.codeSignature?.entitlementsDER = reason
            }
        case "import": s.importedSymbols.append(try w.quoted())
        default: throw w.bad("unknown fact '\(kind)'")
        }
    }

    private static func parseSignature(_ w: inout Words, into s: inout MachOSlice) throws(MachOError) {
        if w.rest.isEmpty {
            s.codeSignature = MachOCodeSignature()
            return
        }
        guard s.codeSignature != nil else { throw w.bad("signature facts before 'signature'") }
        switch try w.word() {
        case "identifier": s.codeSignature?.identifier = try w.quoted()
        case "team": s.codeSignature?.teamID = try w.quoted()
        case "flags":
            let hex = try w.word()
            guard hex.hasPrefix("0x"), let flags = UInt32(hex.dropFirst(2), radix: 16) else { throw w.bad("bad flags") }
            s.codeSignature?.flags = flags
            w.rest = "" // the names are checked when the text is rendered again
        case "hash-type":
            guard let type = MachOHashType(name: try w.word()) else { throw w.bad("unknown hash type") }
            s.codeSignature?.hashType = type
        case "cdhash": s.codeSignature?.cdhash = String(try w.word())
        case "cms": s.codeSignature?.hasCMSSignature = true
        default: throw w.bad("unknown signature fact")
        }
    }

    private static func parseSourceVersion(_ text: Substring, _ w: Words) throws(MachOError) -> UInt64 {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let widths = [24, 10, 10, 10, 10]
        guard parts.count == 5 else { throw w.bad("bad source version") }
        var value: UInt64 = 0
        for (part, width) in zip(parts, widths) {
            guard let n = UInt64(part), n < 1 << width else { throw w.bad("bad source version") }
            value = value << width | n
        }
        return value
    }

    private static func entitlements(_ lines: [String]) throws(MachOError) -> PlistValue {
        let text = CanonicalText.magic + "\nformat: xml\n\n" + lines.map { $0 + "\n" }.joined()
        do {
            guard let document = try CanonicalText.parse(text).document else { throw MachOError("undecodable") }
            return document.root
        } catch {
            throw MachOError("Mach-O facts: entitlements: \(error)")
        }
    }
}
