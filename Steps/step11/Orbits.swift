import CourseCore
import GRDB

/// One link of an orbit chain: a body, and how many steps it is from the start.
struct OrbitLink: Decodable, Equatable, FetchableRecord {
    var id: String
    var englishName: String?  // nil: the chain names a body the table does not hold
    var depth: Int
    var isCycle: Bool  // the chain came back to a body it had passed
}

// [docs:orbit-chain]
/// What `id` goes round, what that goes round, and so on up to the Sun.
///
/// A recursive CTE: the first SELECT gives the starting row, the second runs
/// again on the rows the last round produced, until a round produces none.
/// `path` lists the ids passed, `/`-separated: a round that would come back
/// to one of them marks the row as a cycle and goes no further, so bad data
/// (A goes round B, B round A) stops instead of looping forever.
let orbitChainSQL = """
    WITH RECURSIVE chain(id, depth, path, is_cycle) AS (
      SELECT id, 0, '/' || id || '/', 0 FROM body WHERE id = ?
      UNION ALL
      SELECT body.orbits, chain.depth + 1, chain.path || body.orbits || '/',
             instr(chain.path, '/' || body.orbits || '/') > 0
      FROM chain JOIN body ON body.id = chain.id
      WHERE body.orbits IS NOT NULL AND NOT chain.is_cycle
    )
    SELECT chain.id, body.english_name AS englishName, depth, is_cycle AS isCycle
    FROM chain LEFT JOIN body ON body.id = chain.id ORDER BY depth
    """

func orbitChain(_ db: Database, of id: String) throws -> [OrbitLink] {
    try OrbitLink.fetchAll(db, sql: orbitChainSQL, arguments: [id])
}
// [/docs:orbit-chain]

// [docs:orbit-chain-grdb]
/// The same query with GRDB's `CommonTableExpression`: the CTE is named,
/// its columns listed, its SQL given; `with(chain)` adds the `WITH RECURSIVE`
/// clause to a request built with the query interface.
///
///     WITH RECURSIVE chain(id, depth, path, is_cycle) AS (…)
///     SELECT * FROM chain ORDER BY depth
func orbitChainWithGRDB(_ db: Database, of id: String) throws -> [String] {
    let chain = CommonTableExpression(
        recursive: true, named: "chain", columns: ["id", "depth", "path", "is_cycle"],
        sql: """
            SELECT id, 0, '/' || id || '/', 0 FROM body WHERE id = ?
            UNION ALL
            SELECT body.orbits, chain.depth + 1, chain.path || body.orbits || '/',
                   instr(chain.path, '/' || body.orbits || '/') > 0
            FROM chain JOIN body ON body.id = chain.id
            WHERE body.orbits IS NOT NULL AND NOT chain.is_cycle
            """, arguments: [id])
    return try String.fetchAll(db, chain.all().select(Column("id")).order(Column("depth")).with(chain))
}
// [/docs:orbit-chain-grdb]

// [docs:satellites]
/// Every body that goes round `id`, directly or not (Jupiter: its moons;
/// the Sun: everything). Walking down, from a body to what orbits it, uses
/// the index on `orbits`. `UNION` (not `UNION ALL`) drops a row it has
/// produced before, so a cycle ends here too: a body comes back, is dropped,
/// and the round is empty.
let satellitesSQL = """
    WITH RECURSIVE below(id) AS (
      SELECT ?1
      UNION
      SELECT body.id FROM body JOIN below ON body.orbits = below.id
    )
    SELECT english_name FROM body WHERE id IN (SELECT id FROM below) AND id <> ?1
    ORDER BY english_name
    """

func satellites(_ db: Database, of id: String) throws -> [String] {
    try String.fetchAll(db, sql: satellitesSQL, arguments: [id])
}
// [/docs:satellites]

/// The body named `name` (its English name or its id, any case), or a clear refusal.
func findBody(_ db: Database, named name: String) throws -> String {
    // SELECT id FROM body WHERE english_name = ? COLLATE NOCASE OR id = ? COLLATE NOCASE
    let id = try String.fetchOne(
        db, sql: "SELECT id FROM body WHERE english_name = ?1 COLLATE NOCASE OR id = ?1 COLLATE NOCASE",
        arguments: [name])
    guard let id else {
        throw CourseError.input(
            "no body named \"\(name)\" in the documents",
            fix: #"an English name or an id, such as Phobos or terre: make step11 ARGS="orbit Phobos""#)
    }
    return id
}
