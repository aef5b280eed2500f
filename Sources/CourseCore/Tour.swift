import ArgumentParser

/// A step's narrated lesson: what `stepN` does when given no subcommand.
///
/// A step's `@main` command conforms and lists `Tour<Self>` as its default
/// subcommand, so `step3`, `step3 --trace` and `step3 tour --trace` all run
/// the lesson, while `step3 add-player … --trace` reaches the subcommand.
public protocol Lesson: ParsableCommand {
    static func runTour(trace: Bool) throws
    /// The step's own `@OptionGroup var options: DatabaseOptions`: the tour reads what was given to the step.
    var options: DatabaseOptions { get }
}

extension Lesson {
    /// `make stepN ARGS="…"` runs this: mistyped subcommands and options
    /// answered as such, ArgumentParser's usage lines in the learner's form
    /// (see LearnerCommandLine); Ctrl-C answered in one line (see Interrupt).
    public static func main() {
        Interrupt.install()
        LearnerCommandLine<Self>(target: _commandName).main()
    }
}

extension Lesson where Self: AsyncParsableCommand {
    /// The same, for a step whose subcommands wait (step 7's sync).
    public static func main() async {
        Interrupt.install()
        await LearnerCommandLine<Self>(target: _commandName).main()
    }
}

/// The `tour` subcommand of a step whose lesson is `L`.
public struct Tour<L: Lesson>: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tour", abstract: "Run the narrated lesson on a fresh database (the default).")
    }

    /// `--trace` and `--stats`, for `tour --help` only: the step's own options parse them first, wherever
    /// they are on the line (`step3 --trace`, `step3 tour --trace`), so the values are in `lesson.options`.
    @OptionGroup var options: TraceOptions

    /// The step, as parsed: its `--database` and `--in-memory` reach here only to be refused (the tour brings
    /// its own database), as in `step2 --in-memory`.
    @ParentCommand var lesson: L

    public init() {}

    public func validate() throws {
        if lesson.options.database != nil || lesson.options.inMemory {
            throw ValidationError(
                "The tour always starts from a fresh database of its own: --database and --in-memory are for "
                    + "the subcommands (--help lists them).")
        }
    }

    public func run() throws {
        // `--stats` (`step3 --stats`, `step3 tour --stats`) is the step's option: LearnerCommandLine finds it
        // through `lesson`, counts the tour's statements like a subcommand's, and reports them after it.
        try attempt("run the tour") { try L.runTour(trace: lesson.options.trace) }
    }
}
