extension BinaryPlistReader {
    /// An object's marker, element count and where its payload starts (bounds checked).
    struct Header {
        var offset: Int
        var type: UInt8
        var info: UInt8
        var count: Int
        var payload: Int
    }

    /// Bytes per element of a counted object's payload.
    func unitSize(_ type: UInt8) -> Int {
        switch type {
        case 0x4, 0x5: 1
        case 0x6: 2
        case 0xA: refSize
        case 0xD: refSize * 2
        default: 0
        }
    }

    func header(of index: Int) throws(PlistError) -> Header {
        let offset = try offset(of: index)
        let marker = bytes[offset]
        let type = marker >> 4, info = marker & 0x0F
        var header = Header(offset: offset, type: type, info: info, count: 0, payload: offset + 1)
        switch type {
        case 0x0:
            switch info {
            case 0x8, 0x9: return header
            case 0x0: throw fail("null objects are not supported", at: offset)
            default: throw fail("unknown object marker 0x\(String(marker, radix: 16))", at: offset)
            }
        case 0x1, 0x2:
            guard info <= 4 else { throw fail("number of \(1 << min(Int(info), 16)) bytes is not supported", at: offset) }
            if type == 0x2 && !(info == 2 || info == 3) { throw fail("real of \(1 << Int(info)) bytes is not supported", at: offset) }
            try checkPayload(header, length: 1 << Int(info))
            return header
        case 0x3:
            guard info == 3 else { throw fail("unknown object marker 0x\(String(marker, radix: 16))", at: offset) }
            try checkPayload(header, length: 8)
            return header
        case 0x8:
            guard info <= 7 else { throw fail("uid of \(Int(info) + 1) bytes is not supported", at: offset) }
            try checkPayload(header, length: Int(info) + 1)
            return header
        case 0x4, 0x5, 0x6, 0xA, 0xD:
            if info == 0x0F {
                let lengthOffset = offset + 1
                guard lengthOffset < objectsEnd else { throw fail("object count is missing", at: lengthOffset) }
                let lengthMarker = bytes[lengthOffset]
                guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
                    throw fail("object count is not an integer of 1…8 bytes", at: lengthOffset)
                }
                let size = 1 << Int(lengthMarker & 0x0F)
                guard lengthOffset + 1 + size <= objectsEnd else { throw fail("object count is truncated", at: lengthOffset) }
                let value = readUInt(at: lengthOffset + 1, size: size)
                guard value <= UInt64(objectsEnd) else { throw fail("object count \(value) exceeds the file size", at: lengthOffset) }
                header.count = Int(value)
                header.payload = lengthOffset + 1 + size
            } else {
                header.count = Int(info)
            }
            let (length, overflow) = header.count.multipliedReportingOverflow(by: unitSize(type))
            guard !overflow else { throw fail("object count \(header.count) is too large", at: offset) }
            try checkPayload(header, length: length)
            return header
        case 0xB, 0xC:
            throw fail("sets are not supported", at: offset)
        default:
            throw fail("unknown object marker 0x\(String(marker, radix: 16))", at: offset)
        }
    }

    private func checkPayload(_ header: Header, length: Int) throws(PlistError) {
        guard length <= objectsEnd - header.payload else {
            throw fail("object of \(length) bytes runs past the object area", at: header.offset)
        }
    }

    /// Walks the graph below `index`, rejecting cycles, excessive depth and expansion.
    mutating func measure(_ index: Int, depth: Int) throws(PlistError) -> Weight {
        if let known = weights[index] {
            guard depth + known.height - 1 <= limits.maxDepth else { throw depthError(at: index) }
            return known
        }
        guard !onPath[index] else {
            throw fail("object \(index) contains itself (reference cycle)", at: (try? offset(of: index)) ?? 0)
        }
        guard depth <= limits.maxDepth else { throw depthError(at: index) }
        let h = try header(of: index)
        var weight = Weight(objects: 1, payloadBytes: 0, height: 1)
        switch h.type {
        case 0x4, 0x5: weight.payloadBytes = h.count
        case 0x6: weight.payloadBytes = h.count * 2
        case 0xA, 0xD:
            onPath[index] = true
            let refs = h.type == 0xA ? h.count : h.count * 2
            for k in 0..<refs {
                let child = try reference(at: h.payload + k * refSize)
                let w = try measure(child, depth: depth + 1)
                weight.objects = weight.objects.addingSaturating(w.objects)
                weight.payloadBytes = weight.payloadBytes.addingSaturating(w.payloadBytes)
                weight.height = max(weight.height, w.height + 1)
                try checkBudget(weight, at: h.offset)
            }
            onPath[index] = false
        default: break
        }
        try checkBudget(weight, at: h.offset)
        weights[index] = weight
        return weight
    }

    private func depthError(at index: Int) -> PlistError {
        fail("nesting deeper than \(limits.maxDepth) levels", at: (try? offset(of: index)) ?? 0)
    }

    private func checkBudget(_ weight: Weight, at offset: Int) throws(PlistError) {
        guard weight.objects <= limits.maxObjects else {
            throw fail("more than \(limits.maxObjects) values once shared references are expanded", at: offset)
        }
        guard weight.payloadBytes <= limits.maxExpandedBytes else {
            throw fail("more than \(limits.maxExpandedBytes) bytes of strings and data once shared references are expanded", at: offset)
        }
    }
}

extension Int {
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int.max : sum
    }
}
