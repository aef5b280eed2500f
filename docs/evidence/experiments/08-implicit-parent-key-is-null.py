"""Claim (chapter 8's exercises): a foreign key written `REFERENCES team` alone has NULL in
PRAGMA foreign_key_list's `to` column (it means the parent's primary key), and NULL || text is NULL.

The one thing that differs between the two keys: whether the parent column is named.
"""

import lab

db = lab.Connection(":memory:")
db.execute("CREATE TABLE team (id INTEGER PRIMARY KEY);"
           "CREATE TABLE player (id INTEGER PRIMARY KEY, teamID INTEGER REFERENCES team, captainOf INTEGER REFERENCES team(id))")
keys = db.execute("SELECT \"from\", quote(\"to\"), quote('team.' || \"to\") FROM pragma_foreign_key_list('player')"
                  " ORDER BY \"from\"")
lab.check(keys == [["captainOf", "'id'", "'team.id'"], ["teamID", "NULL", "NULL"]], f"foreign_key_list: {keys}")

lab.report(f"foreign_key_list (from, to, 'team.' || to): {keys}")
