import CourseCore
import Foundation

/// The API's answer: `{"bodies": [ … ]}`. Fields the record does not name
/// (`meanRadius`, `aroundPlanet`, …) are ignored by `JSONDecoder`.
private struct BodiesResponse: Decodable {
    var bodies: [SolarBody]
}

// [docs:decode-all]
/// Decodes and checks the whole answer before anything is written: a sync
/// either has every body or does not start.
func decodeBodies(_ data: Data, from source: String) throws -> [SolarBody] {
    let bodies: [SolarBody]
    do {
        bodies = try JSONDecoder().decode(BodiesResponse.self, from: data).bodies
    } catch let error as DecodingError {
        throw CourseError.badData("\(source) is not a list of bodies: \(explain(error))", fix: badSourceFix)
    }
    // An empty list would delete every cached body: more likely a fault of
    // the source than the end of the Solar System.
    if bodies.isEmpty {
        throw CourseError.badData("\(source) lists no bodies: the cache is left as it is", fix: badSourceFix)
    }
    var seen = Set<String>()
    for (index, body) in bodies.enumerated() {
        if body.id.isEmpty {
            throw CourseError.badData("\(source): bodies[\(index)] has an empty id", fix: badSourceFix)
        }
        if !seen.insert(body.id).inserted {
            throw CourseError.badData(
                "\(source): the id \"\(body.id)\" appears twice (again at bodies[\(index)])", fix: badSourceFix)
        }
    }
    return bodies
}
// [/docs:decode-all]

/// A `DecodingError` in words: what is wrong, and where, as a JSON path
/// such as `bodies[3].englishName`.
private func explain(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let trimmed = String(text.drop(while: { $0 == "." }))
        return trimmed.isEmpty ? "the top level" : trimmed
    }
    switch error {
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath)) has no field \"\(key.stringValue)\""
    case .valueNotFound(_, let context):
        return "\(path(context.codingPath)) is null"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)) is not a \(type)"
    case .dataCorrupted(let context):
        return context.codingPath.isEmpty
            ? "the data is not valid JSON (malformed, or cut short)"
            : "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return String(describing: error)
    }
}

/// What to do when a source holds no usable bodies.
private let badSourceFix = #"sync from a source that lists bodies, such as the bundled v1: make step7 ARGS="sync v1""#
