@testable import BundleReading
import Testing

/// A data container's snapshot records no Mach-O facts, so its reader does not parse binaries.
@Suite struct ContainerOptionsTests {
    @Test func containerContentIsReadWithoutMachOFacts() {
        let given = ReadOptions(limits: .init(maxEntries: 77), concurrency: 3)
        #expect(given.readsMachO)
        let content = ContainerReader.contentOptions(given)
        #expect(!content.readsMachO)
        #expect(content.concurrency == 3 && content.limits.maxEntries == 77)
    }
}
