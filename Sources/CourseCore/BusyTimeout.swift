import CSQLite

/// How long every connection in the course waits for a lock that another
/// connection holds before it gives up with SQLITE_BUSY.
///
/// SQLite's own default is not to wait at all: with no busy handler, a
/// connection that finds the file locked fails at once. A learner often
/// runs one step while another command still writes the same file (a long
/// sync in a second terminal), so every connection the steps open gets a
/// busy timeout: the C API steps through `sqlite3_busy_timeout`, the GRDB
/// steps through `Configuration.busyMode` (CourseGRDB). Chapter 9 shows the
/// locks it waits for, and the one case where SQLite refuses to wait.
public enum BusyTimeout {
    /// Ten seconds: far longer than any of the steps' own writes.
    public static let seconds: Double = 10

    /// The same, in the milliseconds `sqlite3_busy_timeout` takes.
    public static var milliseconds: Int32 { Int32(seconds * 1000) }

    /// What to do about an SQLITE_BUSY that came anyway.
    public static let advice =
        "another connection holds the lock this command needs: most likely another process is writing to the file "
        + "(a step still running, a sqlite3 shell). Let it finish, or stop it, then run this command again "
        + "(chapter 9 shows the locks)"
}
