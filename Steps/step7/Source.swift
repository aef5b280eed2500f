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

    /// What a file source holds, and what else a learner can give, for a refusal.
    static let expected = "a JSON file of bodies (as Steps/step7/Resources/bodies-v1.json)"
    static let instead = "v1 or v2 (the bundled fixtures), a URL (https://…)"

    /// "v1", "v2", a URL with a scheme, or a plain file path.
    static func parse(_ text: String) throws -> Source {
        if text == "v1" || text == "v2" { return try fixture(text) }
        guard text.contains("://") else {
            return Source(url: URL(fileURLWithPath: text), display: Workspace.display(text))
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https", "file"].contains(scheme)
        else {
            throw CourseError.input(
                "\(text) is not a source step7 can read: use https://, http://, file://, a path, v1 or v2")
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
            return try InputFile.read(url.path, expected: Self.expected, instead: Self.instead)
        }
        var request = URLRequest(url: url, timeoutInterval: 30)
        if let apiKey {
            request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        }
        let data: Data
        let response: URLResponse
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

/// What to do when a server fails: check it, or work from the bundled data.
private let networkFix =
    "check the address (and \(Source.apiKeyVariable) for the live API), or sync the bundled data: "
    + #"make step7 ARGS="sync v1""#
