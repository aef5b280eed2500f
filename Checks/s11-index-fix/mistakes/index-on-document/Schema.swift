// Exercise s11-index-fix · fix the code · chapter 11, "A generated column, and the index that makes it a search"
//
// Each body is a JSON document: {"name": "Titan", "bodyType": "Moon", …}.
// The app finds the moons with moonsQuery. It works, but SQLite reads every
// row and parses every document to answer it (EXPLAIN QUERY PLAN: SCAN body).
// Make the lookup a search through an index, with the same rows.

let schema = """
    CREATE TABLE body (
      id        TEXT NOT NULL PRIMARY KEY,
      document  TEXT NOT NULL,
      body_type TEXT GENERATED ALWAYS AS (document ->> '$.bodyType')
    ) STRICT;
    CREATE INDEX body_document ON body (document);
    """

let moonsQuery = "SELECT id FROM body WHERE document ->> '$.bodyType' = 'Moon' ORDER BY id"
