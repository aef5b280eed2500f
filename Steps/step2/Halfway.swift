/// A write that fails halfway, on purpose: the tour throws it after an INSERT.
struct Halfway: Error, CustomStringConvertible {
    var description: String { "stopped halfway on purpose" }
}
