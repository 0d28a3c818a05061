import Foundation
import Testing

/// The sources build on macOS too (README: Install), though CI runs only on Linux: every
/// Glibc-only name is behind `#if canImport(Glibc)` (or the `#else` of `canImport(Darwin)`).
@Suite struct PortabilityTests {
    /// Names that exist in Glibc and not in Darwin.
    static let linuxOnly = ["Glibc.", ".st_mtim", ".st_ctim", ".st_atim", "import Glibc"]

    @Test func glibcOnlyNamesAreBehindCanImport() throws {
        let sources = CLIHarness.root + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources)
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var unguarded: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            unguarded += Self.unguardedLines(text).map { "\(file):\($0)" }
        }
        #expect(unguarded.isEmpty, "Glibc-only names outside #if canImport(Glibc): \(unguarded)")
    }

    /// The check itself finds what it is for.
    @Test func theCheckFindsAnUnguardedCall() {
        let bare = "let n = Glibc.write(fd, p, c)\nlet t = info.st_mtim.tv_sec\nlet c = info.st_ctim\n"
        #expect(Self.unguardedLines(bare) == [1, 2, 3])
        #expect(Self.unguardedLines("let t = info.st_mtimespec.tv_sec").isEmpty)
        let guarded = """
            #if canImport(Darwin)
            let t = info.st_mtimespec.tv_sec
            #else
            let t = info.st_mtim.tv_sec
            #endif
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Darwin
            #endif
            """
        #expect(Self.unguardedLines(guarded).isEmpty)
    }

    /// 1-based numbers of the lines that use a Linux-only name outside a Linux-only branch.
    static func unguardedLines(_ text: String) -> [Int] {
        // One entry per open #if: is the current branch Linux-only?
        var branches: [Bool] = []
        var conditions: [String] = []
        var found: [Int] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let condition = String(line.dropFirst(4))
                conditions.append(condition)
                branches.append(isLinux(condition))
            } else if line.hasPrefix("#elseif "), !branches.isEmpty {
                branches[branches.count - 1] = isLinux(String(line.dropFirst(8)))
            } else if line == "#else", !branches.isEmpty {
                branches[branches.count - 1] = isDarwin(conditions[conditions.count - 1])
            } else if line == "#endif", !branches.isEmpty {
                branches.removeLast()
                conditions.removeLast()
            } else if !line.hasPrefix("//"), !branches.contains(true),
                      linuxOnly.contains(where: line.replacingOccurrences(of: "timespec", with: "").contains) {
                found.append(index + 1)
            }
        }
        return found
    }

    private static func isLinux(_ condition: String) -> Bool {
        condition == "canImport(Glibc)" || condition == "os(Linux)"
    }

    private static func isDarwin(_ condition: String) -> Bool {
        condition == "canImport(Darwin)" || condition == "os(macOS)"
    }
}
