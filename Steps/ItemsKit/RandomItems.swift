// [docs:random]
/// A random number generator that can be seeded. Swift's default generator
/// cannot, and a tour or a test needs the same "random" items every run.
/// SplitMix64: a 64-bit counter run through a mixing function.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A seed from the system's generator, when no `--seed` is given.
    public init() { state = UInt64.random(in: .min ... .max) }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_CE4E_5B9B
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The editor's fields for the seed's "New" button: seven random letters,
/// capitalised, and a quantity from 1 to 9.
public func randomItemFields(using generator: inout SplitMix64) -> [String: String] {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let word = String((0..<7).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
    let quantity = Int.random(in: 1...9, using: &generator)
    return ["name": word.prefix(1).uppercased() + word.dropFirst(), "quantity": String(quantity)]
}
// [/docs:random]
