import Foundation

// MARK: - Where the tests' folders live

/// The folder every `TemporaryDirectory` is made in.
///
/// The tests' programs write real SQLite databases, and SQLite makes every
/// commit durable with `fsync`: on a disk that is a wait of milliseconds per
/// commit (step 1's tour alone commits 200 times), which made up most of the
/// suite's time while other builds shared the disk. Nothing a test asserts
/// depends on the disk — a file in memory is opened, locked, journaled and
/// read back by SQLite exactly as on a disk; only the wait for the hardware
/// goes — so the folders go in memory (`/dev/shm`, a tmpfs on Linux) when it
/// has room, one folder per test process, removed when the process exits.
/// Otherwise they go under `TMPDIR`, as before.
public let scratchRoot: URL = {
    let memory = "/dev/shm"
    guard let free = freeBytes(memory), free >= minimumFreeBytes,
        FileManager.default.isWritableFile(atPath: memory)
    else { return FileManager.default.temporaryDirectory }
    let root = URL(fileURLWithPath: memory, isDirectory: true)
        .appendingPathComponent(processScratchName(getpid()), isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    } catch {
        return FileManager.default.temporaryDirectory
    }
    removeRootsOfEndedProcesses(in: memory)
    // The tests delete their own folders; this removes the root itself (and
    // whatever a failed test left in it) when the test process exits.
    atexit {
        try? FileManager.default.removeItem(atPath: "/dev/shm/" + processScratchName(getpid()))
    }
    return root
}()

/// The suite's largest files at once (step 7's 100,000-body source and its
/// cache, several copies of the Northwind file) stay well under this.
private let minimumFreeBytes: UInt64 = 1 << 30

private func processScratchName(_ pid: Int32) -> String { "sqlite-course-tests-\(pid)" }

/// A test process that crashed could not remove its root: the next one does.
private func removeRootsOfEndedProcesses(in folder: String) {
    let prefix = processScratchName(0).dropLast()  // "sqlite-course-tests-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
        guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
        try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
}

/// Free space of the file system holding `path`, or nil when it cannot be read.
private func freeBytes(_ path: String) -> UInt64? {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize)
}
