import CourseCore
import CourseTestSupport
import Foundation
import Testing

@testable import step7

/// `Source.fetch` against a loopback server: the same URLSession code that
/// would talk to the live API, never leaving 127.0.0.1.
@Suite struct HTTPSourceTests {
    @Test func downloadsTheFixtureAndSendsTheKeyOnlyWhenThereIsOne() async throws {
        let server = try LoopbackServer(routes: ["/bodies": .json(try fixtureData("v1"))])
        defer { server.stop() }
        let source = try Source.parse(server.baseURL + "/bodies")

        let withKey = try await source.fetch(apiKey: "test-key-42")
        let withoutKey = try await source.fetch(apiKey: nil)

        #expect(withKey == (try fixtureData("v1")))
        #expect(try decodeBodies(withoutKey, from: source.display).count == (try fixtureObjects("v1")).count)
        let requests = server.requests
        #expect(requests.map(\.path) == ["/bodies", "/bodies"])
        #expect(requests.first?.headers["authorization"] == "Bearer test-key-42")
        #expect(requests.last?.headers["authorization"] == nil)
    }

    @Test func anHTTPErrorIsAnError() async throws {
        let server = try LoopbackServer(routes: ["/busy": .init(status: 503, body: Data("try later".utf8))])
        defer { server.stop() }
        let error = await #expect(throws: CourseError.self) {
            try await Source.parse(server.baseURL + "/busy").fetch(apiKey: nil)
        }
        #expect(error?.description.contains("answered HTTP 503") == true, "\(error?.description ?? "")")
        let missing = await #expect(throws: CourseError.self) {
            try await Source.parse(server.baseURL + "/elsewhere").fetch(apiKey: nil)
        }
        #expect(missing?.description.contains("answered HTTP 404") == true)
    }

    @Test func aBodyCutShortIsAnError() async throws {
        let data = try fixtureData("v1")
        let server = try LoopbackServer(routes: [
            "/cut": .init(status: 200, body: Data(data.prefix(data.count / 2)), declaredLength: data.count)
        ])
        defer { server.stop() }
        let error = await #expect(throws: CourseError.self) {
            try await Source.parse(server.baseURL + "/cut").fetch(apiKey: nil)
        }
        #expect(error?.description.contains("could not download") == true, "\(error?.description ?? "")")
    }

    @Test func nothingListeningIsAnError() async throws {
        // A port that was just free: start a server, note its port, stop it.
        let server = try LoopbackServer(routes: [:])
        let url = server.baseURL + "/bodies"
        server.stop()
        let error = await #expect(throws: CourseError.self) {
            try await Source.parse(url).fetch(apiKey: nil)
        }
        #expect(error?.description.contains("could not download") == true)
    }

    @Test func sourcesParse() throws {
        #expect(try Source.parse("v2").display == "bundled bodies-v2.json")
        #expect(try Source.parse("file:///tmp/b.json").url.isFileURL)
        #expect(try Source.parse("https://example.org/rest/bodies").url.scheme == "https")
        #expect(throws: CourseError.self) { try Source.parse("ftp://example.org/bodies") }
    }
}
