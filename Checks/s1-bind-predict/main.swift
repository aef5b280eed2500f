import ExerciseSupport

@testable import Exercise_s1_bind_predict

runPredictionCheck("s1-bind-predict", program: program)
