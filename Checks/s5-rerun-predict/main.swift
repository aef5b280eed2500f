import ExerciseSupport

@testable import Exercise_s5_rerun_predict

runPredictionCheck("s5-rerun-predict", program: program)
