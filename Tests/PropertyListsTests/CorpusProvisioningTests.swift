import Foundation
import Testing
@testable import PropertyLists

/// Real `embedded.mobileprovision` files from the bundle corpus: our DER walk must extract
/// exactly the content OpenSSL extracts, and that content must be a plist with the keys
/// every profile has.
@Suite(.enabled(if: Corpus.isConfigured, "BUNDLEDIFF_CORPUS is unset: skipping real provisioning profiles"))
struct CorpusProvisioningTests {
    static func profiles() -> [String] {
        guard let root = Corpus.root else { return [] }
        return Corpus.regularFiles(under: root + "/bundles").filter { $0.hasSuffix("embedded.mobileprovision") }
            .map { root + "/bundles/" + $0 }
    }

    /// `openssl cms -verify -noverify` prints the signed content; nil when openssl is absent.
    static func opensslContent(_ path: String) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "cms", "-verify", "-noverify", "-inform", "der", "-in", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(data) : nil
    }

    @Test func realProfilesDecode() throws {
        let paths = Self.profiles()
        #expect(paths.count >= 3, "expected the fastlane bundles' provisioning profiles")
        for path in paths {
            let cms = try #require(Corpus.bytes(path))
            let plist: [UInt8]
            do {
                plist = try ProvisioningProfile.plistBytes(fromCMS: cms)
            } catch {
                Issue.record("\(path): \(error)")
                continue
            }
            if let reference = Self.opensslContent(path) {
                #expect(plist == reference, "\(path): extracted content differs from openssl's")
            }
            let doc = try PropertyListReader.read(plist)
            #expect(doc.format == .xml)
            for key in ["AppIDName", "CreationDate", "ExpirationDate", "Entitlements", "TeamIdentifier", "UUID"] {
                #expect(doc.root[key] != nil, "\(path): no \(key)")
            }
            if case .date(let created) = doc.root["CreationDate"], case .date(let expires) = doc.root["ExpirationDate"] {
                #expect(created < expires)
            } else {
                Issue.record("\(path): dates are not dates")
            }
            // A truncated profile fails cleanly wherever it is cut.
            for cut in stride(from: 0, to: cms.count, by: max(1, cms.count / 64)) {
                _ = try? ProvisioningProfile.plistBytes(fromCMS: Array(cms[..<cut]))
            }
        }
    }
}
