import ExerciseSupport

@testable import Exercise_s5_rerun_predict

runCheck(
    "s5-rerun-predict",
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
