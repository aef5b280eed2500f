/// What one worker process did, as it prints it for write-load to read:
/// `worker 3: 500 added, 0 busy errors`.
struct Tally: Sendable, Equatable {
    var worker: Int
    var added = 0
    var busy = 0

    var line: String { "worker \(worker): \(added) added, \(busy) busy errors" }

    /// Reads the line a worker printed.
    init?(line: String) {
        guard let match = line.wholeMatch(of: /worker (\d+): (\d+) added, (\d+) busy errors/),
            let worker = Int(match.1), let added = Int(match.2), let busy = Int(match.3)
        else { return nil }
        self.init(worker: worker, added: added, busy: busy)
    }

    init(worker: Int, added: Int = 0, busy: Int = 0) {
        self.worker = worker
        self.added = added
        self.busy = busy
    }
}
