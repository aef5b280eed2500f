import Testing

/// The tests that run `swift build` or `swift package` (IsolationTests, PracticeLoopTests,
/// PredictionFeedbackTests, OneStepPackageTests, ScaffoldTests), nested here (and Step8Tests'
/// one that runs the compiler, in its own `BuildStage`): `make test` runs them as a stage of
/// their own, after the rest of the suite and alone (`swift test --filter BuildStage`; the
/// first `swift test` skips them).
///
/// Why a stage apart: each waits for builds that would only hold up the quick tests beside them.
/// They build in `.build/isolation` (ScaffoldTests in its scratch package's own `.build`), never
/// in `.build`: `swift test` holds `.build`'s lock until it ends, even with `--skip-build`.
@Suite enum BuildStage {
    /// The suites that build step-1 checks or dump the package in `.build/isolation`, one after
    /// another (`.serialized` holds for the suites inside): they build the same checks
    /// (s1-read-nulls, s1-finalize, s1-bind-predict) from different folders into the same binaries,
    /// so one test would relink a check while another runs it.
    @Suite(.serialized) enum SharedChecks {}
}
