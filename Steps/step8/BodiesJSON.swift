import CourseCore
import Foundation

// MARK: - The API's JSON into the generated SolarBody

/// Bodies from the API's JSON (step 7's fixtures).
///
/// The generated `SolarBody` is `Codable` with the *columns'* names
/// (`english_name`); the API sends `englishName`. A key strategy converts
/// each JSON key to snake case, so one `Decodable` serves both, as in step 7.
/// Step 7's hand-written decoder also turned "" into nil: here that is a
/// second pass, since a generated type knows nothing of the API.
func decodeBodies(_ data: Data, from source: String) throws -> [SolarBody] {
    struct Response: Decodable { var bodies: [SolarBody] }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .custom { path in SnakeCaseKey(path.last?.stringValue ?? "") }
    let bodies: [SolarBody]
    do {
        bodies = try decoder.decode(Response.self, from: data).bodies
    } catch let DecodingError.keyNotFound(key, context) {
        throw CourseError.input(
            "\(source) is not a list of bodies: \(place(context)) has no field \"\(jsonName(key.stringValue))\"")
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
        let DecodingError.dataCorrupted(context)
    {
        throw CourseError.input("\(source) is not a list of bodies: \(place(context)): \(context.debugDescription)")
    }
    guard !bodies.isEmpty else { throw CourseError.input("\(source) lists no bodies: the cache is left as it is") }
    return bodies.map { body in
        var body = body
        if body.discoveredBy == "" { body.discoveredBy = nil }
        if body.discoveryDate == "" { body.discoveryDate = nil }
        return body
    }
}

/// `english_name` → `englishName`: a column's name as the API spells it.
private func jsonName(_ column: String) -> String {
    let words = column.split(separator: "_")
    return (words.first.map(String.init) ?? "")
        + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// Where in the JSON a decoding error happened, e.g. `bodies[3]`.
private func place(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "the top level" : String(path.drop { $0 == "." })
}

/// `englishName` → `english_name`.
private struct SnakeCaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ camelCase: String) {
        stringValue = camelCase.reduce(into: "") { out, character in
            out += character.isUppercase ? "_" + character.lowercased() : String(character)
        }
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

/// Step 7's fixture `v1` or `v2` (embedded in step 8 at build time from
/// Resources/, symlinks to step 7's files: see BodiesFixtures), or any JSON file.
func bodiesData(_ source: String) throws -> (data: Data, display: String) {
    try BodiesFixtures(["v1": PackageResources.bodies_v1_json, "v2": PackageResources.bodies_v2_json]).json(source)
}
