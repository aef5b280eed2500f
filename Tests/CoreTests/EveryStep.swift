import Testing

/// The suites that check something of every step's program: its `--help` and `--stats` goldens (HelpTests,
/// StatsGoldenTests), the options every step shares (SharedOptionsTests, StatsOptionTests), the commands the
/// chapters show (CommandLineTests), the file matrix of the appendix (FileCompatibilityTests), bad input given to
/// every subcommand that takes input (RefusedInputTests).
///
/// `make test-stepN` runs them (its filter, scripts/test-step.sh, selects `EveryStep`) for step N and the steps
/// that share its code only: each runs its cases for `TestedSteps` (COURSE_TEST_STEPS), through its arguments
/// (`TestedSteps.only(steps)`), a trait (`.testing(step: 9)`) or a filter of its own jobs. `make test` runs
/// them for every step. A test elsewhere that starts a step's program fails (StepSelection): it belongs here,
/// or in that step's own test target.
@Suite enum EveryStep {}
