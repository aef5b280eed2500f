import Foundation
import SwiftParser

// mutants list FILE…   every mutant of the Swift files named, as one JSON array on standard output.
// The enums of every file named are read first, so that `.case` can be swapped for a case of its own
// enum (Siblings). Run by scripts/mutants.py (make mutants), which samples, applies and scores them.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "list", arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: mutants list FILE…\n".utf8))
    exit(64)
}
let files = Array(arguments.dropFirst())
var sources: [(String, String)] = []
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("mutants: cannot read \(file)\n".utf8))
        exit(1)
    }
    sources.append((file, String(decoding: data, as: UTF8.self)))
}
var siblings = Siblings()
for (_, source) in sources { siblings.collect(from: Parser.parse(source: source)) }
let mutants = sources.flatMap { MutationFinder.mutants(file: $0.0, source: $0.1, siblings: siblings) }
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
do {
    FileHandle.standardOutput.write(try encoder.encode(mutants))
    FileHandle.standardOutput.write(Data("\n".utf8))
} catch {
    FileHandle.standardError.write(Data("mutants: \(error)\n".utf8))
    exit(1)
}
