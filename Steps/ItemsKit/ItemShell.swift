import CourseCore
import Foundation

/// Runs one command on the database; returns what to tell the learner.
/// The shell and the subcommands both come here.
public func perform<Item: ItemRecord>(
    _ command: ShellCommand, on database: AppDatabase<Item>,
    random: inout SplitMix64
) throws -> String {
    switch command {
    case .new:
        let item = try database.addItem(randomItemFields(using: &random))
        return "added item \(item.id ?? 0): \(item.name)"
    case .add(let fields):
        let item = try database.addItem(fields)
        return "added item \(item.id ?? 0): \(item.name)"
    case .edit(let id, let changes):
        let item = try database.editItem(id: id, changes)
        return "saved item \(id): \(item.name)"
    case .delete(let ids):
        try database.deleteItems(ids: ids)
        return "deleted \(ids.count == 1 ? "item" : "items") \(ids.map(String.init).joined(separator: ", "))"
    case .order, .help, .quit:
        return ShellCommand.usage
    }
}

/// The editor's field names, in column order: what `--FIELD` may set.
public func editorFields<Item: ItemRecord>(_: Item.Type) -> [String] {
    let fields = Item.new().form.fields
    return Item.columnNames.filter { fields[$0] != nil }
}

// [docs:shell]
/// The shell: reads commands, applies them, and prints the list each time
/// the observation delivers a new value — the terminal's version of the
/// tutorial's SwiftUI list. Piped input gives the same output every run: after
/// each command the shell waits for the value that shows its effect.
public struct ItemShell<Item: ItemRecord> {
    public let database: AppDatabase<Item>
    public var ordering: Ordering
    public var random: SplitMix64
    /// Echo each command (piped input), or prompt for it (a terminal).
    public var echo: Bool
    let say: Narrator

    public init(_ database: AppDatabase<Item>, ordering: Ordering, random: SplitMix64, echo: Bool, narrator: Narrator) {
        self.database = database
        self.ordering = ordering
        self.random = random
        self.echo = echo
        self.say = narrator
    }

    public mutating func run(readLine: () -> String?) throws {
        var live = LiveList(database, ordering)
        try show(live)
        while true {
            if !echo { prompt() }
            guard let line = readLine() else { return }
            if echo { say.line("> \(line)") }
            do {
                switch try ShellCommand.parse(line, fields: editorFields(Item.self)) {
                case .quit:
                    return
                case .help:
                    say.line(ShellCommand.usage)
                    say.line(ShellCommand.quoting)
                case .order(let chosen):
                    // A new ordering is a new request: observe it instead
                    // (the tutorial's switchToLatest).
                    ordering = chosen ?? ordering.next
                    live = LiveList(database, ordering)
                case let command:
                    say.line(try perform(command, on: database, random: &random))
                }
                try show(live)
            } catch {
                say.shellError(error)
            }
            flushOutput()
        }
    }

    /// Prints every value the observation delivered until the current list.
    private func show(_ live: LiveList<Item>) throws {
        for items in try live.values(until: database.items(ordering)) {
            say.itemList(items, ordering)
        }
    }

    private func prompt() {
        flushOutput()  // the list first, then the prompt
        FileHandle.standardOutput.write(Data("> ".utf8))
    }
}
// [/docs:shell]

extension Narrator {
    /// An error in the shell: one line (more for SQLite's codes), and the shell goes on.
    public func shellError(_ error: any Error) {
        let text = (error as? CourseError)?.description ?? ErrorReport("command failed", error: error).description
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            self.line((index == 0 ? "error: " : "") + line)
        }
    }
}

extension Narrator {
    /// A tour runs shell commands as numbered actions: the result, or the
    /// refusal and the tour goes on. Returns how many were refused.
    @discardableResult
    public func commands<Item: ItemRecord>(
        _ lines: [String], on database: AppDatabase<Item>, random: inout SplitMix64
    ) -> Int {
        var refused = 0
        for line in lines {
            action(line)
            do {
                let command = try ShellCommand.parse(line, fields: editorFields(Item.self))
                result(try perform(command, on: database, random: &random))
            } catch {
                refused += 1
                expectedError(ErrorReport("refused", error: error))
            }
        }
        return refused
    }
}
