import ArgumentParser
import CourseCore
import CourseRunner

/// `swift run course` / `make ex`: the exercises of the course, checked
/// against real SQLite databases. With no subcommand: check the next
/// unfinished exercise.
@main
struct Course: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "Exercises for every step: write the code, check it, get hints, compare with the solution.",
        discussion: """
            Start with `make ex`: it checks the next unfinished exercise and tells you what to do.
            Edit the file it names, then run `make ex` again, or `make ex ARGS="watch"` to re-check on every save.
            """,
        subcommands: [
            Check.self, Watch.self, List.self, Hint.self, Solution.self, Reset.self,
            Verify.self, Lint.self, Build.self, Report.self, New.self, UpdatePackage.self,
        ],
        defaultSubcommand: Check.self
    )

    /// `make ex ARGS="…"` runs this: an exercise's id (any case) or number alone
    /// checks it (the default subcommand), and so does a word shaped like an id
    /// (`s5-add-note`: check answers with the closest one); any other unknown
    /// word is a mistyped subcommand.
    static func main() {
        let manifest = (try? Checkout.current()).flatMap { try? Manifest.load(root: $0.root) }
        LearnerCommandLine<Course>(
            target: "ex",
            defaultAccepts: { word in
                guard let manifest else { return true }
                return manifest.lookUp(word) != nil || Manifest.looksLikeAnExercise(word)
            }
        ).main()
    }
}
