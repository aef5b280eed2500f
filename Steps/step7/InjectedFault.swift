/// The error the tour throws in the middle of a sync's transaction.
struct InjectedFault: Error, CustomStringConvertible {
    var plan: SyncPlan
    var description: String {
        "injected fault, after \(plan.deletions.count) deletions and \(plan.updates.count) updates"
    }
}
