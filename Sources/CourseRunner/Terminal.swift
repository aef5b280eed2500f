import Foundation

/// Questions to the learner. When standard input is not a terminal (CI, a
/// pipe), nothing waits for an answer: the safe answer, "no", is taken.
public enum Terminal {
    public static var isInteractive: Bool { isatty(STDIN_FILENO) != 0 }

    public static func confirm(_ question: String, yes: Bool) -> Bool {
        if yes { return true }
        guard isInteractive else {
            print("\(question) [y/N] no (standard input is not a terminal; add --yes to answer yes)")
            return false
        }
        print("\(question) [y/N] ", terminator: "")
        flush()
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Shows what was printed so far. `fflush(nil)` flushes every stream,
    /// stdin included, so it waits while another thread holds stdin's lock in
    /// `readLine()`: the runner never reads stdin on a second thread (watch
    /// reads descriptor 0 with read(2), see TerminalInput). (Swift 6 refuses a
    /// reference to C's `stdout`, which would flush only standard output.)
    public static func flush() {
        fflush(nil)
    }

    /// A unified diff between two files (`diff -u`), labelled with their paths.
    public static func diff(_ old: URL, _ new: URL, checkout: Checkout) -> String {
        let result = Shell.run(
            [
                "diff", "-u", "--label", checkout.display(old), "--label", checkout.display(new),
                old.path, new.path,
            ], in: checkout.root)
        return result.output.isEmpty ? "(no difference: your file is the reference solution)" : result.output
    }
}

/// Commands shown to the learner, in the one form the course uses everywhere.
public func command(_ arguments: String) -> String {
    arguments.isEmpty ? "make ex" : "make ex ARGS=\"\(arguments)\""
}
