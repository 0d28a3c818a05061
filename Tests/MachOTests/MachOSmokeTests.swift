import MachO
import Testing

@Suite struct MachOSmokeTests {
    @Test func emptyInputIsAnError() {
        #expect(throws: MachOError("too short for a Mach-O header (0 bytes)")) { try MachOFile.parse([]) }
    }
}
