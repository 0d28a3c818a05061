import PropertyLists

/// Small data containers for the container rules' examples.
enum ContainerExamples {
    static let app = "com.example.notes"

    /// A container of `app` holding `files` (path → content).
    static func container(_ files: [String: String], defaults: [(String, PlistValue)]? = nil) -> ExampleBuild {
        var build = ExampleBuild("Data").container(of: app)
        for (path, content) in files.sorted(by: { $0.key < $1.key }) { build = build.file(path, content) }
        if let defaults {
            build = build.plist("Library/Preferences/\(app).plist", .dictionary(PlistDictionary(defaults)), format: .binary)
        }
        return build
    }
}
