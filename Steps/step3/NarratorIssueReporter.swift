import CourseCore
import IssueReporting

// [docs:narrator-reporter]
/// Where `reportIssue` goes during the tour: the narration, on standard
/// output. (By default, outside tests, it writes one line to standard error.)
struct NarratorIssueReporter: IssueReporter {
    let narrator: Narrator

    func reportIssue(
        _ message: @autoclosure () -> String?, severity: IssueSeverity,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        narrator.expectedError(ErrorReport("issue reported in \(fileID): \(message() ?? "")", error: Issue()))
    }

    func reportIssue(
        _ error: any Error, _ message: @autoclosure () -> String?,
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
    ) {
        narrator.expectedError(
            ErrorReport("issue reported in \(fileID): \(message() ?? "caught an error")", error: error))
    }

    private struct Issue: Error, CustomStringConvertible { var description: String { "" } }
}
// [/docs:narrator-reporter]
