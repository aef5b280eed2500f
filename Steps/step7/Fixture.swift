import CourseCore
import Foundation

/// A bundled fixture: its source, and its bytes.
struct Fixture {
    var source: Source
    var data: Data

    init(_ version: String) throws {
        source = try Source.fixture(version)
        let url = source.url
        data = try attempt("read \(source.display)") { try Data(contentsOf: url) }
    }
}
