import ExerciseSupport

@testable import Exercise_s3_fetch_predict

// edge(empty, fetchone-nil-prints-nil): fetchOne of player 42, which does not exist
// edge(null, equals-nil-matches-nothing): a filter == nil on a NULL teamID: IS NULL
runPredictionCheck("s3-fetch-predict", program: program)
