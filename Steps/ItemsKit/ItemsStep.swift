import GRDB

/// What a step plugs into ItemsKit's subcommands.
public protocol ItemsStep {
    associatedtype Item: ItemRecord
    /// "step4": the default database is db/step4.sqlite.
    static var stepName: String { get }
    /// The step's migrations.
    static var migrator: DatabaseMigrator { get }
}
