import CourseRunner

extension Checkout {
    /// The learner's file only: editors' temporary and backup files beside it
    /// (.swp, ~, 4913, .#…) never trigger a check.
    func fileFingerprint(_ exercise: Exercise) -> String {
        fingerprint([learnerFile(exercise)])
    }
}
