import ArgumentParser
import CourseRunner
import Foundation

extension Course {
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put an exercise's starter back; yours is kept in .course/backup (asks first).")
        @Argument(help: "The exercise's id.") var id: String?
        @Flag(help: "Every exercise; also forgets their attempt and hint counts.") var all = false
        @Flag(help: "Replace without asking.") var yes = false

        func validate() throws {
            if (id == nil) == !all { throw ValidationError("Give an exercise's id, or --all.") }
        }

        func run() throws {
            var session = try Session()
            let exercises = all ? session.manifest.exercises : [try session.manifest.named(id ?? "")]
            let changed = exercises.filter { !session.checkout.isUntouched($0) }
            guard !changed.isEmpty else {
                print("Nothing to reset: \(all ? "every file is" : "the file is") the starter.")
                return
            }
            let time = Self.timestamp()
            let backups = changed.map { backup($0, session.checkout, time: time) }
            let names = changed.map { session.checkout.display(session.checkout.learnerFile($0)) }
            print(
                "The starter would replace these files; yours would be kept:\n"
                    + zip(names, backups).map { "  \($0) → \(session.checkout.display($1))" }.joined(separator: "\n"))
            guard Terminal.confirm("Restore the starters?", yes: yes) else {
                print("Nothing changed.")
                throw ExitCode(1)
            }
            for (exercise, backup) in zip(changed, backups) {
                guard let starter = session.checkout.committedStarter(exercise) else {
                    throw RunnerError("cannot find the committed starter of \(exercise.id) (is this a git checkout?)")
                }
                let file = session.checkout.learnerFile(exercise)
                // The learner's file first, then the starter: nothing is lost if either write fails.
                try FileManager.default.createDirectory(
                    at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: file, to: backup)
                try Data(starter.utf8).write(to: file, options: .atomic)
                // Attempts and hints stay (the learner did make them), unless every exercise starts over.
                if all { session.progress.change(exercise.id) { $0 = ExerciseState() } }
                print(
                    "Restored \(session.checkout.display(file)); yours is in \(session.checkout.display(backup)).")
            }
            try session.save()
        }

        /// .course/backup/<id>/<file>.<time>: beside the learner's notes, ignored by
        /// git; <time>-2, -3… for a second reset within the same second.
        func backup(_ exercise: Exercise, _ checkout: Checkout, time: String) -> URL {
            let base = checkout.learnerRoot.appendingPathComponent(
                ".course/backup/\(exercise.id)/\(exercise.file).\(time)")
            var url = base
            var count = 1
            while FileManager.default.fileExists(atPath: url.path) {
                count += 1
                url = URL(fileURLWithPath: base.path + "-\(count)")
            }
            return url
        }

        /// The local time, to the second, sorting as it reads: 20261124-205501.
        static func timestamp() -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd-HHmmss"
            return formatter.string(from: Date())
        }
    }
}
