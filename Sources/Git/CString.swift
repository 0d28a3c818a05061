/// Raw bytes of NUL-terminated C strings (no UTF-8 repair, unlike `String(cString:)`).
enum CString {
    static func bytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(buffer(pointer))
    }

    /// The bytes before the NUL, in place.
    static func buffer(_ pointer: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        // CChar and UInt8 may alias each other.
        return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
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
