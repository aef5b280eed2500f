import ExerciseSupport

@testable import Exercise_s8_xinfo_predict

runPredictionCheck("s8-xinfo-predict", program: program)
