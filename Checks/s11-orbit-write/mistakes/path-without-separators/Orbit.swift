import GRDB

// Exercise s11-orbit-write · write the code · chapter 11, "Orbits, all the way up: a recursive CTE"
//
// Table: body (id TEXT PRIMARY KEY, orbits TEXT): what each body goes round
// (NULL: nothing). Return the chain from `id` up: `id`, what it goes round,
// what that goes round… each id once. Bad data can hold a cycle (a goes round
// b, b round a): stop before an id already in the chain. Do it in one
// statement, a recursive CTE, not a query per level.

func orbitChain(_ db: Database, from id: String) throws -> [String] {
    try String.fetchAll(
        db,
        sql: """
            WITH RECURSIVE chain(id, depth, path) AS (
              SELECT ?1, 0, ?1
              UNION ALL
              SELECT body.orbits, chain.depth + 1, chain.path || body.orbits
              FROM chain JOIN body ON body.id = chain.id
              WHERE body.orbits IS NOT NULL AND instr(chain.path, body.orbits) = 0
            )
            SELECT id FROM chain ORDER BY depth
            """, arguments: [id])
}
