import Testing

/// The suites that build step-1 checks or dump the package in .build/isolation (IsolationTests,
/// PracticeLoopTests, PredictionFeedbackTests, OneStepPackageTests), nested here so that their tests
/// run one after another (`.serialized` holds for the suites inside), on threads of
/// their own (`.ownThreads`) beside the rest of the suite.
///
/// Why together: they build the same checks (s1-finalize, s1-bind-predict) from
/// different folders into the same binaries, so one test would relink a check while
/// another runs it. They used to be kept apart by luck: Swift Testing's pool started
/// the later ones only after every other test.
@Suite(.serialized, .ownThreads) enum IsolationFolder {}
