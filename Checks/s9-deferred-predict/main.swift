import ExerciseSupport

@testable import Exercise_s9_deferred_predict

runPredictionCheck("s9-deferred-predict", program: program)
