import ExerciseSupport

@testable import Exercise_s7_rollback_predict

runPredictionCheck("s7-rollback-predict", program: program)
