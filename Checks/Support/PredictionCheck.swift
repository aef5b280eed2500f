import Foundation

// MARK: - Predict-the-output exercises

/// A predict-the-output exercise: compares prediction.txt, line by line,
/// with what the program printed. A failure says which line is the first
/// wrong one and how many match, never what the program prints: that is the
/// learner's to predict (`make ex ARGS="solution"` shows it, and so does a pass).
/// Spaces at either end of a line, and blank lines at the end, do not count.
public func checkPrediction(printed: [String]) throws {
    let predicted = try learnerText("prediction.txt", comment: "#").components(separatedBy: "\n")
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let printed = printed.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let matching = zip(predicted, printed).prefix { $0 == $1 }.count
    guard matching < max(predicted.count, printed.count) else { return }
    let line = matching + 1
    let how =
        line > predicted.count
        ? "prediction.txt stops after line \(predicted.count)"
        : line > printed.count ? "prediction.txt has more lines than Program.swift prints" : "line \(line) differs"
    let unanswered = line <= predicted.count && predicted[line - 1] == "???"
    throw CheckFailure(
        "line \(line) of prediction.txt is " + (unanswered ? "still ??? (not predicted yet)" : "the first wrong one"),
        expected: "\(printed.count) lines, each as Program.swift prints it",
        actual: "\(matching == 1 ? "1 line matches" : "\(matching) lines match"), then \(how)")
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
