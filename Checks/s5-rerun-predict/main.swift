import ExerciseSupport

@testable import Exercise_s5_rerun_predict

// edge(added-column, migration-fills-later-rows): Pear, added after addNotes ran: its notes is NULL (no default)
// edge(again, unknown-migration-not-done): step 4's migrator, asked after step 5's ran: addNotes is no concern of it
runPredictionCheck("s5-rerun-predict", program: program)
