import CourseTestSupport
import Foundation
import Testing

/// `make test-stepN` runs every test that touches step N (scripts/test-step.sh): these check what it
/// selects, and StepSelection, which fails a test that starts step N where `make test-stepN` would not run it.
@Suite struct MakeTestStepTests {
    /// What `scripts/test-step.sh --print N` prints: the steps tested together, and swift test's filter.
    func selection(_ step: Int) throws -> (steps: String, filter: Regex<AnyRegexOutput>) {
        let printed = try runTool([
            workspaceRoot.appendingPathComponent("scripts/test-step.sh").path, "--print", "\(step)",
        ])
        let lines = printed.stdout.split(separator: "\n").map(String.init)
        try #require(printed.status == 0 && lines.count == 2, "\(printed.stdout)")
        return (lines[0], try Regex(lines[1]))
    }

    /// Test ids as swift test's --filter reads them.
    static let everyStepTest = "CoreTests.EveryStep/HelpTests/everyHelpMatchesItsGoldenFile(_:)"
    static func chapter(_ number: String) -> String { "CoreTests.DocsTests/Chapters/chapter\(number)()" }
    static func inTarget(_ target: String) -> String { "\(target).SomeSuite/someTest()" }

    @Test func aStepAloneRunsItsTargetItsChapterAndEveryStepsSuites() throws {
        let (steps, filter) = try selection(3)
        #expect(steps == "3")
        for selected in [Self.inTarget("Step3Tests"), Self.chapter("03"), Self.everyStepTest] {
            #expect(selected.contains(filter), "\(selected)")
        }
        for other in ["Step1Tests", "Step13Tests", "Step30Tests", "CoreTests", "CourseRunnerTests"] {
            #expect(!Self.inTarget(other).contains(filter), "\(other)")
        }
    }

    /// Steps 4 and 5 share Steps/ItemsKit: testing either tests both, and the targets that run step 4's program.
    @Test func stepsThatShareCodeAreTestedTogether() throws {
        for step in [4, 5] {
            let (steps, filter) = try selection(step)
            #expect(steps == "4 5")
            for target in ["Step4Tests", "Step5Tests", "Step8Tests", "Step9Tests"] {
                #expect(Self.inTarget(target).contains(filter), "make test-step\(step) leaves out \(target)")
            }
            #expect(!Self.inTarget("Step6Tests").contains(filter))
        }
    }

    /// Step 7's program and files are used by the tests of steps 8, 10 and 11.
    @Test func theTargetsThatRunAStepsProgramAreItsTestsToo() throws {
        let (steps, filter) = try selection(7)
        #expect(steps == "7")
        for target in ["Step7Tests", "Step8Tests", "Step10Tests", "Step11Tests"] {
            #expect(Self.inTarget(target).contains(filter), "make test-step7 leaves out \(target)")
        }
    }

    /// A test that starts a step where `make test-stepN` would not run it is named, with what to change; one
    /// that make runs, or a program that is no step, is not.
    @Test func aTestThatStartsAStepItsMakeTargetLeavesOutIsNamed() throws {
        let outside = try #require(StepSelection.problem(starting: "step7", in: Self.inTarget("CoreTests")))
        #expect(outside.contains("`make test-step7` does not run it") && outside.contains("EveryStep"), "\(outside)")
        let otherStep = try #require(StepSelection.problem(starting: "step6", in: Self.inTarget("Step8Tests")))
        #expect(otherStep.contains("also_runs in scripts/test-step.sh"), "\(otherStep)")
        #expect(StepSelection.problem(starting: "step7", in: Self.inTarget("Step8Tests")) == nil)
        #expect(StepSelection.problem(starting: "step4", in: Self.everyStepTest) == nil)
        #expect(StepSelection.problem(starting: "course", in: Self.inTarget("CoreTests")) == nil)
    }

    /// make test-stepN runs the script, after building.
    @Test func makeRunsTheScript() throws {
        let dryRun = try runTool(["make", "-n", "--no-print-directory", "-C", workspaceRoot.path, "test-step4"])
        #expect(dryRun.stdout.contains("scripts/test-step.sh 4"), "\(dryRun.stdout)")
    }
}
