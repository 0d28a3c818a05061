import BundleModel
@testable import Comparison
import Testing

/// `PythonTree.Classifier` judges each folder once: a verdict kept for a folder must be the
/// one a fresh look at the path would give, whatever was asked before.
@Suite struct PythonTreeTests {
    static let build = TestBuild().files([
        "A.app/Res/pkg/__init__.py": "init", "A.app/Res/pkg/sub/data.csv": "1,2", "A.app/Res/pkg/top.txt": "t",
        "A.app/Res/plain/sub/image.png": "png", "A.app/Res/plain/other.txt": "o",
        "A.app/lib/python3.12/json/x.txt": "x", "A.app/Res/plain/cache.pyc": "bytecode",
    ])

    @Test func everyOrderOfQuestionsGivesTheSameAnswers() {
        let index = SnapshotIndex(Self.build.snapshot)
        let expected: [(String, Bool)] = [
            ("A.app/Res/pkg/sub/data.csv", true), ("A.app/Res/pkg/top.txt", true),
            ("A.app/Res/plain/sub/image.png", false), ("A.app/Res/plain/other.txt", false),
            ("A.app/lib/python3.12/json/x.txt", true), ("A.app/Res/plain/cache.pyc", true),
            ("A.app/Info.plist", false), ("top.txt", false),
        ]
        for order in [expected, expected.reversed(), expected.shuffled(), expected.shuffled()] {
            var classifier = PythonTree.Classifier(index)
            for (path, inside) in order {
                let answer = classifier.isInside(BundlePath(path))
                #expect(answer == inside, "\(path)")
            }
        }
    }

    /// A recorded path may be thousands of folders deep: judged in a loop, not by recursion.
    @Test func aDeepPathIsJudgedWithoutRecursion() {
        let deep = Array(repeating: "d", count: 20_000).joined(separator: "/") + "/f.txt"
        var classifier = PythonTree.Classifier(SnapshotIndex(Self.build.snapshot))
        let plain = classifier.isInside(BundlePath("A.app/" + deep))
        let python = classifier.isInside(BundlePath("A.app/site-packages/" + deep))
        #expect(!plain)
        #expect(python)
    }
}
