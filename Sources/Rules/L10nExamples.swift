/// Shared example builds for the localization rules.
enum L10nExamples {
    /// An app with the given `.lproj` files (paths below the app) and string tables.
    static func app(files: [String] = [], tables: [(String, [(String, String)])] = [],
                    info: [(String, PlistValueSpec)] = []) -> ExampleBuild {
        var build = ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0",
                                          info: [("CFBundleDevelopmentRegion", .string("en"))] + info.map { ($0.0, $0.1.value) })
        for f in files { build = build.file("Example.app/" + f, f) }
        for (path, pairs) in tables { build = build.strings("Example.app/" + path, pairs) }
        return build
    }
}

import PropertyLists

/// A plist value spelled briefly in examples.
enum PlistValueSpec {
    case string(String)
    case strings([String])

    var value: PlistValue {
        switch self {
        case .string(let s): .string(s)
        case .strings(let a): .array(a.map { .string($0) })
        }
    }
}
