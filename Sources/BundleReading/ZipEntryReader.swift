import CZlib

/// Streams one zip entry's content (stored or deflate) with `pread` from where
/// `ZipArchive.checkLayout` found it begins, checking the declared size (a zip bomb stops as soon as it inflates past it) and CRC-32.
struct ZipEntryReader {
    let archive: ZipArchive

    static let chunkSize = 256 << 10

    /// Per-thread state: input and output buffers and an inflater.
    final class Worker {
        let input = ReadBuffer(size: ZipEntryReader.chunkSize)
        let output = ReadBuffer(size: ZipEntryReader.chunkSize)
        let inflater: ZipInflater

        init?() {
            guard let inflater = ZipInflater() else { return nil }
            self.inflater = inflater
        }
    }

    func read(_ entry: ZipEntry, worker: Worker,
              sink: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        let start = entry.dataOffset
        var crc: UInt = crc32(0, nil, 0)
        let checked: (UnsafeRawBufferPointer) -> Void = { chunk in
            crc = crc32(crc, chunk.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(chunk.count))
            sink(chunk)
        }
        switch entry.method {
        case ZipEntry.methodStored:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw fail(entry, "stored entry has different compressed and uncompressed sizes")
            }
            try copyStored(entry, from: start, worker: worker, sink: checked)
        case ZipEntry.methodDeflate:
            try inflate(entry, from: start, worker: worker, sink: checked)
        default:
            throw fail(entry, "uses " + ZipEntry.unsupportedMethod(entry.method))
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw fail(entry, "CRC-32 mismatch (the archive is corrupt)")
        }
    }

    private func copyStored(_ entry: ZipEntry, from start: UInt64, worker: Worker,
                            sink: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        var done: UInt64 = 0
        while done < entry.compressedSize {
            let count = Int(min(UInt64(worker.input.count), entry.compressedSize - done))
            let n = Posix.preadFully(archive.file.fd, worker.input.base, count, start + done)
            guard n == count else { throw fail(entry, "truncated zip: data cannot be read") }
            sink(UnsafeRawBufferPointer(start: worker.input.base, count: n))
            done += UInt64(n)
        }
    }

    private func inflate(_ entry: ZipEntry, from start: UInt64, worker: Worker,
                         sink: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        if entry.compressedSize == 0 && entry.uncompressedSize == 0 { return }
        let inflater = worker.inflater
        inflater.reset()
        var consumed: UInt64 = 0
        var produced: UInt64 = 0
        var finished = false
        while !finished {
            guard consumed < entry.compressedSize else {
                throw fail(entry, "deflate data ends early (truncated or corrupt zip)")
            }
            let count = Int(min(UInt64(worker.input.count), entry.compressedSize - consumed))
            let n = Posix.preadFully(archive.file.fd, worker.input.base, count, start + consumed)
            guard n == count else { throw fail(entry, "truncated zip: data cannot be read") }
            consumed += UInt64(n)
            inflater.setInput(worker.input.base, count: n)
            var inputLeft = true
            while inputLeft && !finished {
                switch inflater.step(into: worker.output.base, capacity: worker.output.count) {
                case .corrupt(let detail):
                    throw fail(entry, "corrupt deflate data (\(detail))")
                case .produced(let bytes, let end, let consumedAll):
                    produced += UInt64(bytes)
                    guard produced <= entry.uncompressedSize else {
                        throw fail(entry, "inflates beyond its declared size of \(entry.uncompressedSize) bytes "
                                   + "(zip bomb?)")
                    }
                    if bytes > 0 { sink(UnsafeRawBufferPointer(start: worker.output.base, count: bytes)) }
                    finished = end
                    if bytes == 0 && !end && !consumedAll {
                        throw fail(entry, "corrupt deflate data (no progress)")
                    }
                    inputLeft = !(consumedAll && bytes < worker.output.count)
                }
            }
        }
        guard produced == entry.uncompressedSize else {
            throw fail(entry, "inflates to \(produced) bytes, not the declared \(entry.uncompressedSize)")
        }
    }

    func fail(_ entry: ZipEntry, _ problem: String) -> InputError {
        InputError(file: archive.displayName, "entry \(entry.displayName): \(problem)")
    }
}
