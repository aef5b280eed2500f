import ExerciseSupport

@testable import Exercise_s7_rollback_predict

runCheck(
    "s7-rollback-predict",
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
