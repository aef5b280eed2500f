import ArgumentParser
import CourseRunner
import Foundation

extension Course {
    /// `make ex ARGS="watch"`: the practice loop without typing a command. One
    /// thread does everything in turn: look at the learner's file, check it when it
    /// changed, read what was typed (q, Enter, key by key: see TerminalInput),
    /// and notice Ctrl-C. The terminal's mode is put back on every way out.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-check an exercise on every save; move on when it passes. Stop with q, Enter or Ctrl-C.")
        @Argument(help: "The exercise to start with (see list). Default: the next unfinished one.") var id: String?
        @Option(help: "Seconds between looks at the file (0.5 at most).") var interval: Double = 0.5
        @Option(help: .hidden) var stopAfter: Double?

        func validate() throws {
            guard interval > 0, interval <= 0.5 else {
                throw ValidationError("--interval is between 0 and 0.5 seconds, not \(interval).")
            }
        }

        func run() throws {
            var session = try Session()
            guard var current = try session.pick(id) else {
                print("Every exercise passes. \(command("report")) writes your report.")
                return
            }
            Interruption.catchControlC()
            var input = TerminalInput()
            defer { input.restore() }
            let start = Date()
            var seen = session.checkout.fileFingerprint(current)
            var changed = true  // the first look checks the file as it is
            while true {
                if changed {
                    seen = session.checkout.fileFingerprint(current)
                    let passed = session.checkAndReport(current, loop: .watching)
                    if Interruption.happened { break }  // not saved: an interrupted check's result means nothing
                    try session.save()
                    if passed {
                        // The next exercise by the one rule `make ex` follows: after this one, its step first.
                        guard let next = session.next(after: current) else {
                            print("\nEvery exercise passes. \(command("report")) writes your report.")
                            return
                        }
                        current = next.exercise
                        seen = session.checkout.fileFingerprint(current)
                        print("\nMoving on:")
                        print(session.header(current))
                        if let behind = next.behind { print(behind) }
                        print(
                            "Watching \(session.checkout.display(session.checkout.learnerFile(current))): save it to check."
                        )
                        Terminal.flush()
                    }
                }
                let typed = input.keys(waiting: interval)
                if Interruption.happened || typed == .stop { break }
                if typed == .ignored {
                    print("(watch ignores what you type: q, Enter or Ctrl-C stops it.)")
                    Terminal.flush()
                }
                if let stopAfter, Date().timeIntervalSince(start) > stopAfter { return }
                changed = session.checkout.fileFingerprint(current) != seen
                if changed {
                    Thread.sleep(forTimeInterval: 0.2)  // let the editor finish writing
                    print("\n\(String(repeating: "═", count: 60))")
                    print("Changed: \(session.checkout.display(session.checkout.learnerFile(current)))")
                }
            }
            input.restore()
            print("\nStopped watching. \(command("watch \(current.id)")) starts again.")
            Terminal.flush()
        }
    }
}
