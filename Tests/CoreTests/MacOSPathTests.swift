import CourseTestSupport
import Foundation
import Testing

/// What differs on macOS, run here on Linux: the scripts take their macOS path with `COURSE_OS=Darwin`,
/// and a simulated SDK (`SimulatedMac`: a stand-in `xcrun`) stands for Xcode's.
@Suite struct MacOSPathTests {
    /// Runs `script` as on macOS, on `mac` (by default one with Xcode's SDK; `withSDK: false`, one without).
    func run(_ script: String, withSDK: Bool = true) throws -> ProcessResult {
        let mac = try SimulatedMac(withSDK: withSDK)
        defer { mac.remove() }
        return try run(script, on: mac)
    }

    func run(_ script: String, on mac: SimulatedMac) throws -> ProcessResult {
        try runTool(
            ["bash", workspaceRoot.appendingPathComponent("scripts/\(script)").path],
            environment: ["COURSE_OS": "Darwin", "PATH": mac.path])
    }

    /// `make doctor` finds sqlite3.h and the linker's libsqlite3.tbd in the SDK that xcrun names, and
    /// reads the header's version from there.
    @Test func doctorFindsTheHeaderAndTheLibraryInXcodesSDK() throws {
        let mac = try SimulatedMac(sqliteVersion: "3.51.0")
        defer { mac.remove() }
        let result = try run("doctor.sh", on: mac)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("ok       Apple's SDK (\(mac.sdk))"))
        #expect(result.stdout.contains("ok       sqlite3.h (\(mac.sdk)/usr/include/sqlite3.h, SQLite 3.51.0)"))
        #expect(result.stdout.contains("ok       libsqlite3 (\(mac.sdk)/usr/lib/libsqlite3.tbd)"))
        #expect(!result.stdout.contains("libsqlite3.so"))
    }

    /// Without an SDK (no Xcode, no Command Line Tools) every SQLite line is missing, with the one fix,
    /// even on a machine whose /usr/include has a header (a Linux one).
    @Test func doctorWithoutAnSDKPointsToTheCommandLineTools() throws {
        let result = try run("doctor.sh", withSDK: false)
        #expect(result.status == 1)
        #expect(result.stdout.contains("MISSING  Apple's SDK (xcrun --show-sdk-path found none)"))
        #expect(result.stdout.contains("MISSING  sqlite3.h (looked for /no-sdk/usr/include/sqlite3.h)"))
        #expect(result.stdout.contains("MISSING  libsqlite3.tbd (the SDK's stub for the system's libsqlite3.dylib)"))
        #expect(result.stdout.contains("fix: xcode-select --install"))
        #expect(!result.stdout.contains("apt-get"))
    }

    /// The check before every build passes silently with the SDK, and without it names the fix.
    @Test func theHeaderCheckUsesXcodesSDK() throws {
        let found = try run("ensure-sqlite.sh")
        #expect(found.status == 0, "\(found.stdout)")
        #expect(found.stdout.isEmpty)
        let missing = try run("ensure-sqlite.sh", withSDK: false)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("No Apple SDK: xcrun --show-sdk-path found none."))
        #expect(missing.stdout.contains("xcode-select --install"))
        #expect(!missing.stdout.contains("apt-get"))
    }
}
