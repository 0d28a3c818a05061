/// Bounds on reading one store, so a huge or hostile file costs bounded time and memory.
public struct StoreLimits: Sendable, Hashable {
    /// Larger files are not opened (`unreadable`, "too large").
    public var maxStoreBytes: UInt64
    /// A table's rows are counted up to this many (`rows more-than <n>` beyond).
    public var maxCountedRows: Int
    /// At most this many tables, views and indexes are read from the schema.
    public var maxSchemaObjects: Int
    /// SQLite virtual-machine steps, in thousands, for the whole store (the progress handler).
    public var maxKilosteps: Int
    /// Wall-clock bound for the whole store, in milliseconds (a backstop to the step bound).
    public var maxMilliseconds: Int

    public init(maxStoreBytes: UInt64 = 4 << 30, maxCountedRows: Int = 1_000_000, maxSchemaObjects: Int = 2_000,
                maxKilosteps: Int = 50_000, maxMilliseconds: Int = 10_000) {
        self.maxStoreBytes = maxStoreBytes
        self.maxCountedRows = maxCountedRows
        self.maxSchemaObjects = maxSchemaObjects
        self.maxKilosteps = maxKilosteps
        self.maxMilliseconds = maxMilliseconds
    }
}
