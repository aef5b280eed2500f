import ExerciseSupport

@testable import Exercise_s9_snapshot_predict

runPredictionCheck("s9-snapshot-predict", program: program)
