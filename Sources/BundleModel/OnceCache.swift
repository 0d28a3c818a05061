import Platform

/// Values made once per key and shared between threads: the first thread to ask for a key
/// makes its value outside the lock, a thread asking for the same key meanwhile waits for
/// it, and a thread asking for another key goes on. (A lock held while making, as the
/// caches of a comparison had, made the rules on two cores wait for each other's string
/// tables.) `make` must not ask this cache for the same key.
///
/// `value(_:make:)` is inlinable so that a caller in another module gets it specialized to
/// its key and value: generic, every call looked the dictionary's and the set's type
/// metadata up at run time (1.7% of a recorded diff, whose parity rules ask it for every
/// table of every language).
public final class OnceCache<Key: Hashable & Sendable, Value>: @unchecked Sendable {
    @usableFromInline let condition = Condition()
    @usableFromInline var values: [Key: Value] = [:]
    @usableFromInline var making: Set<Key> = []
    @usableFromInline var count = 0
    /// How many values were made (for tests: each key at most once).
    public var made: Int { count }

    public init() {}

    /// Whether a thread is making the value of `key` right now.
    func isMaking(_ key: Key) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return making.contains(key)
    }

    /// The value of `key`, made by `make` the first time it is asked for.
    @inlinable
    public func value(_ key: Key, make: () -> Value) -> Value {
        condition.lock()
        while true {
            if let known = values[key] {
                condition.unlock()
                return known
            }
            guard making.contains(key) else { break }
            condition.wait()
        }
        making.insert(key)
        count += 1
        condition.unlock()
        let value = make()
        condition.lock()
        values[key] = value
        making.remove(key)
        condition.broadcast()
        condition.unlock()
        return value
    }
}
