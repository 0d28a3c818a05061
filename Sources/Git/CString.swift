/// Raw bytes of NUL-terminated C strings (no UTF-8 repair, unlike `String(cString:)`).
enum CString {
    static func bytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while pointer[i] != 0 {
            out.append(UInt8(bitPattern: pointer[i]))
            i += 1
        }
        return out
    }

    /// Runs `body` with `bytes` as a NUL-terminated C string.
    static func with<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return terminated.withUnsafeBufferPointer { buffer in
            // A non-empty array always has a base address; the fallback is unreachable.
            guard let base = buffer.baseAddress else { return "".withCString(body) }
            return body(base)
        }
    }
}
