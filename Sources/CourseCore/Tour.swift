import ArgumentParser

/// A step's narrated lesson: what `stepN` does when given no subcommand.
///
/// A step's `@main` command conforms and lists `Tour<Self>` as its default
/// subcommand, so `step3`, `step3 --trace` and `step3 tour --trace` all run
/// the lesson, while `step3 add-player … --trace` reaches the subcommand.
public protocol Lesson {
    static func runTour(trace: Bool) throws
}

/// The same, for lessons that await (observation, networking).
public protocol AsyncLesson {
    static func runTour(trace: Bool) async throws
}

/// The `tour` subcommand of a step whose lesson is `L`.
public struct Tour<L: Lesson>: ParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "tour", abstract: "Run the narrated lesson on a fresh database (the default).")
    }

    @OptionGroup var options: TourOptions

    public init() {}

    public func run() throws {
        try attempt("run the tour") { try L.runTour(trace: options.trace) }
    }
}

/// The `tour` subcommand of a step whose lesson is asynchronous.
public struct AsyncTour<L: AsyncLesson>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "tour", abstract: "Run the narrated lesson on a fresh database (the default).")
    }

    @OptionGroup var options: TourOptions

    public init() {}

    public func run() async throws {
        try await attempt("run the tour") { try await L.runTour(trace: options.trace) }
    }
}
