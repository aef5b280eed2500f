/// The lines that differ between two texts, with two lines of context, for
/// a failing comparison to show at a glance:
///
///       Step 7 · Solar bodies
///     - 11. Sync the first 300 bytes of v2
///     + 11. Sync the first 400 bytes of v2
///        ✗ could not sync …
///
/// `nil` when the texts have the same lines. (Written here rather than taken
/// from swift-custom-dump, so that a plain `swift build` does not compile that
/// package: only the test targets need it.)
public func lineDiff(_ old: String, _ new: String, context: Int = 2) -> String? {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let difference = newLines.difference(from: oldLines)
    guard !difference.isEmpty else { return nil }
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
        switch change {
        case .remove(let offset, _, _): removed.insert(offset)
        case .insert(let offset, _, _): inserted.insert(offset)
        }
    }

    // Both texts side by side, in order: each line kept, removed or inserted.
    var merged: [(mark: Character, line: String)] = []
    var oldIndex = 0
    var newIndex = 0
    while oldIndex < oldLines.count || newIndex < newLines.count {
        if oldIndex < oldLines.count, removed.contains(oldIndex) {
            merged.append(("-", oldLines[oldIndex]))
            oldIndex += 1
        } else if newIndex < newLines.count, inserted.contains(newIndex) {
            merged.append(("+", newLines[newIndex]))
            newIndex += 1
        } else {
            merged.append((" ", newIndex < newLines.count ? newLines[newIndex] : oldLines[oldIndex]))
            oldIndex += 1
            newIndex += 1
        }
    }

    // Only the changed lines and their context; "…" where lines are left out.
    let changed = merged.indices.filter { merged[$0].mark != " " }
    var shown: [String] = []
    var last = -1
    for index in merged.indices where changed.contains(where: { abs($0 - index) <= context }) {
        if last >= 0 && index > last + 1 { shown.append("  …") }
        shown.append("\(merged[index].mark) \(merged[index].line)")
        last = index
    }
    return shown.joined(separator: "\n")
}
