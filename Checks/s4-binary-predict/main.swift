import ExerciseSupport

@testable import Exercise_s4_binary_predict

// edge(case-and-accents, nocase-folds-umlauts): 'äpfel' = 'ÄPFEL' with NOCASE: A–Z only
// edge(case-and-accents, binary-is-alphabetical): capitals, small letters and Ä in BINARY order: by bytes
runPredictionCheck("s4-binary-predict", program: program)
