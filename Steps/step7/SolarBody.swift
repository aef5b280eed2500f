import CourseCore
import Foundation
import GRDB

// Step 7 keeps a local copy (a cache) of what a web API says about the bodies
// of the Solar System. This file is the record both sides share; BodiesDB.swift
// creates the table, Source.swift fetches the API's JSON, Sync.swift writes it
// into the cache.

// [docs:record]
/// A body of the Solar System, as the API sends it and as the cache stores it.
///
/// One `Codable` type serves both sides: `JSONDecoder` reads the API's field
/// `englishName`, and GRDB reads the column `english_name`. The snake-case
/// strategy below converts the name, so the Swift property, the JSON field and
/// the column must all spell the same word. GRDB writes the row that
/// `encode(to:)` below spells out, column by column.
struct SolarBody: Codable, Equatable, FetchableRecord, PersistableRecord {
    var id: String  // the API's id, e.g. "terre"
    var name: String  // the French name, e.g. "La Terre"
    var englishName: String
    var bodyType: String  // "Star", "Planet", "Dwarf Planet", "Moon", "Asteroid"
    var density: Double?  // g/cm³
    var gravity: Double?  // m/s² at the surface
    var discoveredBy: String?
    var discoveryDate: String?  // "dd/mm/yyyy", as the API writes it

    static let databaseTableName = "solar_body"
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
}
// [/docs:record]

// [docs:encode]
extension SolarBody {
    /// The row GRDB writes for a body (`insert`, `updateChanges`). GRDB's
    /// `Encodable` default would build it from the property names with a
    /// `.convertToSnakeCase` strategy, converting each name again for every
    /// row: a first sync of 100,000 bodies spent a quarter of its CPU there
    /// (docs/07-solar-bodies.md, "A first sync of 100,000 bodies").
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["english_name"] = englishName
        container["body_type"] = bodyType
        container["density"] = density
        container["gravity"] = gravity
        container["discovered_by"] = discoveredBy
        container["discovery_date"] = discoveryDate
    }

    /// The INSERT of a whole body, its values in `insertArguments`' order.
    static let insertSQL = """
        INSERT INTO solar_body (id, name, english_name, body_type, density, gravity, discovered_by, discovery_date)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """
    var insertArguments: StatementArguments {
        [id, name, englishName, bodyType, density, gravity, discoveredBy, discoveryDate]
    }
}
// [/docs:encode]

extension SolarBody {
    /// The columns the queries filter and sort on, typed (GRDB's demo style).
    /// `Column(CodingKeys.x)` would name the property; the table's column is
    /// its snake-case form, so the name is spelled as in the table.
    enum Columns {
        static let name = Column("name")
        static let englishName = Column("english_name")
    }
}

// [docs:decode]
extension SolarBody {
    /// Decodes a body from the API's JSON (and from a cached row: GRDB decodes
    /// `Decodable` records through this initializer too).
    ///
    /// A missing required field throws, so a broken body never reaches the
    /// cache. For the optional ones the API has three ways of saying "unknown":
    /// leaving the field out, `null`, and `""`. All three become `nil`, which
    /// the cache stores as NULL, so a query `WHERE discovered_by IS NULL`
    /// finds every unknown discoverer.
    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        id = try fields.decode(String.self, forKey: .id)
        name = try fields.decode(String.self, forKey: .name)
        englishName = try fields.decode(String.self, forKey: .englishName)
        bodyType = try fields.decode(String.self, forKey: .bodyType)
        density = try fields.decodeIfPresent(Double.self, forKey: .density)
        gravity = try fields.decodeIfPresent(Double.self, forKey: .gravity)
        discoveredBy = try fields.decodeIfPresent(String.self, forKey: .discoveredBy).flatMap(nonEmpty)
        discoveryDate = try fields.decodeIfPresent(String.self, forKey: .discoveryDate).flatMap(nonEmpty)
    }
}

private func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
}
// [/docs:decode]

extension SolarBody {
    /// The body as one row of a printed table.
    static let tableHeaders = ["id", "englishName", "bodyType", "density", "gravity", "discoveredBy"]
    var tableRow: [String?] {
        [id, englishName, bodyType, density.map { "\($0)" }, gravity.map { "\($0)" }, discoveredBy]
    }

    /// Every field on its own line, for `show`.
    var detailLines: [String] {
        [
            "id:            \(id)",
            "name:          \(name)",
            "englishName:   \(englishName)",
            "bodyType:      \(bodyType)",
            "density:       \(density.map { "\($0) g/cm³" } ?? "NULL")",
            "gravity:       \(gravity.map { "\($0) m/s²" } ?? "NULL")",
            "discoveredBy:  \(discoveredBy ?? "NULL")",
            "discoveryDate: \(discoveryDate ?? "NULL")",
        ]
    }
}
