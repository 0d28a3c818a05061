import BundleModel
import MachO

/// Decides from a file's first bytes whether it is Mach-O and, when it is, keeps only the
/// byte ranges the reader needs (`MachOReadPlan`: headers, load commands, then the tables
/// they name) as the content streams past, so a 1 GiB binary costs its tables, not 1 GiB.
/// Any other file costs one look at its first eight bytes.
struct MachOSniffer {
    /// A range being kept: its bytes so far from `offset`, up to `end`.
    private struct Piece {
        var offset: Int
        var end: Int
        var bytes: [UInt8] = []
        var next: Int { offset + bytes.count }
        var isWhole: Bool { next >= end }
    }

    /// The file's size as listed (plans are made against it).
    private let size: Int
    /// nil until the first bytes were seen; false for a file that is not considered at all.
    private var isMachO: Bool?
    private var pieces: [Piece] = []
    private var planned: Set<Int> = []
    /// Bytes of the content seen so far.
    private var position = 0
    /// Why the ranges could not be kept (a table the stream had passed when it was learnt).
    private var problem: String?

    init(considered: Bool, size: UInt64) {
        self.size = Int(clamping: size)
        isMachO = considered ? nil : false
        if considered { pieces = [Piece(offset: 0, end: min(8, self.size))] }
    }

    /// The bytes kept so far (for tests: bounded by the tables, not the file).
    var keptBytes: Int { pieces.reduce(0) { $0 + $1.bytes.count } }

    /// Feeds the next chunk of the file's content.
    mutating func take(_ chunk: UnsafeRawBufferPointer) {
        let start = position
        position += chunk.count
        guard isMachO != false, problem == nil else { return }
        var progressed = true
        while progressed {
            progressed = false
            var completed = false
            for i in pieces.indices where !pieces[i].isWhole {
                let next = pieces[i].next
                guard next >= start else {
                    problem = "a table at offset \(pieces[i].offset) is named after the stream passed it"
                    return
                }
                guard next < position else { continue }
                let upTo = min(pieces[i].end, position)
                pieces[i].bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[(next - start)..<(upTo - start)]))
                completed = completed || pieces[i].isWhole
            }
            if isMachO == nil, let head = pieces.first, head.isWhole {
                isMachO = MachOFile.isMachO(prefix: head.bytes)
                if isMachO == false { pieces = []; return }
            }
            if completed { progressed = replan(streamAt: start) }
        }
    }

    /// Adds the ranges the held bytes now name; true when it added or extended any.
    private mutating func replan(streamAt start: Int) -> Bool {
        let held = MachOByteRanges(fileSize: size, pieces: pieces.map { ($0.offset, $0.bytes) })
        let plan = MachOReadPlan.next(for: held, planned: planned)
        planned = plan.planned
        var changed = false
        for range in plan.ranges {
            if let i = pieces.firstIndex(where: { $0.offset <= range.lowerBound && range.lowerBound <= $0.next }) {
                guard range.upperBound > pieces[i].end else { continue }
                pieces[i].end = range.upperBound  // the same run, longer (a header, then its load commands)
            } else if pieces.contains(where: { $0.offset <= range.lowerBound && range.upperBound <= $0.end }) {
                continue
            } else {
                guard range.lowerBound >= start else {
                    problem = "a table at offset \(range.lowerBound) is named after the stream passed it"
                    return false
                }
                pieces.append(Piece(offset: range.lowerBound, end: range.upperBound))
            }
            changed = true
        }
        // Tables that overlap could ask for more than the file; real ones never do.
        if pieces.reduce(0, { $0 + ($1.end - $1.offset) }) > size * 2 + (64 << 10) {
            problem = "its tables overlap (more than twice the file's \(size) bytes)"
            return false
        }
        return changed
    }

    /// The facts of the file read so far, nil when it is not Mach-O; for a file that starts
    /// like Mach-O and does not read, why (one line). Such a file is a fact about the build (a
    /// stand-in, a truncated copy), recorded and judged by a rule, not a reason to refuse the
    /// whole build: the reader's bounds keep the work small either way.
    func facts() -> Result<MachOFile, MachOError>? {
        guard isMachO ?? pieces.first.map({ MachOFile.isMachO(prefix: $0.bytes) }) ?? false else { return nil }
        if let problem { return .failure(MachOError(problem)) }
        let held = MachOByteRanges(fileSize: position, pieces: pieces.map { ($0.offset, $0.bytes) })
        do throws(MachOError) {
            return .success(try MachOFile.parse(held, digest: SignatureDigest.machO))
        } catch {
            return .failure(error)
        }
    }
}
