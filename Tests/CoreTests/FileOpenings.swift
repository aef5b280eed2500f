import Foundation

/// Tells when a process opens a file: inotify's IN_OPEN event on it
/// (Linux), watched from before the process starts. (Elsewhere `wait`
/// returns at once: a test then goes on without knowing.)
struct FileOpenings {
    let descriptor: Int32

    #if os(Linux)
    init(_ path: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Blocks until the file is opened, then stops watching.
    func wait() throws {
        defer { close(descriptor) }
        var event = [UInt8](repeating: 0, count: 4096)
        guard read(descriptor, &event, event.count) > 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
    #else
    init(_ path: String) throws { descriptor = -1 }
    func wait() throws {}
    #endif
}
