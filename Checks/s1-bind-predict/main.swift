import ExerciseSupport

@testable import Exercise_s1_bind_predict

// edge(error-path, unique-named-in-errstr): an insert refused by UNIQUE: what sqlite3_errstr says, without the details
// edge(boundary, refused-insert-uses-an-id): the id after a refused insert: the refused row took none
runPredictionCheck("s1-bind-predict", program: program)
