import ExerciseSupport

@testable import Exercise_s4_binary_predict

runPredictionCheck("s4-binary-predict", program: program)
