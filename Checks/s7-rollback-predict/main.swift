import ExerciseSupport

@testable import Exercise_s7_rollback_predict

// edge(error-path, swift-error-keeps-writes): a Swift error thrown inside a write: its writes roll back
runPredictionCheck("s7-rollback-predict", program: program)
