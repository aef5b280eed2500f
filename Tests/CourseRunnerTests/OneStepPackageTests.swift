import Foundation
import Testing

@testable import CourseRunner

// In BuildStage.SharedChecks: `swift package dump-package` uses .build/isolation and SwiftPM's
// manifest cache, as the other suites there do.
extension BuildStage.SharedChecks {
    /// `make stepN` builds a package of only what step N needs (COURSE_STEP, see
    /// Package.swift), the runner one of only what a check needs (COURSE_PRODUCT):
    /// fewer packages to resolve, fewer targets to plan and build.
    @Suite struct OneStepPackageTests {
        /// The package as SwiftPM sees it with COURSE_STEP set: its targets and
        /// the packages it depends on.
        func package(step: String) throws -> (targets: Set<String>, packages: Set<String>) {
            try package(["COURSE_STEP": step])
        }

        func package(_ environment: [String: String]) throws -> (targets: Set<String>, packages: Set<String>) {
            let package = try dumpPackage(environment)
            let targets = (package["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let packages = (package["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["sourceControl"] as? [[String: Any]])?.first?["identity"] as? String)
            }
            return (Set(targets), Set(packages))
        }

        @Test func stepOneNeedsNeitherGRDBNorTheRecordGenerator() throws {
            let step1 = try package(step: "1")
            #expect(step1.targets == ["CSQLite", "CSQLiteCounters", "CourseCounters", "CourseCore", "step1"])
            #expect(step1.packages == ["swift-argument-parser"])
        }

        @Test func stepEightKeepsItsPluginAndTheToolItRuns() throws {
            let step8 = try package(step: "8")
            #expect(step8.targets.isSuperset(of: ["step8", "RecordsPlugin", "generate-records", "RecordGenerator"]))
            #expect(!step8.targets.contains("step7") && !step8.targets.contains { $0.hasSuffix("Tests") })
            #expect(step8.packages == ["grdb.swift", "swift-argument-parser"])
        }

        /// The runner's build of one check (COURSE_PRODUCT): that check and what it needs, no step
        /// and no plugin (SwiftPM would compile the plugin again for each exercise: Package.swift).
        @Test func aCheckBuildIsTheCheckAndWhatItNeeds() throws {
            let manifest = try Manifest.load(root: repositoryRoot)
            let exercise = try manifest.exercise("s2-write-rollback")
            let check = try package(
                Checker.environment([exercise], folder: "Solutions", product: "check-\(exercise.id)"))
            #expect(
                check.targets == [
                    "CSQLite", "EditorText", "ExerciseSupport", "Exercise_s2_write_rollback", "check-s2-write-rollback",
                ])
            #expect(check.packages == ["grdb.swift"])
        }
    }
}
