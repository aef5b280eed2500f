import ExerciseSupport

@testable import Exercise_s6_changes_predict

runPredictionCheck("s6-changes-predict", program: program)
