import BundleModel
import Comparison
import PropertyLists
import Testing

/// A changed `_CodeSignature/CodeResources` is set aside as re-sealed only when every
/// `files2` entry that differs names a file whose content is the same on both sides: an
/// entry only the old seal has (a file removed) or only the new one has (a file added)
/// keeps it a change of content.
@Suite struct ResealTests {
    static let seal = "A.app/_CodeSignature/CodeResources"

    /// `build` with its seal holding `files2` (path → sealed digest text); `encoded`: the
    /// seal kept as its encoding, as a recorded build's large plists are read back from the
    /// derived cache, so that the classifier compares encodings (`PlistEncoding.differingKeys`).
    static func snapshot(_ build: TestBuild, sealing files2: [(String, String)], encoded: Bool = false) -> BuildSnapshot {
        var snapshot = build.snapshot
        let entries = files2.map { ($0.0, PlistValue.dictionary(PlistDictionary([("hash2", .string($0.1))]))) }
        let root = PlistValue.dictionary(PlistDictionary([("files2", .dictionary(PlistDictionary(entries)))]))
        var bytes: [UInt8] = []
        _ = PlistEncoding.append(root, to: &bytes)
        let document = encoded ? PlistDocument(format: .xml, encoding: nil, duplicateKeys: [], encodedRoot: bytes)
            : PlistDocument(format: .xml, root: root)
        #expect((document?.undecodedRoot != nil) == encoded)
        snapshot.plists[BundlePath(seal)] = document.map(DecodedPlist.decoded)
        return snapshot
    }

    static func isResealed(_ old: BuildSnapshot, _ new: BuildSnapshot) -> Bool {
        let bundle = Comparer.compare(old: old, new: new).bundles.first { $0.new?.path == BundlePath("A.app") }
        let noise = bundle?.signatureNoise.filter { $0.kind == .resealed }.map(\.path) ?? []
        let modified = bundle?.files.modified.map(\.new.path) ?? []
        // Either noise or a change, never both, never neither.
        #expect(noise.contains(BundlePath(seal)) != modified.contains(BundlePath(seal)))
        return noise.contains(BundlePath(seal))
    }

    @Test(arguments: [false, true])
    func onlyUnchangedContentMakesAResealedSeal(encoded: Bool) {
        let old = TestBuild().files(["A.app/a.txt": "a", "A.app/c.txt": "c", Self.seal: "seal 1"])
        let base = Self.snapshot(old, sealing: [("a.txt", "A1"), ("c.txt", "C1")], encoded: encoded)
        // Every entry written again (another digest spelling), no file changed: re-sealed.
        let again = old.files([Self.seal: "seal 2"])
        #expect(Self.isResealed(base, Self.snapshot(again, sealing: [("a.txt", "A2"), ("c.txt", "C2")], encoded: encoded)))
        // A file added and sealed: only the new seal names it.
        let added = again.files(["A.app/b.txt": "b"])
        #expect(!Self.isResealed(base, Self.snapshot(added, sealing: [("a.txt", "A1"), ("b.txt", "B1"), ("c.txt", "C1")],
                                                     encoded: encoded)))
        // A file removed: only the old seal names it.
        var removed = again
        removed.files["A.app/c.txt"] = nil
        #expect(!Self.isResealed(base, Self.snapshot(removed, sealing: [("a.txt", "A1")], encoded: encoded)))
        // A sealed file whose content changed.
        let changed = again.files(["A.app/a.txt": "new a"])
        #expect(!Self.isResealed(base, Self.snapshot(changed, sealing: [("a.txt", "A3"), ("c.txt", "C1")], encoded: encoded)))
    }

    /// A key spelt in another Unicode form (NFC in one seal, NFD in the other) is the same
    /// key, as strings compare, whether the seals are decoded or compared as encodings; and
    /// one seal of each kind gives the same answer as two of either.
    @Test func aKeyInAnotherUnicodeFormIsTheSameKey() {
        let composed = "caf\u{E9}.txt", decomposed = "cafe\u{301}.txt"
        let old = TestBuild().files(["A.app/a.txt": "a", "A.app/" + composed: "c", Self.seal: "seal 1"])
        // The digest spelt again or not, the file changed or not: re-sealed unless it changed.
        for (digest, content, resealed) in [("C1", "c", true), ("C2", "c", true), ("C2", "new c", false)] {
            let again = old.files([Self.seal: "seal 2", "A.app/" + composed: content])
            var answers: Set<Bool> = []
            for (x, y) in [(false, false), (true, true), (false, true), (true, false)] {
                let a = Self.snapshot(old, sealing: [("a.txt", "A1"), (composed, "C1")], encoded: x)
                let b = Self.snapshot(again, sealing: [("a.txt", "A2"), (decomposed, digest)], encoded: y)
                answers.insert(Self.isResealed(a, b))
            }
            #expect(answers == [resealed])
        }
    }
}
