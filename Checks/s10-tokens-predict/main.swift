import ExerciseSupport

@testable import Exercise_s10_tokens_predict

runPredictionCheck("s10-tokens-predict", program: program)
