import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the learner types while `watch` runs (q, Enter), read straight from
/// standard input's descriptor with poll(2) and read(2), on the one thread that
/// also looks at the file.
///
/// Never through stdio's `readLine()`: a thread waiting in `readLine()` holds
/// the lock of `stdin`'s FILE, and `fflush(nil)` on another thread waits for
/// that lock; that is how `watch` froze after its first check in a terminal.
public struct TerminalInput {
    private var pending: [UInt8] = []
    private var reading: Bool

    /// Reads only from a terminal: from a pipe or /dev/null, `watch` only watches.
    public init() { reading = Terminal.isInteractive }

    /// Waits up to `seconds` (the pause between two looks at the file), and
    /// returns the lines typed meanwhile, trimmed and lowercased. Returns as
    /// soon as something was typed, or when Ctrl-C interrupts the wait.
    public mutating func lines(waiting seconds: Double) -> [String] {
        let milliseconds = Int32(seconds * 1000)
        guard reading else {
            _ = poll(nil, 0, milliseconds)
            return []
        }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else {  // end of input (Ctrl-D): keep watching, stop reading
            reading = false
            return []
        }
        pending += buffer[..<count]
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(
                String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased())
            pending.removeSubrange(...newline)
        }
        return lines
    }
}
