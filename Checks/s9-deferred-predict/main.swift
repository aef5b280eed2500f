import ExerciseSupport

@testable import Exercise_s9_deferred_predict

// edge(error-path, timeout-waits): a DEFERRED reader that then writes while another holds the write lock
runPredictionCheck("s9-deferred-predict", program: program)
