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
    ],
    targets: [
        // C libraries from the system (Debian: libgit2-dev, libssl-dev, zlib1g-dev, libyaml-dev).
        .systemLibrary(name: "CLibgit2", pkgConfig: "libgit2",
                       providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // SQLite, to read app data stores (Core Data, GRDB) strictly read-only (libsqlite3-dev).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // libyaml's event parser, under our own composer for configuration and baseline files (libyaml-dev).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),

        // Threads, locks and pauses over POSIX: what the product used Foundation for, without
        // linking Foundation (which brings ICU and its start-up cost into the binary).
        .target(name: "Platform", dependencies: ["CProcess"]),
        // What is hidden in text and how it shows: every output goes through it.
        .target(name: "TextSafety"),
        .target(name: "PropertyLists", dependencies: ["Platform", "TextSafety"]),
        // Mach-O facts: a bounded reader of thin and universal binaries (load commands, code
        // signature, imports); the digests a signature names are the caller's (no C library).
        .target(name: "MachO", dependencies: ["TextSafety", "PropertyLists"]),
        // SQLite stores' facts (schema, row counts, Core Data entities) as values and canonical
        // text; the reader that opens a store read-only is in BundleReading.
        .target(name: "Stores", dependencies: ["TextSafety", "PropertyLists"]),
        // Plain values: what a build and its bundles contain (no I/O, no C libraries).
        .target(name: "BundleModel", dependencies: ["Platform", "TextSafety", "PropertyLists", "MachO", "Stores"]),
        // The readers: directories and zips (.ipa, zipped .xcarchive) into a BuildSnapshot,
        // hashing with OpenSSL, inflating with zlib and opening SQLite stores read-only.
        .target(name: "BundleReading", dependencies: ["Platform", "BundleModel", "MachO", "Stores", "TextSafety", "PropertyLists", "COpenSSL", "CZlib", "CSQLite"]),
        // Non-variadic C wrappers for git_libgit2_opts (Swift cannot call variadic C).
        .target(name: "CGitShim", dependencies: ["CLibgit2"]),
        // The commit scripts/package.sh bakes in (a generated header; product code never runs git).
        .target(name: "CBuildInfo"),
        .target(name: "CProcess"),
        .target(name: "Git", dependencies: ["Platform", "TextSafety", "CLibgit2", "CGitShim", "COpenSSL", "CZlib"]),
        .target(name: "SnapshotStore", dependencies: ["Platform", "TextSafety", "Git", "BundleModel", "PropertyLists", "MachO", "Stores"]),
        .target(name: "Comparison", dependencies: ["BundleModel", "PropertyLists"]),
        // Code-signature facts: the CodeResources seal evaluated against recorded files.
        .target(name: "CodeSigning", dependencies: ["BundleModel", "PropertyLists"]),
        // Apple's lists (required-reason APIs, listed SDKs, usage descriptions), each file with its source, compiled in.
        .target(name: "Rules", dependencies: ["Platform", "Comparison", "CodeSigning", "BundleModel", "PropertyLists", "MachO", "Stores"],
                resources: [.embedInCode("Resources/required-reason-apis.txt"),
                            .embedInCode("Resources/third-party-sdks.txt"),
                            .embedInCode("Resources/usage-descriptions.txt")]),
        .target(name: "Reporters", dependencies: ["TextSafety", "Rules", "Comparison", "BundleModel", "PropertyLists", "MachO"]),
        .target(name: "BundleDiffKit", dependencies: [
            "CYAML", "CBuildInfo",
            "SnapshotStore", "Reporters", "Rules", "Comparison", "CodeSigning", "BundleReading", "BundleModel", "PropertyLists", "Git", "TextSafety",
        ]),
        .target(name: "BundleDiffCLI", dependencies: [
            "Platform",
            "BundleDiffKit", "SnapshotStore", "Reporters", "Rules", "Comparison", "PropertyLists", "TextSafety", "Git",
            "BundleModel", "CProcess", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "bundlediff", dependencies: ["BundleDiffCLI"]),
        // Benchmarks/history.sh: records a long history in one process (see its main.swift).
        .executableTarget(name: "generate-history", dependencies: ["BundleDiffKit", "SnapshotStore", "BundleReading", "BundleModel", "PropertyLists", "Git"],
                          path: "Benchmarks/GenerateHistory"),

        .target(name: "TestSupport", dependencies: ["BundleModel", "PropertyLists", "CZlib", "CSQLite"], path: "Tests/TestSupport"),
        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety", "PropertyLists"]),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport"]),
        .testTarget(name: "StoresTests", dependencies: ["Stores", "BundleReading", "TestSupport", "CSQLite"]),
        .testTarget(name: "BundleModelTests", dependencies: ["BundleModel", "Platform", "CProcess", "TestSupport", "TextSafety"]),
        .testTarget(name: "BundleReadingTests", dependencies: ["BundleReading", "BundleModel", "MachO", "PropertyLists", "TestSupport"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "TestSupport"]),
        .testTarget(name: "SnapshotStoreTests", dependencies: [
            "SnapshotStore", "BundleReading", "BundleModel", "MachO", "Stores", "Comparison", "Git", "PropertyLists", "TestSupport",
        ]),
        .testTarget(name: "RemoteSyncTests", dependencies: ["SnapshotStore", "BundleReading", "BundleModel", "Git", "TestSupport"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "BundleReading", "BundleModel", "PropertyLists", "TestSupport"]),
        .testTarget(name: "CodeSigningTests", dependencies: ["CodeSigning", "BundleReading", "BundleModel", "TestSupport"]),
        .testTarget(name: "MachOTests", dependencies: ["MachO", "BundleReading", "PropertyLists", "TestSupport"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "MachO", "Stores", "Comparison", "BundleModel", "PropertyLists", "TestSupport"]),
        .testTarget(name: "BundleDiffCLITests", dependencies: [
            "BundleDiffCLI", "BundleDiffKit", "Reporters", "Rules", "Comparison", "BundleReading", "BundleModel",
            "PropertyLists", "SnapshotStore", "TextSafety", "TestSupport",
        ]),
    ]
)
