import BundleModel
import PropertyLists

extension CheckContext {
    /// The non-empty string at `key` of `bundle`'s Info.plist: `.missing` when absent or
    /// empty, `.wrongType` when not a string, else the text.
    enum Text: Equatable {
        case missing
        case wrongType(String)
        case text(String)
    }

    func text(_ key: String, of bundle: BundleInfo) -> Text {
        guard let value = info(of: bundle)?[key] else { return .missing }
        guard let s = value.stringValue else { return .wrongType(value.typeNameWithArticle) }
        return s.allSatisfy({ $0 == " " || $0 == "\t" }) ? .missing : .text(s)
    }

    /// The outermost bundle that contains `bundle` (itself when it has no parent).
    func outermost(of bundle: BundleInfo) -> BundleInfo { index.outermost(of: bundle) }

    /// The bundles inside an app of the mobile family (flat layout), the app included.
    var mobileAppBundles: [BundleInfo] {
        bundles.filter { b in
            let top = outermost(of: b)
            return top.kind == .app && isMobile(top) && isMobile(b)
        }
    }

    /// The nearest enclosing bundle of `bundle` of one of `kinds`, nil when there is none.
    func enclosing(_ bundle: BundleInfo, kinds: Set<BundleInfo.Kind>) -> BundleInfo? {
        var current = bundle
        var steps = 0
        while let parent = current.parentPath, let next = index.bundle(at: parent), steps < 64 {
            if kinds.contains(next.kind) { return next }
            current = next
            steps += 1
        }
        return nil
    }

    /// `bundle`'s main executable: the name `CFBundleExecutable` gives (a plain name, not a
    /// path) and where the layout keeps it; nil when the key names none.
    func executable(of bundle: BundleInfo) -> (name: String, path: BundlePath)? {
        guard case .text(let name) = text("CFBundleExecutable", of: bundle), !name.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return (name, bundle.executablePath(named: name))
    }
}
