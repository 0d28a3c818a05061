import PropertyLists

/// Reads the code-signature superblob (`CSMAGIC_EMBEDDED_SIGNATURE`, big-endian): the
/// CodeDirectories, the entitlements blobs and whether the CMS blob holds a signature.
struct SignatureReader {
    let data: MachOBytes
    let limits: MachOLimits
    let digest: MachODigest?

    init(data: MachOBytes, limits: MachOLimits, digest: MachODigest?) {
        self.data = data
        self.limits = limits
        self.digest = digest
    }

    /// A CodeDirectory's facts and where its bytes are.
    private struct Directory {
        var identifier: String
        var teamID: String?
        var flags: UInt32
        var hashType: MachOHashType
        var bytes: ArraySlice<UInt8>

        /// Apple's preference: SHA-384, SHA-256, truncated SHA-256, SHA-1.
        var rank: Int { [1: 1, 3: 2, 2: 3, 4: 4][hashType.rawValue] ?? 0 }
    }

    mutating func read() throws(MachOError) -> MachOCodeSignature {
        let magic = try data.be32(0, "code signature")
        guard magic == 0xFADE_0CC0 else {
            throw MachOError("code signature is not a superblob (magic 0x\(String(magic, radix: 16)))")
        }
        let length = Int(try data.be32(4, "code signature"))
        let count = try data.be32(8, "code signature")
        guard length >= 12, length <= data.count else {
            throw MachOError("code signature declares \(length) bytes but has \(data.count)")
        }
        guard count <= limits.maxSignatureBlobs else {
            throw MachOError("code signature lists \(count) blobs (at most \(limits.maxSignatureBlobs))")
        }
        guard 12 + Int(count) * 8 <= length else {
            throw MachOError("code signature's index of \(count) blobs runs past its \(length) bytes")
        }
        let blob = try data.window(0, length, "code signature")
        var signature = MachOCodeSignature()
        var best: Directory?
        var seen = Set<UInt32>()
        for index in 0..<Int(count) {
            let type = try blob.be32(12 + index * 8, "code signature index")
            // Each slot once: a repeated one could make the same large blob hashed or decoded 64 times.
            guard seen.insert(type).inserted else { throw MachOError("code signature lists slot 0x\(String(type, radix: 16)) twice") }
            let offset = Int(try blob.be32(16 + index * 8, "code signature index"))
            guard offset >= 12 + Int(count) * 8, blob.contains(offset, 8) else {
                throw MachOError("code signature blob \(index + 1) at offset \(offset) lies outside the signature (\(length) bytes)")
            }
            let blobMagic = try blob.be32(offset, "code signature blob")
            let blobLength = Int(try blob.be32(offset + 4, "code signature blob"))
            guard blobLength >= 8, blob.contains(offset, blobLength) else {
                throw MachOError("code signature blob \(index + 1) (\(blobLength) bytes at offset \(offset)) runs past the signature")
            }
            let content = try blob.window(offset, blobLength, "code signature blob")
            switch type {
            case 0, 0x1000...0x1004:
                guard blobMagic == 0xFADE_0C02 else {
                    throw MachOError("code signature slot \(type) holds magic 0x\(String(blobMagic, radix: 16)), not a CodeDirectory")
                }
                let directory = try readDirectory(content)
                if best.map({ directory.rank > $0.rank }) ?? true { best = directory }
            case 5 where blobMagic == 0xFADE_7171:
                signature.entitlementsXML = decodeXML(Array(try content.slice(8, blobLength - 8, "entitlements")))
            case 7 where blobMagic == 0xFADE_7172:
                signature.entitlementsDER = decodeDER(Array(try content.slice(8, blobLength - 8, "DER entitlements")))
            case 0x10000 where blobMagic == 0xFADE_0B01:
                signature.hasCMSSignature = blobLength > 8
            default:
                break
            }
        }
        if let best {
            signature.identifier = best.identifier
            signature.teamID = best.teamID
            signature.flags = best.flags
            signature.hashType = best.hashType
            signature.cdhash = MachOCDHash.of(best.bytes, hashType: best.hashType, digest: digest)
        }
        return signature
    }

    private func readDirectory(_ cd: MachOBytes) throws(MachOError) -> Directory {
        guard cd.count >= 44 else { throw MachOError("CodeDirectory is \(cd.count) bytes, too short") }
        let version = try cd.be32(8, "CodeDirectory")
        let flags = try cd.be32(12, "CodeDirectory")
        let identOffset = Int(try cd.be32(20, "CodeDirectory"))
        let hashType = MachOHashType(rawValue: try cd.u8(37, "CodeDirectory"))
        var budget = cd.count
        guard identOffset >= 44, identOffset < cd.count else {
            throw MachOError("CodeDirectory identifier at offset \(identOffset) lies outside its \(cd.count) bytes")
        }
        let identifier = try cd.cString(identOffset, limit: cd.count, budget: &budget, "CodeDirectory identifier")
        var teamID: String?
        if version >= 0x20200, cd.count >= 52 {
            let teamOffset = Int(try cd.be32(48, "CodeDirectory"))
            if teamOffset != 0 {
                guard teamOffset >= 52, teamOffset < cd.count else {
                    throw MachOError("CodeDirectory team id at offset \(teamOffset) lies outside its \(cd.count) bytes")
                }
                teamID = try cd.cString(teamOffset, limit: cd.count, budget: &budget, "CodeDirectory team id")
            }
        }
        return Directory(identifier: identifier, teamID: teamID, flags: flags, hashType: hashType,
                         bytes: try cd.slice(0, cd.count, "CodeDirectory"))
    }

    private func decodeXML(_ bytes: [UInt8]) -> MachOEntitlements {
        guard bytes.count <= limits.maxEntitlementsBytes else {
            return .undecodable("entitlements are \(bytes.count) bytes (at most \(limits.maxEntitlementsBytes))")
        }
        do {
            return .value(Self.sortingKeys(try PropertyListReader.read(bytes).root))
        } catch {
            return .undecodable(error.description)
        }
    }

    private func decodeDER(_ bytes: [UInt8]) -> MachOEntitlements {
        guard bytes.count <= limits.maxEntitlementsBytes else {
            return .undecodable("DER entitlements are \(bytes.count) bytes (at most \(limits.maxEntitlementsBytes))")
        }
        do {
            return .value(Self.sortingKeys(try DEREntitlements.decode(bytes)))
        } catch {
            return .undecodable(error.description)
        }
    }

    /// Entitlements are unordered: keys sorted by their UTF-8 bytes at every level, so a
    /// re-signing that only reorders them shows no change.
    static func sortingKeys(_ value: PlistValue) -> PlistValue {
        switch value {
        case .array(let items):
            return .array(items.map(sortingKeys))
        case .dictionary(let dictionary):
            let entries = dictionary.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .dictionary(PlistDictionary(entries.map { ($0.key, sortingKeys($0.value)) }))
        default:
            return value
        }
    }
}
