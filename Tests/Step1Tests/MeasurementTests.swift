import CourseCore
import CourseTestSupport
import Testing

@testable import step1

/// Step 1's timings: shown to a learner, hidden from golden files.
@Suite struct MeasurementTests {
    @Test func aMeasurementIsShownOrHiddenAsAsked() {
        let lines = RecordedLines()
        let say = lines.narrator
        say.measurement("12.3 ms", hidden: false)
        say.measurement("45.6 ms", hidden: true)
        #expect(lines.all == ["   ⏱ 12.3 ms", "   ⏱ (measurement hidden: COURSE_HIDE_TIMINGS=1)"])
    }
}
