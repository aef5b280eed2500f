import ExerciseSupport

@testable import Exercise_s3_fetch_predict

runCheck(
    "s3-fetch-predict",
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
