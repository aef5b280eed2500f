import ExerciseSupport

@testable import Exercise_s2_migrator_predict

runPredictionCheck("s2-migrator-predict", program: program)
