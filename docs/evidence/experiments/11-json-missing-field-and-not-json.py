"""Claim (chapter 11): `->>` gives a field's SQL value and NULL for a missing field; `->` gives JSON; a
document that is not JSON fails with "malformed JSON" as soon as a generated column reads it with `->>`,
and a table without such a column has its CHECK (json_valid(…)) refuse it.

Two tables differ in one thing: `with_column` has a generated column read with `->>`, `checked_only` has
only the CHECK. The same non-JSON text goes into each.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "json.sqlite"))
    document = """'{"name": "Himalia", "radius": 85.0, "around": {"planet": "jupiter"}}'"""
    values = db.execute(f"""SELECT {document} ->> '$.around.planet', {document} -> '$.around',
                            typeof({document} ->> '$.radius'), {document} ->> '$.density' IS NULL""")
    lab.check(values == [["jupiter", '{"planet":"jupiter"}', "real", "1"]], f"read: {values}")
    db.execute("""CREATE TABLE with_column (document TEXT NOT NULL CHECK (json_valid(document)),
                  name TEXT GENERATED ALWAYS AS (document ->> '$.name')) STRICT;
                  CREATE TABLE checked_only (document TEXT NOT NULL CHECK (json_valid(document))) STRICT""")
    generated = db.fails("""INSERT INTO with_column (document) VALUES ('{"name": ')""")
    lab.check(generated.message == "malformed JSON", f"with the generated column: {generated}")
    check = db.fails("""INSERT INTO checked_only (document) VALUES ('{"name": ')""")
    lab.check(check.code == 275, f"with the CHECK only: {check}")
    db.close()

lab.report(f"->> '$.around.planet' = {values[0][0]}, -> '$.around' = {values[0][1]}, radius is "
           f"{values[0][2]}, a missing field is NULL; not JSON: with a ->> column \"{generated.message}\", "
           f"with the CHECK only {check.code} {check.name}")
