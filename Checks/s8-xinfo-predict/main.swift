import ExerciseSupport

@testable import Exercise_s8_xinfo_predict

// edge(null, rowid-is-not-null): an INTEGER PRIMARY KEY without NOT NULL: notnull=0
// edge(empty, default-unquoted): a DEFAULT '' : the empty text, as SQL writes it
runPredictionCheck("s8-xinfo-predict", program: program)
