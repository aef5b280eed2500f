import ArgumentParser
import CourseCore
import Foundation

/// The generator's start value: the same start value gives the same items.
struct RandomStartOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Start value for `new`'s random items (the same start value gives the same items).", valueName: "N"))
    var randomStart: UInt64?

    var generator: SplitMix64 { randomStart.map(SplitMix64.init(start:)) ?? SplitMix64() }
}
