import BundleDiffCLI
import Foundation
import Testing

/// `processEnvironment()` reads `environ` itself: every name and value as `ProcessInfo`
/// and `getenv` give them, a value that holds `=` included.
@Suite struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsReadAsProcessInfoAndGetenvReadIt() {
        let environment = processEnvironment()
        #expect(!environment.isEmpty)
        #expect(environment == ProcessInfo.processInfo.environment)
        for (name, value) in environment {
            #expect(getenv(name).map { String(cString: $0) } == value, "\(name)")
        }
    }
}
