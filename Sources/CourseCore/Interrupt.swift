import Foundation

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// MARK: - Ctrl-C while a step runs

/// Ctrl-C (SIGINT) or SIGTERM while a step runs: the step runs its registered
/// clean-ups, says in one line what was kept, and exits 130 (143 for SIGTERM),
/// as a shell reports a program stopped by that signal.
///
/// What was kept is SQLite's to say, not the step's: a transaction that had
/// not committed when the process stopped is not kept. In rollback-journal
/// mode its `-journal` is left behind ("hot"), and the next connection that
/// opens the file copies the committed pages back before reading; in WAL mode
/// its frames were never marked committed. Either way every commit that
/// finished before the signal stays.
///
/// The signal handler itself only writes the signal's number to a pipe (what
/// a handler may safely do); a thread of this enum's reads it and does the
/// rest in ordinary code. The handler is a caught one, not an ignored one: a
/// program a step starts (step 9's workers) gets the default back on exec.
public enum Interrupt {
    /// Something to do before the step exits (stop worker processes, say what
    /// they stored): it runs on the interrupt's thread, while the step's own
    /// threads are still running, and may print its own lines first.
    public typealias CleanUp = @Sendable () -> Void

    /// The one line printed last, on standard error.
    // [docs:interrupt-line]
    public static let line =
        "Interrupted: any transaction still open was not committed, so SQLite keeps nothing of it "
        + "(what committed before stays; the next open rolls back a -journal left behind)."
    // [/docs:interrupt-line]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cleanUps: [(id: Int, run: CleanUp)] = []
    nonisolated(unsafe) private static var nextID = 0
    nonisolated(unsafe) private static var installed = false
    /// The pipe's writing end: the only thing the signal handler touches.
    nonisolated(unsafe) private static var signalPipe: Int32 = -1
    nonisolated(unsafe) private static var caught: Int32?

    /// Catches SIGINT and SIGTERM for the rest of the process (every step's
    /// `main` calls it, through `Lesson`). Calling it again does nothing.
    public static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }  // no pipe: the default (the process just stops)
        installed = true
        signalPipe = ends[1]
        let reading = ends[0]
        Thread.detachNewThread { waitForSignal(reading) }
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interrupt.signalPipe, &byte, 1)
            }
            #else
            action.__sigaction_u.__sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(Interrupt.signalPipe, &byte, 1)
            }
            #endif
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        // A program inherits the signals its parent blocked (a test runner's
        // thread may block them all): Ctrl-C must reach this one.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Registers a clean-up; the clean-ups run newest first. Returns its
    /// number, for `remove` once what it cleans up is gone.
    @discardableResult
    public static func onInterrupt(_ cleanUp: @escaping CleanUp) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        cleanUps.append((nextID, cleanUp))
        return nextID
    }

    public static func remove(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        cleanUps.removeAll { $0.id == id }
    }

    /// The signal caught (SIGINT or SIGTERM), once the clean-ups have begun; nil before.
    public static var caughtSignal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return caught
    }

    /// For a step's own thread that finds the interrupt under way (a clean-up
    /// told it to stop): it must not go on to print or exit on its own, so it
    /// waits here while the interrupt's thread finishes the clean-ups and ends
    /// the process.
    public static func waitForExit() -> Never {
        while true { pause() }
    }

    /// The signal's name, for a message.
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }

    /// The interrupt's thread: waits for the handler's byte, then cleans up,
    /// says the one line and exits. `_exit`, not `exit`: the step's own
    /// threads are still running, and must not run exit's handlers with it.
    private static func waitForSignal(_ reading: Int32) {
        var byte: UInt8 = 0
        while read(reading, &byte, 1) != 1 {}
        lock.lock()
        caught = Int32(byte)
        let toRun = cleanUps.reversed().map(\.run)
        lock.unlock()
        for cleanUp in toRun { cleanUp() }
        fflush(nil)  // every stdio stream: what the step printed comes before the line
        let text = line + "\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(128 + Int32(byte))
    }
}
