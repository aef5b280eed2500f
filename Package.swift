// swift-tools-version:6.1
import PackageDescription

let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
/// What a step that uses GRDB needs: GRDB itself and the course's GRDB glue.
let usesGRDB: [Target.Dependency] = [grdb, "CourseGRDB"]

/// A step of the course: the executable `stepN` (sources in Steps/stepN) and
/// its tests (Tests/StepNTests). `swift run step3` and `make step3` agree.
/// `testDependencies` are for the tests only (e.g. IssueReportingTestSupport,
/// which turns `reportIssue` into a test failure but must not ship in the executable).
func step(
    _ number: Int, dependencies: [Target.Dependency] = [], testDependencies: [Target.Dependency] = [],
    resources: [Resource]? = nil
) -> [Target] {
    [
        .executableTarget(
            name: "step\(number)",
            dependencies: ["CourseCore", argumentParser] + dependencies,
            path: "Steps/step\(number)",
            resources: resources
        ),
        .testTarget(
            name: "Step\(number)Tests",
            dependencies: [.target(name: "step\(number)"), "CourseTestSupport"] + dependencies + testDependencies,
            path: "Tests/Step\(number)Tests"
        ),
    ]
}

let package = Package(
    name: "SQLiteCourse",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // Exact: its help and error wording is in the golden files (Tests/Golden/help).
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.0"),
    ],
    targets: [
        // The SQLite C API as a module (Linux has no `import SQLite3`).
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        // The "counting" VFS: the default one, with every read, write and sync counted
        // (CourseCounters' Counters.swift reads it; --stats, the counts tests and the bench use it).
        .target(name: "CSQLiteCounters", dependencies: ["CSQLite"]),
        // The counters read in Swift (Counters.swift): a library product, so that chapter 12's
        // benchmark (Benchmarks/, a package of its own) counts with the same module.
        .target(name: "CourseCounters", dependencies: ["CSQLite", "CSQLiteCounters"]),
        // What several steps share, without GRDB: narration, errors, result codes,
        // the db/ folder, the shared options, the tour subcommand. Step 1 needs only this,
        // so `make step1` never compiles GRDB.
        .target(name: "CourseCore", dependencies: ["CSQLite", "CourseCounters", argumentParser]),
        // The GRDB glue of every step that uses GRDB (2 to 11): configuration and --trace,
        // opening a queue or a file read-only, GRDB's errors presented like the C API's.
        .target(name: "CourseGRDB", dependencies: ["CourseCore", grdb]),
        // The exercise runner's logic (manifest, checks, verify, lint, progress, reports):
        // Foundation and EditorText only, so that it builds in seconds and never needs GRDB.
        .target(name: "CourseRunner", dependencies: ["EditorText"], path: "Sources/CourseRunner"),
        // A learner's text as any editor saves it (CRLF, a BOM, trailing blanks): read the
        // same by the runner and by every check (Checks/Support).
        .target(name: "EditorText"),
        // The exercise runner's program (`make ex`, `swift run course`): its command line, with
        // ArgumentParser and CourseCore (without GRDB) for the shared command-line handling.
        .executableTarget(name: "course", dependencies: ["CourseRunner", "CourseCore", argumentParser]),
        .testTarget(name: "CourseRunnerTests", dependencies: ["CourseRunner", "EditorText"]),
        .target(
            name: "CourseTestSupport",
            dependencies: ["CourseCore", grdb], path: "Tests/CourseTestSupport"),
        .testTarget(
            name: "CoreTests",
            dependencies: [
                "CourseCore", "CourseGRDB", "CourseTestSupport", grdb,
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]),
        // Steps 4 and 5 share the items app's unchanged parts (ordering, live list, shell, watch).
        .target(name: "ItemsKit", dependencies: ["CourseCore", argumentParser] + usesGRDB, path: "Steps/ItemsKit"),
    ]
        + step(1, dependencies: ["CSQLite"])
        + step(2, dependencies: ["CSQLite"] + usesGRDB)
        + step(
            3, dependencies: usesGRDB + [.product(name: "IssueReporting", package: "xctest-dynamic-overlay")],
            testDependencies: [.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")])
        + step(4, dependencies: ["ItemsKit"] + usesGRDB)
        + step(5, dependencies: ["ItemsKit"] + usesGRDB)
        + step(
            6, dependencies: usesGRDB,
            resources: [.copy("Resources/catalog.sqlite"), .copy("Resources/catalog.sql")])
        + step(7, dependencies: usesGRDB, resources: [.process("Resources")])
        + step8()
        + step(9, dependencies: usesGRDB)
        // Resources/: symlinks to step 6's and step 7's files, embedded (CourseCore's BodiesFixtures says why).
        + step(
            10, dependencies: usesGRDB,
            resources: ["catalog.sql", "BodiesDB-001.sql", "bodies-v1.json", "bodies-v2.json"].map {
                Resource.embedInCode("Resources/\($0)")
            })
        + step(
            11, dependencies: usesGRDB,
            // Resources/: symlinks to step 7's schema and fixtures, embedded (BodiesFixtures says why).
            resources: ["BodiesDB-001.sql", "bodies-v1.json", "bodies-v2.json"].map {
                Resource.embedInCode("Resources/\($0)")
            })
)

// MARK: - Exercises
// Every exercise, in Exercises/manifest.json's order, its kind marked when it is sql (no Swift
// code: its check reads query.sql) or predict (its module leaves out prediction.txt, which its
// check reads). Generated: `make ex ARGS="new …"` adds an exercise to both, and lint fails when
// they disagree (IsolationTests.everyExerciseIsATargetByDefault checks the targets too).
// BEGIN GENERATED by make ex ARGS="update-package" from Exercises/manifest.json: do not edit.
let courseExercises = [
    "s1-read-nulls",
    "s1-finalize",
    "s1-transaction",
    "s1-bind-predict:predict",
    "s2-write-rollback",
    "s2-read-for-write",
    "s2-migrator-predict:predict",
    "s3-on-delete",
    "s3-foreign-keys-off",
    "s3-team-sizes:sql",
    "s3-fetch-predict:predict",
    "s4-order-by-name",
    "s4-nocase-sql:sql",
    "s4-binary-predict:predict",
    "s5-add-notes",
    "s5-lost-data",
    "s5-rerun-predict:predict",
    "s6-literal-like",
    "s6-edit-transaction",
    "s6-category-sql:sql",
    "s6-changes-predict:predict",
    "s7-sync-atomic",
    "s7-bodies-sql:sql",
    "s7-rollback-predict:predict",
    "s8-xinfo-predict:predict",
    "s8-affinity",
    "s8-foreign-keys-sql:sql",
    "s9-deferred-predict:predict",
    "s9-snapshot-predict:predict",
    "s9-busy-fix",
    "s9-pool-scoreboard",
    "s10-match-sql:sql",
    "s10-trigger-fix",
    "s10-tokens-predict:predict",
    "s10-safe-search",
    "s11-rank-sql:sql",
    "s11-upsert-predict:predict",
    "s11-index-fix",
    "s11-orbit-write",
]
// END GENERATED

// Each exercise is a module of its own, Exercise_<id> (the learner's code, in the
// root's <id>/ folder), and an executable check-<id> (its check, Checks/<id>).
//
// COURSE_EXERCISES picks them, with an environment variable, never a file
// (SwiftPM caches the files a manifest reads): every exercise when unset, so that
// an editor that reads this manifest (SourceKit-LSP, Xcode) sees each exercise file
// in a target; none under make, which never compiles a learner's file; under the
// runner (make ex), those it names. COURSE_EXERCISE_ROOT: the folder they come from.
// Values and who sets them: docs/environment-switches.md.
let environment = Context.environment
let exercises: [String] =
    switch environment["COURSE_EXERCISES"] ?? "all" {
    case "all": courseExercises
    case "none": []
    case let list: list.split(separator: " ").map(String.init)
    }
if !exercises.isEmpty {
    let root = environment["COURSE_EXERCISE_ROOT"] ?? "Exercises"
    package.targets.append(
        .target(name: "ExerciseSupport", dependencies: ["CSQLite", "EditorText"], path: "Checks/Support"))
    for entry in exercises {
        let parts = entry.split(separator: ":").map(String.init)
        let id = parts[0]
        let module = "Exercise_" + String(id.map { $0 == "-" ? "_" : $0 })
        let hasModule = !parts.dropFirst().contains("sql")
        // Step 1 uses the C API alone, and a SQL exercise's check only runs query.sql on the C API
        // (Checks/Support): neither compiles GRDB, so their first check or verify takes seconds.
        let sqlite: [Target.Dependency] = ["CSQLite"] + (id.hasPrefix("s1-") || !hasModule ? [] : [grdb])
        if hasModule {
            package.targets.append(
                .target(
                    name: module, dependencies: sqlite, path: "\(root)/\(id)",
                    exclude: parts.contains("predict") ? ["prediction.txt"] : []))
        }
        package.targets.append(
            .executableTarget(
                name: "check-\(id)",
                dependencies: ["ExerciseSupport"] + sqlite + (hasModule ? [.target(name: module)] : []),
                path: "Checks/\(id)",
                // Only the check itself: Checks/<id>/mistakes/ and alternatives/ hold replacements
                // of the learner's file, which verify builds from a scratch copy. Every exercise has
                // both folders (`make ex ARGS="lint"` says so when one is missing): excluded, their
                // text files (prediction.txt, query.sql) are not "unhandled files" either.
                exclude: ["mistakes", "alternatives"],
                sources: ["main.swift"]
            ))
    }
}

// MARK: - One step at a time
// `make stepN` sets COURSE_STEP=N: the manifest then keeps only step N's
// executable, the targets it depends on and the packages those use. SwiftPM
// resolves and builds no more than that: step 1 never fetches GRDB, and only
// step 8 builds the record generator its plugin runs (SwiftPM builds every
// plugin's tool before any build of a package that has the plugin). Without
// it (swift build, swift run, make test, the exercise runner) the package is
// whole. The products are the same either way, so switching costs no rebuild.
// (docs/environment-switches.md)
if let step = environment["COURSE_STEP"], !step.isEmpty {
    keepOnly(["step" + step], in: package)
}
// The exercise runner sets COURSE_PRODUCT=check-<id> for the one check it builds
// (verify: the checks it builds at once, separated by spaces): the package is then
// those checks, the learner's modules, the check support and CSQLite (and GRDB from
// step 2 on). No step and no plugin: SwiftPM compiles a plugin again whenever the
// environment changed since its last build (each check names another exercise).
// (docs/environment-switches.md)
if let products = environment["COURSE_PRODUCT"], !products.isEmpty {
    keepOnly(products.split(separator: " ").map(String.init), in: package)
}
// The counters' library, for the benchmark's package (`.package(path: "..")`), while its target is kept.
if package.targets.contains(where: { $0.name == "CourseCounters" }) {
    package.products.append(.library(name: "CourseCounters", targets: ["CourseCounters"]))
}

/// Removes every target `roots` do not need, and every package those do not use.
func keepOnly(_ roots: [String], in package: Package) {
    let targets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var needed: Set<String> = []
    var packages: Set<String> = []
    var pending = roots
    while let name = pending.popLast() {
        guard let target = targets[name], needed.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            case .productItem(_, let package?, _, _): packages.insert(package.lowercased())
            default: break
            }
        }
        // A target that uses a plugin keeps this package's plugins and their tools
        // (PackageDescription does not say which plugin a usage names).
        if !(target.plugins ?? []).isEmpty {
            pending += targets.values.filter { $0.type == .plugin }.map(\.name)
        }
    }
    package.targets = package.targets.filter { needed.contains($0.name) }
    package.dependencies = package.dependencies.filter { dependency in
        guard case .sourceControl(_, let location, _) = dependency.kind else { return true }
        return packages.contains(String(location.split(separator: "/").last ?? "").lowercased())
    }
}

/// Step 8: records generated from the schema at build time.
///
/// `generate-records` needs only Foundation and SQLite (no GRDB), so it
/// builds in seconds; `RecordsPlugin` runs it on the `.sql` and database
/// files of a target that lists the plugin. Step 8's schema files are
/// symlinks to steps 6 and 7's (docs/08 explains why). NorthwindSales.sql is
/// both a plugin input and a resource, a case Lighter's users hit (Step8Tests checks both).
func step8() -> [Target] {
    [
        .target(name: "RecordGenerator", dependencies: ["CSQLite"]),
        .executableTarget(name: "generate-records", dependencies: ["RecordGenerator"]),
        .plugin(name: "RecordsPlugin", capability: .buildTool(), dependencies: ["generate-records"]),
        .executableTarget(
            name: "step8",
            dependencies: ["CourseCore", argumentParser] + usesGRDB,
            path: "Steps/step8",
            // Resources/: symlinks to step 7's JSON fixtures, embedded (BodiesFixtures says why).
            resources: [
                .copy("Schema/NorthwindSales.sql"), .embedInCode("Resources/bodies-v1.json"),
                .embedInCode("Resources/bodies-v2.json"),
            ],
            plugins: ["RecordsPlugin"]
        ),
        .testTarget(
            name: "Step8Tests",
            dependencies: ["step8", "step7", "RecordGenerator", "CourseTestSupport", "CourseCore"] + usesGRDB,
            path: "Tests/Step8Tests",
            plugins: ["RecordsPlugin"]
        ),
    ]
}
