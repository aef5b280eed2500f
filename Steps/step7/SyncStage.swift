/// The points inside the sync's transaction at which `checkpoint` is called.
enum SyncStage: String, CaseIterable, Sendable {
    case began, deleted, updated, inserted
}
