import EditorText
import Foundation
import Testing

@testable import CourseRunner

/// A learner's file reads the same however an editor saved it: what every check reads
/// (learnerText in Checks/Support) and what the runner compares with the starter go through
/// `editorNeutral`. `make ex ARGS="verify"` proves it on every exercise's solution, saved by
/// `Verifier.editorSaved`.
@Suite struct EditorTextTests {
    let lines = "-- a comment\nSELECT name\nFROM teams;\n"

    @Test func crlfABomAndTrailingBlanksReadAsLF() {
        let windows = Data([0xEF, 0xBB, 0xBF]) + Data("-- a comment \r\nSELECT name\t\r\nFROM teams;  \r\n".utf8)
        #expect(editorNeutral(windows) == lines)
        #expect(editorNeutral(Data("-- a comment\rSELECT name\rFROM teams;\r".utf8)) == lines, "classic Mac: CR")
        #expect(editorNeutral(Data(lines.utf8)) == lines)
        #expect(editorNeutral(Data([0xFF, 0xFE, 0x41])) == nil, "not UTF-8")
        // A blank line after a CRLF is a line of its own: only the LF that belongs to a CR is dropped.
        #expect(editorNeutral(Data("SELECT 1;\r\n\r\n\nSELECT 2;".utf8)) == "SELECT 1;\n\n\nSELECT 2;")
        // Without it: "\r\n" is one Character, and the file is one line that starts with a comment.
        #expect(String(decoding: windows, as: UTF8.self).components(separatedBy: "\n").count == 1)
    }

    @Test func verifysEditorSavedFileReadsAsTheOriginal() {
        let saved = Verifier.editorSaved(Data("SELECT name\n    FROM teams;\n".utf8), "query.sql")
        #expect(saved.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: saved, as: UTF8.self).contains("\r\n\tFROM teams;"))
        #expect(editorNeutral(saved) == "SELECT name\n\tFROM teams;\n")
        let swift = Verifier.editorSaved(Data("let a = \"\"\"\n    x \n    \"\"\"\n".utf8), "A.swift")
        #expect(String(decoding: swift.dropFirst(3), as: UTF8.self) == "let a = \"\"\"\r\n    x \r\n    \"\"\"\r\n")
    }
}
