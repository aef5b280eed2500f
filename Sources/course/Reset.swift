import ArgumentParser
import CourseRunner
import Foundation

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Put an exercise's starter back (asks before discarding your work).")
    @Argument(help: "The exercise's id.") var id: String?
    @Flag(help: "Every exercise.") var all = false
    @Flag(help: "Discard without asking.") var yes = false

    func validate() throws {
        if (id == nil) == !all { throw ValidationError("Give an exercise's id, or --all.") }
    }

    func run() throws {
        var session = try Session()
        let exercises = all ? session.manifest.exercises : [try session.manifest.exercise(id ?? "")]
        let changed = exercises.filter { !session.workspace.isUntouched($0) }
        guard !changed.isEmpty else {
            print("Nothing to reset: \(all ? "every file is" : "the file is") the starter.")
            return
        }
        let names = changed.map { session.workspace.display(session.workspace.learnerFile($0)) }
        print("Your changes to these files would be lost:\n  " + names.joined(separator: "\n  "))
        guard Terminal.confirm("Discard them and restore the starters?", yes: yes) else {
            print("Nothing changed.")
            throw ExitCode(1)
        }
        for exercise in changed {
            guard let starter = session.workspace.committedStarter(exercise) else {
                throw RunnerError("cannot find the committed starter of \(exercise.id) (is this a git checkout?)")
            }
            try Data(starter.utf8).write(to: session.workspace.learnerFile(exercise), options: .atomic)
            session.progress.state[exercise.id] = ExerciseState()
            print("Restored \(session.workspace.display(session.workspace.learnerFile(exercise)))")
        }
        try session.save()
    }
}
