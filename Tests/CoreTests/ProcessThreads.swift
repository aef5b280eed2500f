import Foundation

/// The threads of a process and of the processes it started, as Linux shows them in /proc.
enum ProcessThreads {
    /// `clock_nanosleep` and `nanosleep` on x86_64 and on arm64: the calls
    /// SQLite's busy handler sleeps in (`unixSleep`, through glibc).
    static let sleepCalls: Set<Int> = {
        #if arch(arm64)
        [115, 101]
        #else
        [230, 35]
        #endif
    }()

    /// Whether a thread of `pid` or of a descendant is asleep in one of `sleepCalls`.
    static func anySleeps(in pid: Int32) -> Bool {
        for process in [pid] + descendants(of: pid) {
            let tasks = "/proc/\(process)/task"
            for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
                guard let call = try? String(contentsOfFile: "\(tasks)/\(thread)/syscall", encoding: .utf8),
                    let number = call.split(separator: " ").first.flatMap({ Int($0) })
                else { continue }
                if sleepCalls.contains(number) { return true }
            }
        }
        return false
    }

    /// The processes `pid` started, and theirs (step 9's workers).
    static func descendants(of pid: Int32) -> [Int32] {
        let tasks = "/proc/\(pid)/task"
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { thread in
            ((try? String(contentsOfFile: "\(tasks)/\(thread)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
        return children + children.flatMap(descendants(of:))
    }
}
