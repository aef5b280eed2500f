/* Every case the generator must get right, in one schema. The build plugin
   generates Fixtures.records.swift from this file for Step8Tests, so these
   records are compiled: a case that generated broken Swift would fail the
   build. Two columns (note.price, note.untyped) warn on purpose. */

/* Two foreign keys to one table: match.homeTeam and match.awayTeam. */
CREATE TABLE team (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

CREATE TABLE match (
  id           INTEGER PRIMARY KEY,
  home_team_id INTEGER NOT NULL REFERENCES team (id),
  away_team_id INTEGER NOT NULL REFERENCES team (id),
  played_on    DATE,                                        /* an optional date */
  created_at   DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP, /* a clock default */
  day          TEXT DEFAULT CURRENT_DATE
);

/* A composite primary key in a WITHOUT ROWID table: no rowid, no didInsert,
   and the key's columns are NOT NULL even where not declared so. */
CREATE TABLE membership (
  team_id INTEGER REFERENCES team (id),
  player  TEXT,
  since   INTEGER,
  PRIMARY KEY (team_id, player)
) WITHOUT ROWID;

/* A UNIQUE foreign key: a team has at most one captain (hasOne). */
CREATE TABLE captain (
  player  TEXT NOT NULL PRIMARY KEY,
  team_id INTEGER NOT NULL UNIQUE REFERENCES team (id)
);

/* Keywords as column names, literal defaults, a generated column, and two
   types the generator can only guess. No primary key at all. */
CREATE TABLE note (
  "default" TEXT NOT NULL DEFAULT '',
  "class"   TEXT DEFAULT 'it''s',
  count     INTEGER NOT NULL DEFAULT 0,
  ratio     REAL DEFAULT -1.5,
  flag      BOOLEAN NOT NULL DEFAULT 1,
  price     DECIMAL(10, 2),
  untyped,
  doubled   INTEGER GENERATED ALWAYS AS (count * 2) VIRTUAL
);

/* A table whose type would hide GRDB's `Row`. */
CREATE TABLE "row" (
  id    INTEGER PRIMARY KEY,
  value TEXT
);

/* A STRICT table (SQLite 3.37+): each column's type is INT, INTEGER, REAL,
   TEXT or BLOB, and SQLite refuses a value that type cannot hold
   (SQLITE_CONSTRAINT_DATATYPE), so every row holds what the generated
   Swift types say. StrictTableTests creates it with and without STRICT. */
CREATE TABLE reading (
  id     INTEGER PRIMARY KEY,
  sensor TEXT NOT NULL,
  count  INTEGER NOT NULL DEFAULT 0,
  value  REAL,
  raw    BLOB
) STRICT;

/* A STRICT table's ANY column keeps any value as it was given: DatabaseValue,
   the one Swift type that holds them all (CheckedReadTests). */
CREATE TABLE anything (
  id    INTEGER PRIMARY KEY,
  value ANY
) STRICT;
