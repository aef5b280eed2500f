import ExerciseSupport

@testable import Exercise_s10_tokens_predict

// edge(case-and-accents, keeps-accents): crème, brûlée: remove_diacritics 2 folds them
// edge(case-and-accents, folds-o-stroke): Øresund: ø is a letter of its own, not o with an accent
runPredictionCheck("s10-tokens-predict", program: program)
