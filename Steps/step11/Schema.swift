import GRDB

// [docs:schema]
/// Step 11's one new table: each body's document from the API, as JSON text,
/// and the fields the queries need, extracted from it by SQLite itself.
///
/// - `STRICT`: a value the column's type cannot hold (the text `'two'` in an
///   INTEGER column) is refused, not stored as it came; one it holds without
///   loss (`'2'`) is converted, as in any table.
/// - `CHECK (json_valid(document))`: only JSON gets in.
/// - `GENERATED ALWAYS AS (…)`: a column computed from the document, never
///   written. VIRTUAL (the default) computes it when read; an index on it
///   stores the values, so a lookup by it is a search.
/// - `revision`: 1 when a row is inserted, one more each time a sync changes
///   it; what `RETURNING` reads to tell an insert from an update.
/// - `orbits`: what the body goes round. The API leaves `aroundPlanet` null
///   for what goes round the Sun; the Sun itself orbits nothing here.
let bodySchema = """
    CREATE TABLE body (
        id             TEXT NOT NULL PRIMARY KEY,
        document       TEXT NOT NULL CHECK (json_valid(document)),
        revision       INTEGER NOT NULL DEFAULT 1,
        english_name   TEXT NOT NULL GENERATED ALWAYS AS (document ->> '$.englishName'),
        body_type      TEXT NOT NULL GENERATED ALWAYS AS (document ->> '$.bodyType'),
        mean_radius    REAL GENERATED ALWAYS AS (document ->> '$.meanRadius'),
        orbits         TEXT GENERATED ALWAYS AS (
                         coalesce(document ->> '$.aroundPlanet.planet',
                                  CASE WHEN document ->> '$.bodyType' <> 'Star' THEN 'soleil' END)),
        discovery_year INTEGER GENERATED ALWAYS AS (
                         CAST(nullif(substr(document ->> '$.discoveryDate', 7), '') AS INTEGER))
    ) STRICT;
    CREATE INDEX body_type_index ON body (body_type);
    CREATE INDEX body_orbits_index ON body (orbits);
    """
// [/docs:schema]

/// The columns, typed (GRDB's demo style). `document` is a `JSONColumn`:
/// `Columns.document["$.field"]` is SQL's `document ->> '$.field'`.
enum BodyColumns {
    static let id = Column("id")
    static let document = JSONColumn("document")
    static let revision = Column("revision")
    static let englishName = Column("english_name")
    static let bodyType = Column("body_type")
    static let meanRadius = Column("mean_radius")
    static let orbits = Column("orbits")
    static let discoveryYear = Column("discovery_year")
}
