import Foundation
import GRDB

// [docs:diagram]
/// A Mermaid flowchart of the database's full-text indexes, drawn from its
/// schema (`sqlite_schema`), so the chapter's picture cannot drift from the
/// migration: each trigger is an arrow from the table it watches to the
/// index it writes; a dotted arrow goes from each index to the content it
/// reads back (`content=`), and from a content view to the tables it reads.
func indexDiagram(_ db: Database) throws -> [String] {
    let schema = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")
    func sql(_ row: Row) -> String { row["sql"] ?? "" }
    let indexes = schema.filter { sql($0).range(of: #"USING fts5\("#, options: .regularExpression) != nil }
    let names = Set(schema.map { $0["name"] as String })
    var lines = ["flowchart LR"]
    let triggers = try Row.fetchAll(
        db, sql: "SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY tbl_name, name")
    for trigger in triggers {
        let event = firstMatch(#"AFTER (INSERT|DELETE|UPDATE)"#, in: sql(trigger)) ?? "?"
        for index in indexes
        where sql(trigger).contains("INSERT INTO \"\(index["name"] as String)\"")
            || sql(trigger).contains("INSERT INTO \(index["name"] as String)(")
        {
            let table: String = trigger["tbl_name"]
            let name: String = trigger["name"]
            lines.append("    \(table) -- \"\(event): \(name)\" --> \(index["name"] as String)")
        }
    }
    for index in indexes {
        guard let content = firstMatch(#"content\s*=\s*'([^']+)'"#, in: sql(index)) else { continue }
        lines.append("    \(index["name"] as String) -. \"content=: text read back by rowid\" .-> \(content)")
        guard let view = schema.first(where: { $0["name"] == content && $0["type"] == "view" }) else { continue }
        let from = sql(view).components(separatedBy: CharacterSet.alphanumerics.inverted)
        for table in names.sorted() where from.contains(table) && table != content {
            lines.append("    \(content) -. reads .-> \(table)")
        }
    }
    return lines
}
// [/docs:diagram]

/// The first capture group of `pattern` in `text`.
private func firstMatch(_ pattern: String, in text: String) -> String? {
    guard let regex = try? NSRegularExpression(pattern: pattern),
        let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
        let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
}
