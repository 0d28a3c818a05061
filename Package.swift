// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "bundlediff",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bundlediff", targets: ["bundlediff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // C libraries from the system (Debian: libgit2-dev, libssl-dev, zlib1g-dev).
        .systemLibrary(name: "CLibgit2", pkgConfig: "libgit2",
                       providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // SQLite, to read app data stores (Core Data, GRDB) strictly read-only (libsqlite3-dev).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

        // What is hidden in text and how it shows: every output goes through it.
        .target(name: "TextSafety"),
        .target(name: "PropertyLists", dependencies: ["TextSafety"]),
        // SQLite stores read-only: schema, row counts, Core Data entities, as canonical text.
        .target(name: "Stores", dependencies: ["TextSafety", "PropertyLists", "CSQLite"]),
        .target(name: "BundleModel", dependencies: ["TextSafety", "PropertyLists", "Stores", "COpenSSL", "CZlib"]),
        // Non-variadic C wrappers for git_libgit2_opts (Swift cannot call variadic C).
        .target(name: "CGitShim", dependencies: ["CLibgit2"]),
        // The commit scripts/package.sh bakes in (a generated header; product code never runs git).
        .target(name: "CBuildInfo"),
        .target(name: "Git", dependencies: ["TextSafety", "CLibgit2", "CGitShim", "COpenSSL", "CZlib"]),
        .target(name: "SnapshotStore", dependencies: ["TextSafety", "Git", "BundleModel", "PropertyLists", "Stores"]),
        .target(name: "Comparison", dependencies: ["BundleModel", "PropertyLists"]),
        // Code-signature facts: the CodeResources seal evaluated against recorded files.
        .target(name: "CodeSigning", dependencies: ["BundleModel", "PropertyLists"]),
        .target(name: "Rules", dependencies: ["Comparison", "CodeSigning", "BundleModel", "PropertyLists", "Stores"]),
        .target(name: "Reporters", dependencies: ["TextSafety", "Rules", "Comparison", "BundleModel"]),
        .target(name: "BundleDiffKit", dependencies: [
            .product(name: "Yams", package: "Yams"), "CBuildInfo",
            "SnapshotStore", "Reporters", "Rules", "Comparison", "BundleModel", "PropertyLists", "Git", "TextSafety",
        ]),
        .target(name: "BundleDiffCLI", dependencies: [
            "BundleDiffKit", "TextSafety",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "bundlediff", dependencies: ["BundleDiffCLI"]),
        // Benchmarks/history.sh: records a long history in one process (see its main.swift).
        .executableTarget(name: "generate-history", dependencies: ["BundleDiffKit", "SnapshotStore", "BundleModel", "PropertyLists"],
                          path: "Benchmarks/GenerateHistory"),

        .target(name: "TestSupport", dependencies: ["BundleModel", "PropertyLists", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety", "PropertyLists"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport"]),
        .testTarget(name: "StoresTests", dependencies: ["Stores", "TestSupport", "CSQLite"]),
        .testTarget(name: "BundleModelTests", dependencies: ["BundleModel", "TestSupport"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "SnapshotStoreTests", dependencies: ["SnapshotStore", "Stores", "Comparison", "TestSupport"]),
        .testTarget(name: "RemoteSyncTests", dependencies: ["SnapshotStore", "Git", "TestSupport"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "TestSupport"]),
        .testTarget(name: "CodeSigningTests", dependencies: ["CodeSigning", "BundleModel", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "TestSupport"]),
        .testTarget(name: "BundleDiffCLITests", dependencies: ["BundleDiffCLI", "BundleDiffKit", "TextSafety", "TestSupport"]),
    ]
)
