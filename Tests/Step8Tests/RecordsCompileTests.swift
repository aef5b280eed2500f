import CourseTestSupport
import Foundation
import RecordGenerator
import Testing

extension BuildStage {
    /// The awkward schema's records (AnySchemaTests) compile: in the build stage, since it runs the compiler.
    @Suite struct RecordsCompileTests {
        /// Generates the awkward schema's records and type-checks them against
        /// GRDB's built module: one `swiftc -typecheck`, no build.
        @Test func tablesAndColumnsNamedWithEveryKeywordCompile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let schema = awkwardSchema()
            let input = directory.file("awkward.sql")
            try schema.sql.write(toFile: input, atomically: true, encoding: .utf8)
            let file = try #require(try generateRecords(from: [input]).first)
            // One MARK per table, besides the header's and the check's.
            #expect(file.source.components(separatedBy: "\n// MARK: - ").count - 2 == schema.tables)
            let output = directory.file(file.fileName)
            try file.source.write(toFile: output, atomically: true, encoding: .utf8)

            let bin = StepProcess.executable("generate-records").deletingLastPathComponent()
            let grdbSQLite = workspaceRoot.appendingPathComponent(".build/checkouts/GRDB.swift/Sources/GRDBSQLite")
            let run = try runTool([
                "swiftc", "-typecheck", "-I", bin.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=\(grdbSQLite.appendingPathComponent("module.modulemap").path)", output,
            ])
            #expect(run.status == 0, "\(run.stdout.split(separator: "\n").prefix(20).joined(separator: "\n"))")
        }
    }
}
