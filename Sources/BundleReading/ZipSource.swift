/// Zip entries as a content source: every worker inflates with `pread` on the one descriptor.
struct ZipSource: ContentSource {
    let reader: ZipEntryReader
    /// Archive entry for each job.
    let entries: [ZipEntry]

    func makeWorker() throws(InputError) -> ZipEntryReader.Worker {
        guard let worker = ZipEntryReader.Worker() else {
            throw InputError(file: reader.archive.displayName, "cannot start zlib (out of memory?)")
        }
        return worker
    }

    func read(_ index: Int, worker: inout ZipEntryReader.Worker,
              sink: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        try reader.read(entries[index], worker: worker, sink: sink)
    }
}
