import ExerciseSupport

@testable import Exercise_s3_fetch_predict

runPredictionCheck("s3-fetch-predict", program: program)
