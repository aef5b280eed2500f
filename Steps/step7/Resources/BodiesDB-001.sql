/* The offline cache of solar bodies: one row per body that the Solar System
   OpenData API lists. Step 7 applies this file as its first migration.

   Column names are the API's field names in snake_case (englishName becomes
   english_name); the Swift record converts between the two. The example spells
   this table's density column `densitity`: docs/07-solar-bodies.md shows why
   that column would never be filled.

   Comments are C-style, not --: `--trace` prints each statement on one line,
   where a -- comment would seem to swallow the rest of the statement. */
CREATE TABLE solar_body (
    id             TEXT NOT NULL PRIMARY KEY, /* the API's own id, e.g. 'terre' */
    name           TEXT NOT NULL,             /* the French name, e.g. 'La Terre' */
    english_name   TEXT NOT NULL,
    body_type      TEXT NOT NULL,             /* 'Star', 'Planet', 'Dwarf Planet', 'Moon', 'Asteroid' */
    density        REAL,                      /* g/cm³; NULL when unknown */
    gravity        REAL,                      /* m/s² at the surface; NULL when unknown */
    discovered_by  TEXT,                      /* NULL when the API sends "" */
    discovery_date TEXT                       /* as the API writes it: 'dd/mm/yyyy' */
);

/* `list` and `search` read the bodies ordered by English name. */
CREATE INDEX solar_body_english_name ON solar_body (english_name);
