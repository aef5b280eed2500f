import Foundation

// The files of the course that a later step reads from the repository rather
// than bundling a copy: step 6's catalog, step 7's schema and its JSON fixtures.
// (Steps 8 and 10 embed theirs at build time instead: see `BodiesFixtures`.)

extension Workspace {
    /// A file of the course, by its path from the top of the workspace.
    public static func courseText(_ path: String) throws -> String {
        let url = root.appendingPathComponent(path)
        return try attempt("read \(path)") { try String(contentsOf: url, encoding: .utf8) }
    }

    /// The JSON of a bodies source: step 7's fixture `v1` or `v2`, or a file
    /// the learner names; with the words to show for it.
    public static func bodiesJSON(_ source: String) throws -> (json: String, display: String) {
        if source == "v1" || source == "v2" {
            return (try courseText("Steps/step7/Resources/bodies-\(source).json"), "step 7's bodies-\(source).json")
        }
        let expected = "a JSON file of bodies (as Steps/step7/Resources/bodies-v1.json)"
        let data = try InputFile.read(source, expected: expected, instead: "v1 or v2")
        guard let json = String(data: data, encoding: .utf8) else {
            throw CourseError.input("\(display(source)) is not UTF-8 text: expected \(expected)")
        }
        return (json, display(source))
    }
}
