/// A fixed heap buffer owned by one worker thread.
final class ReadBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    init(size: Int) {
        bytes = .allocate(byteCount: size, alignment: 64)
    }

    deinit { bytes.deallocate() }

    var base: UnsafeMutableRawPointer {
        // allocate(byteCount:) with a positive size never yields a nil base address.
        bytes.baseAddress.unsafelyUnwrapped
    }

    var count: Int { bytes.count }
}
