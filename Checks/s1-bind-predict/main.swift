import ExerciseSupport

@testable import Exercise_s1_bind_predict

runCheck(
    "s1-bind-predict",
    [
        (
            "prediction.txt matches what Program.swift prints",
            {
                var printed: [String] = []
                program { printed.append($0) }
                try checkPrediction(printed: printed)
            }
        )
    ])
