import ExerciseSupport

@testable import Exercise_s6_changes_predict

// edge(again, update-always-runs): a save with nothing changed: no UPDATE runs
// edge(boundary, changes-count-all-updates): changes counts the last statement only
runPredictionCheck("s6-changes-predict", program: program)
