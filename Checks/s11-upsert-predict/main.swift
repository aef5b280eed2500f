import ExerciseSupport

@testable import Exercise_s11_upsert_predict

// edge(again, again-rewrites): the same UPSERT a third time, with nothing new: no row returned
runPredictionCheck("s11-upsert-predict", program: program)
