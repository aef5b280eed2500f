import CourseCore
import GRDB

// [docs:plan]
/// What a sync has to do, worked out from the bodies the cache holds and the
/// bodies the source sent. The ids decide: an id only in the cache is deleted,
/// an id only in the source is inserted, an id in both is updated, but only
/// when some value differs (records are `Equatable`, so `!=` says so).
struct SyncPlan: Sendable {
    struct Update: Sendable {
        var old: SolarBody
        var new: SolarBody
    }
    var deletions: [String] = []
    var updates: [Update] = []
    var insertions: [SolarBody] = []
    var unchanged = 0

    init(cached: [SolarBody], fetched: [SolarBody]) {
        let cachedByID = Dictionary(cached.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let fetchedIDs = Set(fetched.map(\.id))
        deletions = cached.map(\.id).filter { !fetchedIDs.contains($0) }
        for body in fetched {
            if let old = cachedByID[body.id] {
                if old != body { updates.append(Update(old: old, new: body)) } else { unchanged += 1 }
            } else {
                insertions.append(body)
            }
        }
    }

    var summary: String {
        "deleted \(deletions.count), updated \(updates.count), inserted \(insertions.count), unchanged \(unchanged)"
    }
}
// [/docs:plan]
