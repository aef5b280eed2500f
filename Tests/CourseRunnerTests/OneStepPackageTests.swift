import Foundation
import Testing

@testable import CourseRunner

// In IsolationFolder: `swift package dump-package` uses .build/isolation and SwiftPM's
// manifest cache, as the other suites there do (two at once failed to dump once).
extension IsolationFolder {
    /// `make stepN` builds a package of only what step N needs (COURSE_STEP, see
    /// Package.swift): fewer packages to resolve, fewer targets to build.
    @Suite struct OneStepPackageTests {
        /// The package as SwiftPM sees it with COURSE_STEP set: its targets and
        /// the packages it depends on.
        func package(step: String) async throws -> (targets: Set<String>, packages: Set<String>) {
            let package = try await dumpPackage(["COURSE_STEP": step])
            let targets = (package["targets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let packages = (package["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                ((dependency["sourceControl"] as? [[String: Any]])?.first?["identity"] as? String)
            }
            return (Set(targets), Set(packages))
        }

        @Test func stepOneNeedsNeitherGRDBNorTheRecordGenerator() async throws {
            let step1 = try await package(step: "1")
            #expect(step1.targets == ["CSQLite", "CourseCore", "step1"])
            #expect(step1.packages == ["swift-argument-parser"])
        }

        @Test func stepEightKeepsItsPluginAndTheToolItRuns() async throws {
            let step8 = try await package(step: "8")
            #expect(step8.targets.isSuperset(of: ["step8", "RecordsPlugin", "generate-records", "RecordGenerator"]))
            #expect(!step8.targets.contains("step7") && !step8.targets.contains { $0.hasSuffix("Tests") })
            #expect(step8.packages == ["grdb.swift", "swift-argument-parser"])
        }
    }
}
