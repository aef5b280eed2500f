"""Claim (chapter 5): `ALTER TABLE … ADD COLUMN` cannot add a `NOT NULL` column without a default; the
rows already there read NULL (or the default) in a column it adds.

The one thing that differs between the two ALTERs: the DEFAULT clause.
"""

import lab

c = lab.Connection(":memory:")
c.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO item (name) VALUES ('Cherry')")
refused = c.fails("ALTER TABLE item ADD COLUMN notes TEXT NOT NULL")
c.execute("ALTER TABLE item ADD COLUMN notes TEXT NOT NULL DEFAULT ''")
c.execute("ALTER TABLE item ADD COLUMN extra TEXT")
row = c.execute("SELECT quote(notes), quote(extra) FROM item")[0]
lab.check(refused.message == "Cannot add a NOT NULL column with default value NULL" and row == ["''", "NULL"],
          f"without DEFAULT: {refused}; with DEFAULT '' and a nullable column, the old row reads {row}")
lab.report(f"ADD COLUMN notes TEXT NOT NULL: \"{refused.message}\"; with DEFAULT '': accepted, the old row "
           f"reads ''; a nullable column reads NULL")
