// swift-tools-version:6.0
import PackageDescription

// per is built and run on Linux (glibc) only. CNcurses has no pkgConfig: SwiftPM refuses ncursesw.pc's -D flags with a
// warning at every build (the shim header defines what they would), and the libraries are found on the usual paths
// (make check-deps says when not).
let package = Package(
    name: "per",
    products: [
        .executable(name: "per", targets: ["per"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CNcurses"),
        .target(name: "PerCore"),
        .target(name: "PerTerminal", dependencies: ["PerCore", "CNcurses"]),
        .target(name: "PerDatabase", dependencies: ["PerCore", .product(name: "GRDB", package: "GRDB.swift")]),
        .executableTarget(
            name: "per",
            dependencies: [
                "PerCore", "PerTerminal", "PerDatabase",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Links to the top-level files, built into the binary for `per licenses`.
            resources: [.embedInCode("Licenses/LICENSE"), .embedInCode("Licenses/THIRD-PARTY-NOTICES")]
        ),
        .executableTarget(name: "PerBench", dependencies: ["PerCore", "PerDatabase"], path: "Sources/PerBench"),
        // Helpers shared by the test targets: temporary folders, the built binary, processes, tmux, decimals, a held lock.
        .target(name: "TestSupport", dependencies: ["PerCore", .product(name: "GRDB", package: "GRDB.swift")], path: "Tests/TestSupport"),
        .testTarget(name: "PerCoreTests", dependencies: ["PerCore", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "PerTerminalTests", dependencies: ["PerTerminal", "PerCore", "TestSupport"]),
        .testTarget(name: "PerDatabaseTests", dependencies: ["PerDatabase", "PerCore", "TestSupport"]),
        // The commands, run as the built binary (PER_BINARY); PerDatabase makes and reads their databases; `per`'s own
        // code for what has no binary-level check (QuickParseTests: the app's fast path against swift-argument-parser).
        .testTarget(name: "CommandLineTests", dependencies: [
            "per", "PerDatabase", "PerCore", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["PerCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
