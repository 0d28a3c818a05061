import BundleModel
import Dispatch
import FoundationEssentials
import MachO

extension SnapshotTreeWriter {
    /// The `macho/` texts of a build (`MachOText.renderBytes`), rendered on every core: for
    /// an app made of binaries the text is much of what recording writes, and the writer
    /// would otherwise render it on one thread while the other cores wait.
    static func machOTexts(_ files: [BundlePath: MachOFile]) -> [(path: BundlePath, text: [UInt8])] {
        let items = Array(files)
        guard !items.isEmpty else { return [] }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count))
        let texts = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: items.count)
        texts.initialize(repeating: [])
        defer {
            texts.deinitialize()
            texts.deallocate()
        }
        let slots = SendableSlots(texts)
        // Worker w renders items w, w + workers, …: each slot is written by one worker.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: items.count, by: workers) {
                slots.buffer[index] = MachOText.renderBytes(items[index].value)
            }
        }
        return items.indices.map { (items[$0].key, texts[$0]) }
    }
}

/// Result slots shared by the rendering workers (each slot written by exactly one).
private struct SendableSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[UInt8]>
    init(_ buffer: UnsafeMutableBufferPointer<[UInt8]>) { self.buffer = buffer }
}
