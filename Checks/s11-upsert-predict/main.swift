import ExerciseSupport

@testable import Exercise_s11_upsert_predict

runPredictionCheck("s11-upsert-predict", program: program)
