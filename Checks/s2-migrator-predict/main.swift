import ExerciseSupport

@testable import Exercise_s2_migrator_predict

// edge(again, migrations-run-twice): the migrator run a second time on the same file
// edge(added-column, added-column-is-null): Blob, inserted before ADD COLUMN score NOT NULL DEFAULT 0: 0
runPredictionCheck("s2-migrator-predict", program: program)
