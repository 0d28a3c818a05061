extension BinaryPlistReader {
    /// Builds the value of object `index`; `measure` has already bounded the graph.
    mutating func decode(_ index: Int, path: [String]) throws(PlistError) -> PlistValue {
        if let value = decoded[index] { return value }
        let h = try header(of: index)
        let value: PlistValue
        switch h.type {
        case 0x0: value = .boolean(h.info == 0x9)
        case 0x1: value = .integer(integer(at: h.payload, size: 1 << Int(h.info)))
        case 0x2:
            value = h.info == 2 ? .real(Double(Float(bitPattern: UInt32(readUInt(at: h.payload, size: 4)))))
                                : .real(Double(bitPattern: readUInt(at: h.payload, size: 8)))
        case 0x3:
            let seconds = Double(bitPattern: readUInt(at: h.payload, size: 8))
            guard !seconds.isNaN else { throw fail("date is NaN", at: h.offset) }
            value = .date(seconds)
        case 0x4: value = .data(Array(bytes[h.payload..<h.payload + h.count]))
        case 0x5:
            let slice = bytes[h.payload..<h.payload + h.count]
            if let bad = slice.firstIndex(where: { $0 >= 0x80 }) {
                throw fail("ASCII string contains byte 0x\(String(bytes[bad], radix: 16))", at: bad)
            }
            value = .string(String(decoding: slice, as: UTF8.self))
        case 0x6: value = .string(try utf16String(h))
        case 0x8: value = .uid(readUInt(at: h.payload, size: Int(h.info) + 1))
        case 0xA:
            var items: [PlistValue] = []
            items.reserveCapacity(h.count)
            for k in 0..<h.count {
                let child = try reference(at: h.payload + k * refSize)
                items.append(try decode(child, path: path + [String(k)]))
            }
            value = .array(items)
        case 0xD: value = .dictionary(try dictionary(h, path: path))
        default: throw fail("unknown object marker", at: h.offset)
        }
        decoded[index] = value
        return value
    }

    private mutating func dictionary(_ h: Header, path: [String]) throws(PlistError) -> PlistDictionary {
        var dictionary = PlistDictionary()
        var seen: Set<String> = []
        var reported: Set<String> = []
        for k in 0..<h.count {
            let keyRef = h.payload + k * refSize
            let keyIndex = try reference(at: keyRef)
            guard case .string(let key) = try decode(keyIndex, path: path) else {
                throw fail("dictionary key is not a string", at: keyRef)
            }
            let valueIndex = try reference(at: h.payload + (h.count + k) * refSize)
            dictionary[key] = try decode(valueIndex, path: path + [key])
            if !seen.insert(key).inserted, reported.insert(key).inserted {
                duplicates.append(DuplicateKey(dictionaryPath: path, key: key, lines: []))
            }
        }
        return dictionary
    }

    /// A big-endian integer: 1, 2 and 4 bytes unsigned; 8 and 16 bytes two's complement.
    private func integer(at offset: Int, size: Int) -> PlistInteger {
        switch size {
        case 1, 2, 4:
            return PlistInteger(unsigned: readUInt(at: offset, size: size))
        case 8:
            return PlistInteger(Int64(bitPattern: readUInt(at: offset, size: 8)))
        default:
            let high = readUInt(at: offset, size: 8)
            let low = readUInt(at: offset + 8, size: 8)
            guard high >> 63 == 1 else { return PlistInteger(isNegative: false, high: high, low: low) }
            // Magnitude of a negative 128-bit two's complement value: invert and add one.
            let (negLow, carry) = (~low).addingReportingOverflow(1)
            return PlistInteger(isNegative: true, high: ~high &+ (carry ? 1 : 0), low: negLow)
        }
    }

    private func utf16String(_ h: Header) throws(PlistError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(h.count)
        var k = 0
        while k < h.count {
            let at = h.payload + 2 * k
            let unit = UInt16(truncatingIfNeeded: readUInt(at: at, size: 2))
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit), k + 1 < h.count {
                let low = UInt16(truncatingIfNeeded: readUInt(at: at + 2, size: 2))
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("string has an unpaired UTF-16 surrogate", at: at) }
                scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                k += 2
            } else {
                guard !(0xD800...0xDFFF).contains(unit) else { throw fail("string has an unpaired UTF-16 surrogate", at: at) }
                k += 1
            }
            TextEncoding.appendUTF8(scalar, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
