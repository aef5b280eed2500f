import Foundation

/// A text file's lines as an editor means them, whatever it saved: a UTF-8 byte
/// order mark (Notepad's) is dropped, CRLF (Windows) and a lone CR (classic Mac)
/// end a line as LF does, and blanks (spaces, tabs) at the end of a line are
/// dropped. Without this, "\r\n" is one Swift Character: splitting on "\n" finds
/// one line, and a CRLF query.sql whose first line is a comment is all comment.
/// nil when the bytes are not UTF-8.
public func editorNeutral(_ data: Data) -> String? {
    let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    guard let text = String(data: Data(bytes), encoding: .utf8) else { return nil }
    var scalars = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
        if scalar == "\n", previous == "\r" {
            previous = scalar
            continue  // the LF of a CRLF: its CR already ended the line
        }
        scalars.append(scalar == "\r" ? "\n" : scalar)
        previous = scalar
    }
    return String(scalars).components(separatedBy: "\n")
        .map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        .joined(separator: "\n")
}
