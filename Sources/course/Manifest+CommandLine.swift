import ArgumentParser
import CourseCore
import CourseRunner
import Foundation

extension Manifest {
    /// The exercise an id (any case) or a number on the command line names. An unknown id is a
    /// mistake in the command line: said on standard error, and `make ex`
    /// exits 64 (a failing check, the learner's normal state, is 1).
    func named(_ id: String) throws -> Exercise {
        do {
            let closest = closestWord(to: id, among: exercises.map(\.id))
            return try exercise(id, suggestions: closest.map { [$0] } ?? [])
        } catch let error as RunnerError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
    }
}
