import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the learner types while `watch` runs, read straight from standard
/// input's descriptor with poll(2) and read(2), on the one thread that also
/// looks at the file.
///
/// Never through stdio's `readLine()`: a thread waiting in `readLine()` holds
/// the lock of `stdin`'s FILE, and `fflush(nil)` on another thread waits for
/// that lock; that is how `watch` froze after its first check in a terminal.
///
/// In a terminal, `watch` reads key by key: the terminal is put in
/// non-canonical mode without echo, so a single `q` stops without Enter and
/// what else is typed does not land in the middle of a check's output. Ctrl-C
/// still sends SIGINT (ISIG is left on). `restore()` puts the terminal's mode
/// back: `watch` calls it on every way out, Ctrl-C included.
public struct TerminalInput {
    /// What was typed during one wait.
    public enum Typed: Equatable {
        case nothing
        /// q, Q or Enter.
        case stop
        /// Anything else: ignored, and `watch` says so.
        case ignored
    }

    private var reading: Bool
    /// The terminal's mode before `watch` changed it; nil when it did not.
    private var saved: termios?

    /// Reads only from a terminal: from a pipe or /dev/null, `watch` only watches.
    public init() {
        reading = Terminal.isInteractive
        guard reading else { return }
        var mode = termios()
        guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return }
        saved = mode
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // poll(2) says when a key is there; read(2) then returns it at once.
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if tcsetattr(STDIN_FILENO, TCSANOW, &mode) != 0 { saved = nil }
    }

    /// Puts the terminal back as it was before `init` (canonical mode, echo).
    public mutating func restore() {
        guard var mode = saved else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &mode)  // nothing more to try if this fails: the process ends
        saved = nil
    }

    /// Waits up to `seconds` (the pause between two looks at the file), and
    /// says what was typed meanwhile. Returns as soon as something was typed,
    /// or when Ctrl-C interrupts the wait.
    public mutating func keys(waiting seconds: Double) -> Typed {
        let milliseconds = Int32(seconds * 1000)
        guard reading else {
            _ = poll(nil, 0, milliseconds)
            return .nothing
        }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        guard count > 0 else {  // end of input (a pipe closed): keep watching, stop reading
            reading = false
            return .nothing
        }
        return take(buffer[..<count])
    }

    /// Whether the keys typed since the last Enter were other keys (ignored).
    private var lineBegun = false

    /// What keys mean: `q` or Enter on a line of its own stops (`q` at once,
    /// without Enter: the terminal is non-canonical); any other key is ignored,
    /// and so is the rest of its line, up to and with its Enter (a command typed
    /// into the wrong window does not stop watching). `.ignored` comes once per
    /// line, at its first key, so `watch` says so once. In canonical mode (no
    /// terminal to change) "q\n" arrives at once and stops too.
    mutating func take(_ bytes: ArraySlice<UInt8>) -> Typed {
        var typed = Typed.nothing
        for byte in bytes {
            let stopKey = [UInt8(ascii: "q"), UInt8(ascii: "Q"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte)
            if !lineBegun {
                if stopKey { return .stop }
                lineBegun = true
                typed = .ignored
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lineBegun = false
            }
        }
        return typed
    }
}
