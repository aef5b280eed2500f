import GRDB

// [docs:body-row]
/// A row of `solar_body`, as a GRDB record, to show what each way of
/// writing it does to the index that `synchronize(withTable:)` keeps.
struct BodyRow: Codable, PersistableRecord {
    static let databaseTableName = "solar_body"
    // english_name ↔ englishName, body_type ↔ bodyType
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    var id: String
    var name: String
    var englishName: String
    var bodyType: String
}
// [/docs:body-row]
