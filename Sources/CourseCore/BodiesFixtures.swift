import Foundation

/// Step 7's JSON fixtures (`bodies-v1.json`, `bodies-v2.json`), which steps 8
/// and 10 take as input. Each of those steps embeds them at build time from
/// its own `Resources/` folder, whose entries are symlinks to step 7's files
/// (Package.swift, `.embedInCode`): one copy in the repository, the bytes in
/// the executable, and no other step's folder read at run time, whatever the
/// current directory. (`.copy` would not do: SwiftPM copies the symlink itself
/// into the bundle, where it points nowhere; see docs/08-generated-records.md.)
public struct BodiesFixtures: Sendable {
    /// The fixtures by name (`v1`, `v2`): the bytes SwiftPM embedded.
    public var byName: [String: [UInt8]]

    public init(_ byName: [String: [UInt8]]) { self.byName = byName }

    /// The JSON of `source`: a fixture's name, or the path of a JSON file the
    /// learner names (read by `InputFile`, refused in words they can act on);
    /// with the words to show for it.
    public func json(_ source: String) throws -> (data: Data, display: String) {
        if let bytes = byName[source] {
            return (Data(bytes), "step 7's bodies-\(source).json")
        }
        let names = byName.keys.sorted().joined(separator: " or ")
        let data = try InputFile.read(
            source, expected: "a JSON file of bodies (as Steps/step7/Resources/bodies-v1.json)", instead: names)
        return (data, Workspace.display(source))
    }

    /// `json(_:)` as text, for the steps that hand SQLite the document itself
    /// (steps 10 and 11); a file that is not UTF-8 is refused, never patched.
    public func text(_ source: String) throws -> (json: String, display: String) {
        let (data, display) = try json(source)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CourseError.input(
                "\(display) is not UTF-8 text: expected a JSON file of bodies (as Steps/step7/Resources/bodies-v1.json)"
            )
        }
        return (text, display)
    }
}
