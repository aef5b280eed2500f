import GRDB

// Exercise s11-orbit-write · write the code · chapter 11, "Orbits, all the way up: a recursive CTE"
//
// Table: body (id TEXT PRIMARY KEY, orbits TEXT): what each body goes round
// (NULL: nothing). Return the chain from `id` up: `id`, what it goes round,
// what that goes round… each id once. Bad data can hold a cycle (a goes round
// b, b round a): stop before an id already in the chain. Do it in one
// statement, a recursive CTE, not a query per level.

func orbitChain(_ db: Database, from id: String) throws -> [String] {
    let chain = CommonTableExpression(
        recursive: true, named: "chain", columns: ["id", "depth", "path"],
        sql: """
            SELECT ?, 0, '/' || ? || '/'
            UNION ALL
            SELECT body.orbits, chain.depth + 1, chain.path || body.orbits || '/'
            FROM chain JOIN body ON body.id = chain.id
            WHERE body.orbits IS NOT NULL AND instr(chain.path, '/' || body.orbits || '/') = 0
            """, arguments: [id, id])
    return try String.fetchAll(db, chain.all().select(Column("id")).order(Column("depth")).with(chain))
}
