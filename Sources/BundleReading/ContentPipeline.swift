import BundleModel
import Dispatch
import FoundationEssentials
import Platform
import MachO
import PropertyLists
import Stores

/// One file whose content must be hashed (and maybe decoded as a property list).
struct ContentJob: Sendable {
    var path: BundlePath
    /// The declared size: used for ordering, progress and the plist size limit.
    var size: UInt64
}

/// What reading one file produced.
struct ContentOutcome: Sendable {
    var digest: SHA256Digest
    var plist: DecodedPlist?
    /// The Mach-O facts (or why they do not read), for a file whose first bytes are a Mach-O magic.
    var machO: Result<MachOFile, MachOError>?
    /// Whether the content starts with SQLite's header (`StoreFiles.magic`).
    var isSQLite = false
}

/// Where file content comes from (a directory on disk, or zip entries read in place).
/// `read` streams the content of job `index` to `sink` in chunks, on the calling thread.
protocol ContentSource: Sendable {
    associatedtype Worker
    func makeWorker() throws(InputError) -> Worker
    func read(_ index: Int, worker: inout Worker,
              sink: (UnsafeRawBufferPointer) -> Void) throws(InputError)
}

/// Hashes every job's content on all workers (biggest first), decoding property lists and
/// reading Mach-O facts (files whose first bytes are a Mach-O magic) from the same pass
/// over the bytes, and reports progress.
enum ContentPipeline {
    static func run<Source: ContentSource>(_ source: Source, jobs: [ContentJob],
                                           options: ReadOptions,
                                           file: String) throws(InputError) -> [ContentOutcome] {
        if jobs.isEmpty { return [] }
        let order = jobs.indices.sorted { jobs[$0].size > jobs[$1].size }
        let total = jobs.reduce(UInt64(0)) { $0.addingReportingOverflow($1.size).partialValue }
        let state = PipelineState(count: jobs.count, order: order, total: total,
                                  progress: options.progress)
        defer { state.release() }
        let limit = options.limits.maxPlistBytes
        let workers = max(1, min(options.workerCount, jobs.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do throws(InputError) {
                guard let hasher = Sha256Hasher() else {
                    throw InputError(file: file, "cannot start SHA-256 (out of memory?)")
                }
                var worker = try source.makeWorker()
                while let index = state.next() {
                    let job = jobs[index]
                    let decode = PlistFiles.shouldDecode(job.path)
                    let collect = decode && job.size <= limit
                    var bytes: [UInt8] = []
                    if collect { bytes.reserveCapacity(Int(job.size)) }
                    var binary = MachOSniffer(considered: options.readsMachO && !decode
                                              && (4...options.limits.maxMachOBytes).contains(job.size), size: job.size)
                    var head: [UInt8] = []
                    try source.read(index, worker: &worker) { chunk in
                        if head.count < StoreFiles.magic.count { head += chunk.prefix(StoreFiles.magic.count - head.count) }
                        hasher.update(chunk)
                        if collect { bytes.append(contentsOf: chunk) }
                        binary.take(chunk)
                        state.advance(UInt64(chunk.count))
                    }
                    let machO = binary.facts()
                    var plist: DecodedPlist?
                    if decode {
                        plist = collect
                            ? PlistFiles.decode(bytes, path: job.path)
                            : .undecodable(reason: "too large: \(job.size) bytes (limit \(limit))")
                    }
                    state.store(ContentOutcome(digest: hasher.finish(), plist: plist, machO: machO,
                                               isSQLite: StoreFiles.hasMagic(head)), at: index)
                }
            } catch {
                state.fail(error)
            }
        }
        return try state.results()
    }
}

/// The shared state of one pipeline run: a work cursor, the first error, progress and
/// a result slot per job (each slot written by exactly one worker, read after the run).
private final class PipelineState: @unchecked Sendable {
    private let lock = Lock()
    private let order: [Int]
    private var cursor = 0
    private var error: InputError?
    private var done: UInt64 = 0
    private let total: UInt64
    private let progress: (@Sendable (UInt64, UInt64) -> Void)?
    private let slots: UnsafeMutableBufferPointer<ContentOutcome?>

    init(count: Int, order: [Int], total: UInt64, progress: (@Sendable (UInt64, UInt64) -> Void)?) {
        self.order = order
        self.total = total
        self.progress = progress
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    func release() {
        slots.deinitialize()
        slots.deallocate()
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, cursor < order.count else { return nil }
        cursor += 1
        return order[cursor - 1]
    }

    func advance(_ bytes: UInt64) {
        guard let progress else { return }
        lock.lock()
        defer { lock.unlock() }
        done = min(total, done.addingReportingOverflow(bytes).partialValue)
        progress(done, total)
    }

    func store(_ outcome: ContentOutcome, at index: Int) {
        slots[index] = outcome
    }

    func fail(_ failure: InputError) {
        lock.lock()
        defer { lock.unlock() }
        if error == nil { error = failure }
    }

    func results() throws(InputError) -> [ContentOutcome] {
        if let error { throw error }
        var out: [ContentOutcome] = []
        out.reserveCapacity(slots.count)
        for slot in slots {
            guard let slot else { throw InputError(file: "", "internal error: a file was not read") }
            out.append(slot)
        }
        return out
    }
}
