import RecordGenerator
import Testing

/// The affinity table of "Datatypes In SQLite" §3.1, and the Swift type each gets.
@Suite struct AffinityTests {
    @Test(arguments: [
        // Rule 1: contains "INT"
        ("INT", Affinity.integer), ("INTEGER", .integer), ("TINYINT", .integer), ("BIGINT", .integer),
        ("UNSIGNED BIG INT", .integer), ("INT8", .integer), ("FLOATING POINT", .integer), ("POINT", .integer),
        // Rule 2: CHAR, CLOB, TEXT
        ("CHARACTER(20)", .text), ("VARCHAR(255)", .text), ("NATIVE CHARACTER(70)", .text), ("TEXT", .text),
        ("CLOB", .text),
        // Rule 3: BLOB, or no type
        ("BLOB", .blob), ("", .blob),
        // Rule 4: REAL, FLOA, DOUB
        ("REAL", .real), ("DOUBLE", .real), ("DOUBLE PRECISION", .real), ("FLOAT", .real),
        // Rule 5: everything else
        ("NUMERIC", .numeric), ("DECIMAL(10,5)", .numeric), ("BOOLEAN", .numeric), ("DATE", .numeric),
        ("DATETIME", .numeric), ("STRING", .numeric),
    ])
    func sqliteDecidesByLookingForWords(declared: String, affinity: Affinity) {
        #expect(Affinity(declaredType: declared) == affinity)
    }

    @Test(arguments: [
        ("INTEGER", "Int64"), ("BIGINT", "Int64"), ("VARCHAR(80)", "String"), ("TEXT", "String"), ("BLOB", "Data"),
        ("REAL", "Double"), ("DOUBLE PRECISION", "Double"), ("BOOLEAN", "Bool"), ("bool", "Bool"), ("DATE", "String"),
        ("DATETIME", "String"), ("TIMESTAMP", "String"),
    ])
    func eachAffinityHasASwiftType(declared: String, swift: String) {
        let type = SwiftType(declaredType: declared)
        #expect(type.name == swift)
        #expect(type.read == .exact)
        #expect(type.note == nil)
    }

    @Test(arguments: [
        ("NUMERIC", "Double", SwiftType.Read.numeric), ("DECIMAL(10,2)", "Double", .numeric),
        ("MONEY", "Double", .numeric), ("", "DatabaseValue", .asIs), ("ANY", "DatabaseValue", .asIs),
    ])
    func aGuessComesWithANote(declared: String, swift: String, read: SwiftType.Read) {
        let type = SwiftType(declaredType: declared)
        #expect(type.name == swift)
        #expect(type.read == read)
        #expect(type.note != nil)
    }

    /// In a STRICT table the declared type is exact: no check, no note, and
    /// ANY (any value, kept as given) is DatabaseValue.
    @Test(arguments: [
        ("INT", "Int64"), ("INTEGER", "Int64"), ("REAL", "Double"), ("TEXT", "String"), ("BLOB", "Data"),
        ("ANY", "DatabaseValue"),
    ])
    func aStrictTablesTypesAreExact(declared: String, swift: String) {
        let type = SwiftType(declaredType: declared, strict: true)
        #expect(type.name == swift)
        #expect(type.read == .asIs)
        #expect(type.note == nil)
    }
}
