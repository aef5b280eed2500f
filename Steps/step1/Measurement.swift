import CourseCore
import Foundation

extension Narrator {
    /// A measured figure, such as a duration: `   ⏱ 12.3 ms`.
    ///
    /// Timings differ from run to run, so with `COURSE_HIDE_TIMINGS=1` (golden files, tests:
    /// docs/environment-switches.md) a fixed text replaces them and the golden file stays the same.
    func measurement(
        _ text: @autoclosure () -> String,
        hidden: Bool = ProcessInfo.processInfo.environment["COURSE_HIDE_TIMINGS"] == "1"
    ) {
        line("   ⏱ " + (hidden ? "(measurement hidden: COURSE_HIDE_TIMINGS=1)" : text()))
    }
}
