import Testing

/// Step 8's tests that run the compiler: `make test` runs them in its build stage, after the suite
/// (Tests/CourseRunnerTests/BuildStage.swift says why); `make test-step8` runs them with the rest.
@Suite enum BuildStage {}
