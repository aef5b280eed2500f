import Foundation

// MARK: - Predict-the-output exercises

/// A predict-the-output exercise: compares prediction.txt, line by line,
/// with what the program printed. A failure says which line is the first
/// wrong one and how many match, never what the program prints: that is the
/// learner's to predict (`make ex ARGS="solution"` shows it, and so does a pass).
/// Spaces at either end of a line, and blank lines at the end, do not count.
/// Lines are named by their numbers in the file, comment lines counted, as
/// the learner's editor shows them.
public func checkPrediction(printed: [String]) throws {
    let lines = try learnerLines("prediction.txt", comment: "#")
    let predicted = lines.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    let printed = printed.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let matching = zip(predicted, printed).prefix { $0 == $1 }.count
    guard matching < max(predicted.count, printed.count) else { return }
    let matches = matching == 1 ? "1 line matches" : "\(matching) lines match"
    let expected = "\(printed.count) lines, each as Program.swift prints it"
    guard matching < predicted.count else {
        // Every line predicted is right, and the program prints more.
        let last = lines.last.map { "line \($0.number)" } ?? "its comments"
        throw CheckFailure(
            "prediction.txt stops after \(last): Program.swift prints more lines", expected: expected,
            actual: "\(matches), then prediction.txt ends")
    }
    let number = lines[matching].number
    let what =
        predicted[matching] == "???"
        ? "still ??? (not predicted yet)"
        : predicted[matching].isEmpty && matching < printed.count
            ? "blank, where Program.swift prints its line \(matching + 1)" : "the first wrong one"
    let how =
        matching >= printed.count
        ? "prediction.txt has more lines than Program.swift prints" : "line \(number) differs"
    throw CheckFailure(
        "line \(number) of prediction.txt is \(what)", expected: expected, actual: "\(matches), then \(how)")
}

/// The whole check of a predict exercise: runs the program, collecting what it
/// says, and compares that with prediction.txt. Once they match, shows it.
public func runPredictionCheck(_ exercise: String, program: @escaping ((String) -> Void) throws -> Void) -> Never {
    var printed: [String] = []
    runCheck(
        exercise,
        [
            (
                "prediction.txt matches what Program.swift prints",
                {
                    try program { printed.append($0) }
                    try checkPrediction(printed: printed)
                }
            )
        ],
        passed: {
            print(
                "What Program.swift prints, as you predicted:\n" + printed.map { "  | " + $0 }.joined(separator: "\n"))
        }
    )
}
