import BundleModel
import Foundation

/// A build's facts (`BuildFacts`) kept in memory, as a history keeps them in files.
public final class MemoryFacts: BuildFacts, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: [UInt8]] = [:]

    public init() {}

    public func bytes(named name: String) -> [UInt8]? { lock.withLock { stored[name] } }
    public func keep(_ bytes: [UInt8], named name: String) { lock.withLock { stored[name] = bytes } }
    public func keepHere(_ bytes: [UInt8], named name: String) { keep(bytes, named: name) }
    public var names: [String] { lock.withLock { stored.keys.sorted() } }
}
