import ArgumentParser
import CourseCore
import Testing

/// ArgumentParser's own lines, as it prints them for a program called
/// `step9`, rewritten into the command the learner types.
@Suite struct LearnerCommandLineTests {
    struct Step9: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "step9")
    }

    let line = LearnerCommandLine<Step9>(target: "step9")

    @Test func usageAndSeeLinesReadAsMakeCommands() {
        #expect(line.rewrite("USAGE: step9 tour [--trace]") == #"USAGE: make step9 ARGS="tour [--trace]""#)
        #expect(line.rewrite("Usage: step9") == "Usage: make step9")
        #expect(
            line.rewrite("  See 'step9 help <subcommand>' for detailed help.")
                == #"  See make step9 ARGS="help <subcommand>" for detailed help."#)
        #expect(
            line.rewrite("  See 'step9 tour --help' for more information.")
                == #"  See make step9 ARGS="tour --help" for more information."#)
        // Another program's name, and the learner's own words, stay as they are.
        #expect(line.rewrite("USAGE: step1 tour") == "USAGE: step1 tour")
        #expect(line.rewrite("Error: no player named 'Blob'") == "Error: no player named 'Blob'")
    }

    @Test func theClosestWordIsATypoAwayOrNone() {
        #expect(closestWord(to: "playerz", among: ["players", "player", "teams"]) == "players")
        #expect(closestWord(to: "--prise", among: ["--price", "--name", "--stock"]) == "--price")
        #expect(closestWord(to: "chek", among: ["check", "watch", "hint"]) == "check")
        #expect(closestWord(to: "frobnicate", among: ["check", "watch", "hint"]) == nil)
        // Two neighbours swapped are one edit, and case does not count.
        #expect(closestWord(to: "snyc", among: ["tour", "sync", "list", "search", "show"]) == "sync")
        #expect(closestWord(to: "S5-ADD-NOTES", among: ["s5-add-notes", "s5-lost-data"]) == "s5-add-notes")
        #expect(closestWord(to: "lsit", among: ["list", "hint"]) == "list")
    }
}
