import ArgumentParser
import CourseRunner
import Foundation

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-check the current exercise on every save; move on when it passes. Quit with Ctrl-C (or q, Enter)."
    )
    @Option(help: "Seconds between looks at the file.") var interval: Double = 0.5
    @Option(help: .hidden) var stopAfter: Double?

    func run() throws {
        var session = try Session()
        let start = Date()
        let quit = QuitFlag()
        quit.listen()
        guard var current = session.progress.nextUnfinished() else {
            print("Every exercise passes.")
            return
        }
        _ = session.checkAndReport(current)
        try session.save()
        var seen = session.workspace.fileFingerprint(current)
        while !quit.isSet {
            if let stopAfter, Date().timeIntervalSince(start) > stopAfter { return }
            Thread.sleep(forTimeInterval: interval)
            let now = session.workspace.fileFingerprint(current)
            guard now != seen else { continue }
            Thread.sleep(forTimeInterval: 0.2)  // let the editor finish writing
            seen = session.workspace.fileFingerprint(current)
            print(
                "\n\(String(repeating: "═", count: 60))\nChanged: \(session.workspace.display(session.workspace.learnerFile(current)))"
            )
            if session.checkAndReport(current) {
                guard let next = session.progress.nextUnfinished(after: current.id) else {
                    print("\nEvery exercise passes. \(command("report")) writes your report.")
                    try session.save()
                    return
                }
                current = next
                seen = session.workspace.fileFingerprint(current)
                print("\nMoving on:")
                print(session.header(current))
                print(
                    "Watching \(session.workspace.display(session.workspace.learnerFile(current))): save it to check.")
                fflush(nil)
            }
            try session.save()
        }
    }
}
