import Foundation

/// A file a learner names on the command line (`sync PATH`), read whole. A
/// file that is missing, a directory or unreadable is refused in words a
/// learner can act on, not with Foundation's raw error (`Error
/// Domain=NSCocoaErrorDomain Code=260 …`).
public enum InputFile {
    /// The bytes at `path`. `expected`: what the file should hold ("a JSON
    /// file of bodies"); `instead`: what else the learner can give ("v1 or v2").
    public static func read(_ path: String, expected: String, instead: String) throws -> Data {
        let shown = Workspace.display(path)
        let fix = "give \(instead), or the path of \(expected)"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CourseError.input("no file at \(shown): expected \(expected) there", fix: fix)
        }
        guard !isDirectory.boolValue else {
            throw CourseError.input("\(shown) is a directory: expected \(expected)", fix: fix)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CourseError.input("could not read \(shown) (check its permissions): expected \(expected)", fix: fix)
        }
        return data
    }
}
