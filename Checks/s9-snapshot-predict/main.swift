import ExerciseSupport

@testable import Exercise_s9_snapshot_predict

// edge(again, no-snapshot): the same read again in one transaction after a commit: the same snapshot
runPredictionCheck("s9-snapshot-predict", program: program)
