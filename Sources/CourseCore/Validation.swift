import ArgumentParser

/// Refuses a blank name before the database is even opened, so bad input
/// never writes anything. ArgumentParser prints the message with the usage
/// line and exits with status 64 (a usage error).
public func requireName(_ name: String) throws {
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw ValidationError("The name must not be empty.")
    }
}
