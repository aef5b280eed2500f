import ExerciseSupport

@testable import Exercise_s4_binary_predict

runCheck(
    "s4-binary-predict",
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
