import ExerciseSupport

@testable import Exercise_s2_migrator_predict

runCheck(
    "s2-migrator-predict",
    [
        (
            "prediction.txt matches what Program.swift prints",
            {
                var printed: [String] = []
                try program { printed.append($0) }
                try checkPrediction(printed: printed)
            }
        )
    ])
