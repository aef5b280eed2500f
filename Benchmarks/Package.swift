// swift-tools-version:6.1
import PackageDescription

// Chapter 12's benchmark: a package of its own, so that the course's build and
// `make test` never compile it. `make bench` builds it in release:
//
//     swift build -c release --package-path Benchmarks
//
// It times the C API and GRDB side by side in one process (so it links
// GRDB and GRDB's SQLite module), and times the steps' own executables as
// subprocesses for the scale section (it never imports a step). It counts
// with the course's own counters (the root package's CourseCounters: the
// counting VFS and sqlite3_stmt_status), the module the steps and tests use.
let package = Package(
    name: "SQLiteCourseBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        // The course itself, for its counters (one small module: CSQLite, the VFS, Counters.swift).
        .package(name: "SQLiteCourse", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "bench",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, from the same libsqlite3 that GRDB uses.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "CourseCounters", package: "SQLiteCourse"),
            ],
            path: "Sources/bench"
        )
    ]
)
