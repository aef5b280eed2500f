import CourseCore
import Foundation
#if canImport(FoundationNetworking)
// On Linux, URLSession lives in its own module (on macOS it is in Foundation).
import FoundationNetworking
#endif

/// Where a sync reads the bodies from: a URL (`https://`, `http://` or
/// `file://`) or one of the fixtures bundled with step 7.
struct Source: Sendable {
    var url: URL
    /// How the source reads in output: the bundled fixtures by name, so
    /// output never shows where the build put them.
    var display: String

    /// The live API. It asks for a key: put yours in SOLAR_API_KEY.
    static let liveAPI = "https://api.le-systeme-solaire.net/rest/bodies"
    /// The environment variable whose value is sent as `Authorization: Bearer …`.
    static let apiKeyVariable = "SOLAR_API_KEY"

    /// A bundled fixture: `bodies-v1.json` (40 bodies) or `bodies-v2.json`
    /// (2 removed, 3 changed, 4 added).
    static func fixture(_ version: String) throws -> Source {
        Source(url: try bundledResource("bodies-\(version)", "json"), display: "bundled bodies-\(version).json")
    }

    /// "v1", "v2", a URL with a scheme, or a plain file path.
    static func parse(_ text: String) throws -> Source {
        if text == "v1" || text == "v2" { return try fixture(text) }
        guard text.contains("://") else {
            return Source(url: URL(fileURLWithPath: text), display: Workspace.display(text))
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              ["http", "https", "file"].contains(scheme) else {
            throw CourseError.input("\(text) is not a source step7 can read: use https://, http://, file://, a path, v1 or v2")
        }
        return Source(url: url, display: url.isFileURL ? Workspace.display(url.path) : text)
    }

    // [docs:fetch]
    /// The source's bytes: read from disk for `file://`, downloaded otherwise.
    ///
    /// With an API key, the request carries `Authorization: Bearer <key>`.
    /// Any status outside 200…299 is an error: an error page is not bodies.
    func fetch(apiKey: String?) async throws -> Data {
        if url.isFileURL {
            do {
                return try Data(contentsOf: url)
            } catch {
                throw CourseError.input("could not read \(display): \(error.localizedDescription)")
            }
        }
        var request = URLRequest(url: url, timeoutInterval: 30)
        if let apiKey {
            request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw CourseError.network("could not download \(display): \(error.localizedDescription)", fix: networkFix)
        }
        guard let http = response as? HTTPURLResponse else {
            throw CourseError.network("\(display) did not answer with HTTP", fix: networkFix)
        }
        guard (200..<300).contains(http.statusCode) else {
            let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            throw CourseError.network(
                "\(display) answered HTTP \(http.statusCode) (\(reason)): nothing synced", fix: networkFix)
        }
        return data
    }
    // [/docs:fetch]
}

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
        return String(text.drop(while: { $0 == "." }))
    }
    switch error {
    case .keyNotFound(let key, let context):
        let owner = path(context.codingPath)
        return "\(owner.isEmpty ? "the top level" : owner) has no field \"\(key.stringValue)\""
    case .valueNotFound(_, let context):
        return "\(path(context.codingPath)) is null"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)) is not a \(type)"
    case .dataCorrupted(let context):
        let place = path(context.codingPath)
        return place.isEmpty ? "the data is not valid JSON (malformed, or cut short)" : "\(place): \(context.debugDescription)"
    @unknown default:
        return String(describing: error)
    }
}

/// What to do when a server fails: check it, or work from the bundled data.
private let networkFix =
    "check the address (and \(Source.apiKeyVariable) for the live API), or sync the bundled data: "
    + #"make step7 ARGS="sync v1""#

/// What to do when a source holds no usable bodies.
private let badSourceFix = #"sync from a source that lists bodies, such as the bundled v1: make step7 ARGS="sync v1""#
