import Foundation
import GRDBSQLite

// MARK: - The machine

/// What the figures depend on, written beside them: the same program gives
/// other ratios on another disk, CPU, SQLite or build configuration.
struct Machine: Codable {
    var cpu: String
    var cores: Int
    var memoryGiB: Int
    var system: String
    var toolchain: String
    var sqliteVersion: String
    var grdbVersion = "7.10.0"  // pinned `exact:` in Benchmarks/Package.swift
    var configuration: String

    static func current() -> Machine {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return Machine(
            cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: Int((Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824).rounded()),
            system: ProcessInfo.processInfo.operatingSystemVersionString,
            toolchain: swiftVersion(), sqliteVersion: String(cString: sqlite3_libversion()),
            configuration: configuration)
    }

    var summary: String {
        "\(configuration) build · SQLite \(sqliteVersion) · GRDB \(grdbVersion) · \(cores) cores · \(toolchain)"
    }
}

/// The CPU's name, from /proc/cpuinfo on Linux.
private func cpuModel() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
        ?? "unknown CPU"
}

/// "Swift version 6.3.1 (swift-6.3.1-RELEASE)": the first line of `swift --version`.
private func swiftVersion() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "unknown toolchain" }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init) ?? "unknown toolchain"
}

// MARK: - The report

/// `.build/bench/results.json`, and the chart beside it.
struct Report: Codable {
    var date: String
    var machine: Machine
    var quick: Bool
    var multiplier: Double
    var results: [Result]

    init(machine: Machine, quick: Bool, multiplier: Double, results: [Result]) {
        date = ISO8601DateFormatter().string(from: Date())
        self.machine = machine
        self.quick = quick
        self.multiplier = multiplier
        self.results = results
    }

    func write(to directory: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: directory.appendingPathComponent("results.json"))
        try Data(chart().utf8).write(to: directory.appendingPathComponent("results.svg"))
    }
}
