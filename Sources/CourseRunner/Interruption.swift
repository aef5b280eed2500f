#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Ctrl-C while `watch` runs: noted, so that the loop stops between two looks
/// at the file, puts the terminal's mode back (TerminalInput.restore), says so
/// and exits normally, its output flushed.
///
/// The signal is caught, not ignored: a caught signal goes back to its default
/// in every program the runner starts, so a check being built when Ctrl-C
/// comes stops with it.
public enum Interruption {
    // Written only by the signal handler, read by the watch loop: a
    // sig_atomic_t flag is what a handler may safely set.
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0

    public static func catchControlC() {
        caught = 0
        signal(SIGINT) { _ in Interruption.caught = 1 }
        // A program inherits the signals its parent blocked (a test runner's
        // thread may block them all): Ctrl-C must reach this one.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    public static var happened: Bool { caught != 0 }
}
