// [docs:random]
/// A random number generator that starts from a value you choose. Swift's
/// default generator cannot, and a tour or a test needs the same "random"
/// items every run: the same start value gives the same items.
///
/// SplitMix64 (Steele, Lea and Flood, 2014; Vigna's reference C code): a
/// 64-bit counter, advanced by a fixed odd constant, run through a mixing
/// function. The constants are the published ones; a test checks the first
/// outputs against the reference implementation.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// The generator that `--random-start N` asks for.
    public init(start: UInt64) { state = start }

    /// A start value from the system's generator, when no `--random-start` is given.
    public init() { state = UInt64.random(in: .min ... .max) }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The editor's fields for the tutorial's "New" button: seven random letters,
/// capitalised, and a quantity from 1 to 9.
public func randomItemFields(using generator: inout SplitMix64) -> [String: String] {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let word = String((0..<7).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
    let quantity = Int.random(in: 1...9, using: &generator)
    return ["name": word.prefix(1).uppercased() + word.dropFirst(), "quantity": String(quantity)]
}
// [/docs:random]
