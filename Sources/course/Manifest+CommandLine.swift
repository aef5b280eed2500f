import ArgumentParser
import CourseRunner
import Foundation

extension Manifest {
    /// The exercise an id on the command line names. An unknown id is a
    /// mistake in the command line: said on standard error, and `make ex`
    /// exits 64 (a failing check, the learner's normal state, is 1).
    func named(_ id: String) throws -> Exercise {
        do {
            return try exercise(id)
        } catch let error as RunnerError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
    }
}
