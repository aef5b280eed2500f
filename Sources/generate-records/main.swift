import Foundation
import RecordGenerator

// generate-records: GRDB records from SQLite schemas.
//
//     generate-records FILE…                 print the generated Swift source
//     generate-records --output DIR FILE…    write DIR/<file>.records.swift (the build plugin)
//
// FILE is a .sql script (run in an in-memory database) or a SQLite database
// file (read as it is). Errors print as `file:line:column: error: …` and exit 1;
// nothing is written then, and outputs from an earlier run are removed, so the
// compiler never sees half a schema. There are no warnings: a column whose type
// is a guess (NUMERIC → Double) is listed in the generated file's header, once.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var outputDirectory: URL?
if let flag = arguments.firstIndex(of: "--output") {
    guard flag + 1 < arguments.count else { fail("generate-records: --output needs a folder") }
    outputDirectory = URL(fileURLWithPath: arguments[flag + 1], isDirectory: true)
    arguments.removeSubrange(flag...flag + 1)
}
if arguments.isEmpty || arguments.contains("--help") {
    print("usage: generate-records [--output DIR] FILE.sql|FILE.sqlite …")
    exit(arguments.isEmpty ? 1 : 0)
}

let files: [GeneratedFile]
do {
    files = try generateRecords(from: arguments)
} catch {
    if let outputDirectory {
        for input in arguments {
            try? FileManager.default.removeItem(at: outputDirectory.appendingPathComponent(outputName(for: input)))
        }
    }
    fail("\(error)")
}

for file in files {
    guard let outputDirectory else {
        print(file.source, terminator: "")
        continue
    }
    let url = outputDirectory.appendingPathComponent(file.fileName)
    // Unchanged output keeps its date: nothing recompiles for nothing.
    if let old = try? String(contentsOf: url, encoding: .utf8), old == file.source { continue }
    do {
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        // `.atomic` writes a temporary file, then renames it into place.
        try file.source.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        fail("generate-records: could not write \(url.path): \(error.localizedDescription)")
    }
}
