import GRDB

// Exercise s11-orbit-write · write the code · chapter 11, "Orbits, all the way up: a recursive CTE"
//
// Table: body (id TEXT PRIMARY KEY, orbits TEXT): what each body goes round
// (NULL: nothing). Return the chain from `id` up: `id`, what it goes round,
// what that goes round… each id once. Bad data can hold a cycle (a goes round
// b, b round a): stop before an id already in the chain. Do it in one
// statement, a recursive CTE, not a query per level.

func orbitChain(_ db: Database, from id: String) throws -> [String] {
    // A query per level: correct, but as many statements as the chain is long.
    var chain = [id]
    while let next = try String.fetchOne(db, sql: "SELECT orbits FROM body WHERE id = ?", arguments: [chain.last]),
        !chain.contains(next)
    {
        chain.append(next)
    }
    return chain
}
