import CourseCore
import CourseTestSupport
import Foundation
import GRDB
import Testing

@testable import step7

/// The built `step7` executable, run as a learner runs it.
@Suite(.temporaryDirectory) struct EndToEndTests {
    @Test func theTourMatchesItsGoldenOutput() throws {
        try Golden.checkTour("step7")
    }

    /// The key goes only to a server: a file source, read with the key set, does not say it sent one.
    @Test func aFileSourceNeverSaysItSentTheKey() throws {
        let directory = try TemporaryDirectory.current
        let synced = try StepProcess.run(
            "step7", ["sync", "v1", "--in-memory"], in: directory, environment: ["SOLAR_API_KEY": "secret-7"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("Fetching "))
        #expect(!synced.stdout.contains("with the key"), "\(synced.stdout)")
    }

    @Test func syncOverHTTPWithTheKeyThenEverythingWorksOffline() throws {
        let directory = try TemporaryDirectory.current
        let server = try LoopbackServer(routes: ["/rest/bodies": .json(try fixtureData("v2"))])
        let url = server.baseURL + "/rest/bodies"

        let synced = try StepProcess.run(
            "step7", ["sync", url], in: directory, environment: ["SOLAR_API_KEY": "secret-7"])
        server.stop()
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(
            synced.stdout.contains(
                "Committed: deleted 0, updated 0, inserted \(try fixtureIDs("v2").count), unchanged 0."))
        #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer secret-7"])
        #expect(!synced.stdout.contains("secret-7"))  // the key is sent, never printed
        #expect(synced.stdout.contains("Fetching \(url) (with the key in SOLAR_API_KEY)"))

        // The server is gone: the cache answers on its own.
        let cachePath = directory.file("db/step7.sqlite")
        let before = try databaseSnapshot(cachePath)
        let list = try StepProcess.run("step7", ["list"], in: directory)
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == 2 + (try fixtureIDs("v2")).count)  // header, rule, rows
        let search = try StepProcess.run("step7", ["search", "URAN"], in: directory)
        #expect(search.stdout.hasPrefix("1 body whose English name contains \"URAN\"\n"))
        #expect(search.stdout.contains("\nuranus  Uranus  "))
        let show = try StepProcess.run("step7", ["show", "terre"], in: directory)
        #expect(show.stdout.contains("englishName:   Earth\n"))
        #expect(show.stdout.contains("discoveredBy:  NULL\n"))

        // Syncing from the dead server fails, and the cache stays as it was.
        let offline = try StepProcess.run("step7", ["sync", url], in: directory)
        #expect(offline.status == 1)
        #expect(offline.stderr.contains("could not download \(url)"))
        #expect(try databaseSnapshot(cachePath) == before)
    }

    @Test func badSourcesExitWithAnErrorAndLeaveTheCacheAsItWas() throws {
        let directory = try TemporaryDirectory.current
        let v2 = try fixtureData("v2")
        let server = try LoopbackServer(routes: [
            "/busy": .init(status: 503, body: Data("{}".utf8)),
            "/cut": .init(status: 200, body: Data(v2.prefix(2000)), declaredLength: v2.count),
        ])
        defer { server.stop() }
        let truncatedFile = directory.file("truncated.json")
        try Data(v2.prefix(2000)).write(to: URL(fileURLWithPath: truncatedFile))

        #expect(try StepProcess.run("step7", ["sync"], in: directory).status == 0)
        let cachePath = directory.file("db/step7.sqlite")
        let before = try databaseSnapshot(cachePath)
        let cases: [(source: String, message: String)] = [
            (server.baseURL + "/busy", "answered HTTP 503"),
            (server.baseURL + "/cut", "could not download"),
            ("file://" + truncatedFile, "not valid JSON"),
            (directory.file("absent.json"), "no file at absent.json: expected a JSON file of bodies"),
            ("gopher://example.org", "not a source step7 can read"),
        ]
        for bad in cases {
            let result = try StepProcess.run("step7", ["sync", bad.source], in: directory)
            #expect(result.status == 1, "\(bad.source)")
            #expect(result.stderr.contains(bad.message), "\(bad.source): \(result.stderr)")
            #expect(try databaseSnapshot(cachePath) == before, "\(bad.source)")
        }
    }

    @Test func unknownIDsAndEmptyCachesAreExplained() throws {
        let directory = try TemporaryDirectory.current
        let empty = try StepProcess.run("step7", ["list"], in: directory)
        #expect(empty.stdout.contains("The cache is empty: run `make step7 ARGS=\"sync\"` first"))
        let unknown = try StepProcess.run("step7", ["show", "vulcain"], in: directory)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "no body with id \"vulcain\" in the cache (`make step7 ARGS=\"list\"` shows the ids)"))
    }

    /// 100,000 made-up bodies, none with a v1 id: a sync long enough to be interrupted.
    static func largeSource(at path: String, count: Int) throws {
        var json = #"{"bodies": ["#
        json.reserveCapacity(count * 160)
        for index in 1...count {
            if index > 1 { json += ",\n" }
            json += #"{"id": "gen-\#(index)", "name": "Corps \#(index)", "englishName": "Body \#(index)", "#
            json += #""bodyType": "Asteroid", "density": 2.\#(index % 10), "gravity": 0.0\#(index % 10), "#
            json += #""discoveredBy": "Survey \#(index % 97)", "discoveryDate": "01/01/2000"}"#
        }
        json += "]}\n"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    }

    // Linux only: it reads the stopped process's state in /proc, which macOS lacks.
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads process states in /proc (Linux)")
    )
    func aSyncKilledMidTransactionLeavesThePreviousCacheIntact() throws {
        let directory = try TemporaryDirectory.current
        let cachePath = directory.file("cache.sqlite")
        #expect(try StepProcess.run("step7", ["sync", "v1", "--database", cachePath], in: directory).status == 0)
        let before = try databaseSnapshot(cachePath)
        let sizeBefore = try fileSize(cachePath)
        let largePath = directory.file("large.json")
        try Self.largeSource(at: largePath, count: 100_000)

        let process = Process()
        process.executableURL = StepProcess.executable("step7")
        process.arguments = ["sync", "file://" + largePath, "--database", cachePath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let lines = LineCollector(output.fileHandleForReading)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Kill it once the transaction has begun and uncommitted pages have
        // reached the database file (it grows past its committed size). Each
        // look happens while the process is stopped (SIGSTOP), so the kill
        // meets exactly the state that was seen: no race between looking and
        // killing. (Between looks it runs for 10 ms; the sync runs for seconds.)
        let begun = waitUntil(seconds: 30) { lines.text.contains("Transaction begun") || !process.isRunning }
        #expect(begun && process.isRunning, "no \"Transaction begun\" line: \(lines.text)")
        let pid = process.processIdentifier
        let spilled = waitUntil(seconds: 20) {
            guard stop(pid) else { return true }  // it ended: the expectation below says so
            if (try? fileSize(cachePath)) ?? 0 > sizeBefore { return true }
            kill(pid, SIGCONT)
            return false
        }
        #expect(spilled && process.isRunning, "the sync ended before it could be stopped: \(lines.text)")
        kill(pid, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(!lines.text.contains("Committed"))

        // What the kill left: a hot journal, holding the pages' committed content.
        #expect(FileManager.default.fileExists(atPath: cachePath + "-journal"))
        // The next connection rolls it back; the file is sound and holds v1.
        let check = try DatabaseQueue(path: cachePath).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        #expect(check == ["ok"])
        #expect(try databaseSnapshot(cachePath) == before)
        #expect(try fileSize(cachePath) == sizeBefore)
        let list = try StepProcess.run("step7", ["list", "--database", cachePath], in: directory)
        #expect(list.stdout.split(separator: "\n").count == 2 + (try fixtureIDs("v1")).count)
    }

    /// Ctrl-C in the middle of a sync's transaction: the step says in
    /// one line that nothing of it is kept, exits 130, and the file proves it.
    /// The signal is sent while the process is stopped (SIGSTOP) and seen to
    /// have begun writing: its `-journal` exists. (Linux: reads /proc, as above.)
    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads process states in /proc (Linux)")
    )
    func ctrlCMidTransactionSaysNothingOfItIsKeptAndExits130() throws {
        let directory = try TemporaryDirectory.current
        let cachePath = directory.file("cache.sqlite")
        #expect(try StepProcess.run("step7", ["sync", "v1", "--database", cachePath], in: directory).status == 0)
        let before = try databaseSnapshot(cachePath)
        let largePath = directory.file("large.json")
        try Self.largeSource(at: largePath, count: 100_000)

        let process = Process()
        process.executableURL = StepProcess.executable("step7")
        process.arguments = ["sync", "file://" + largePath, "--database", cachePath]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let lines = LineCollector(output.fileHandleForReading)
        let errorLines = LineCollector(errors.fileHandleForReading)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        let begun = waitUntil(seconds: 30) { lines.text.contains("Transaction begun") || !process.isRunning }
        #expect(begun && process.isRunning, "no \"Transaction begun\" line: \(lines.text)")
        let pid = process.processIdentifier
        let journaled = waitUntil(seconds: 20) {
            guard stop(pid) else { return true }  // it ended: the expectation below says so
            if FileManager.default.fileExists(atPath: cachePath + "-journal") { return true }
            kill(pid, SIGCONT)
            return false
        }
        #expect(journaled && process.isRunning, "the sync ended before it could be stopped: \(lines.text)")
        kill(pid, SIGINT)  // pending while stopped: delivered the moment it runs again
        kill(pid, SIGCONT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(!lines.text.contains("Committed"))
        _ = waitUntil(seconds: 5) { errorLines.text.hasSuffix("\n") }
        #expect(errorLines.text == Interrupt.line + "\n")

        // What the line says: the journal is there, the next open rolls it back, v1 is intact.
        #expect(FileManager.default.fileExists(atPath: cachePath + "-journal"))
        let check = try DatabaseQueue(path: cachePath).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        #expect(check == ["ok"])
        #expect(try databaseSnapshot(cachePath) == before)
    }
}

private func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
}

/// Sends SIGSTOP and waits until the process is stopped (state T in /proc);
/// false when it has ended instead.
private func stop(_ pid: pid_t) -> Bool {
    kill(pid, SIGSTOP)
    while let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) {
        // "pid (name) STATE …": the state follows the name's closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { return false }
        switch stat[close...].dropFirst(2).first {
        case "T", "t": return true
        case "Z", "X", nil: return false
        default: sched_yield()  // the signal is on its way
        }
    }
    return false
}

/// Polls `condition` every 10 ms for at most `seconds`; whether it became true.
private func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

/// Collects what a pipe delivers, on a thread of its own, as it arrives.
private final class LineCollector: @unchecked Sendable {
    // @unchecked: `data` is guarded by `lock`.
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }  // end of file: the process is gone
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

extension EndToEndTests {
    /// `sync v3`: no such fixture, no such file. The message says what was
    /// expected and what to give instead, not Foundation's raw error.
    @Test func aSourceThatIsNoFileSaysWhatWasExpected() throws {
        let directory = try TemporaryDirectory.current
        let missing = try StepProcess.run("step7", ["sync", "v3"], in: directory)
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains(
                "no file at v3: expected a JSON file of bodies (as Steps/step7/Resources/bodies-v1.json) there"),
            "\(missing.stderr)")
        #expect(missing.stderr.contains("what to do:  give v1 or v2 (the bundled fixtures)"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("NSCocoaErrorDomain"), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: directory.file("bodies"), withIntermediateDirectories: true)
        let folder = try StepProcess.run("step7", ["sync", "bodies"], in: directory)
        #expect(folder.stderr.contains("bodies is a directory"), "\(folder.stderr)")
    }
}
