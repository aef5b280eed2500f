import ExerciseSupport

@testable import Exercise_s6_changes_predict

runCheck(
    "s6-changes-predict",
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
