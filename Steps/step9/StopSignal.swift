import Foundation

/// Ctrl-C (SIGINT) and SIGTERM, caught instead of ending the process on the
/// spot: write-load passes them on to its workers, and a worker stops between
/// two transactions. Foundation starts each worker in a process group of its
/// own, so Ctrl-C in the terminal reaches write-load alone: without this, the
/// workers would go on writing after write-load had gone.
///
/// A signal handler may only call what is async-signal-safe: this one writes
/// the signal's number to a pipe (`write` is safe), and a thread of its own
/// reads the pipe and does the rest.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: Int32?

    /// Starts catching both signals; `action` runs, on another thread, for each one caught.
    init(action: @escaping @Sendable (Int32) -> Void = { _ in }) {
        let reading = signalPipe.read  // made before any handler can use it
        let thread = Thread { [self] in
            var number: UInt8 = 0
            while read(reading, &number, 1) == 1 {
                lock.withLock { if caught == nil { caught = Int32(number) } }
                action(Int32(number))
            }
        }
        thread.start()
        // A process may start with these signals blocked (its parent's mask is inherited): unblock them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(number)
                _ = write(signalPipe.write, &byte, 1)
            }
        }
    }

    /// The first signal caught, if any.
    var caughtSignal: Int32? { lock.withLock { caught } }

    /// The signal's name, for a message.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT (Ctrl-C)"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// The pipe from the signal handler to StopSignal's thread.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    return (ends[0], ends[1])
}()
