// [docs:meaning]
/// What the schema cannot say. The generated `Product` holds `Discontinued`
/// as SQLite stores it, the text '0' or '1'; its meaning lives here, in an
/// extension the generator never touches.
extension Product {
    var isDiscontinued: Bool { discontinued == "1" }
}
// [/docs:meaning]
