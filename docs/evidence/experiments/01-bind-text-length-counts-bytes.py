"""Claim (chapter 1): the length given to sqlite3_bind_text counts bytes, not characters; -1 lets SQLite
count them, up to the first zero byte.

The one thing that differs between the three binds of "Zoë" (3 characters, 4 bytes in UTF-8): the length.
"""

import os
import lab

TEXT = "Zoë".encode()

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "names.sqlite"))
    stored = {}
    for length in (3, 4, -1):
        statement = db.prepare("SELECT ?")
        statement.bind_text(1, TEXT, length)
        statement.step()
        stored[length] = statement.column_text(0)
        statement.finalize()
    lab.check(stored[3] == TEXT[:3] and stored[4] == TEXT and stored[-1] == TEXT, f"stored {stored}")

lab.report(f"\"Zoë\" is {len('Zoë')} characters, {len(TEXT)} bytes: bound with length 3 → {stored[3]!r} "
           f"(cut inside the ë), 4 → {stored[4].decode()!r}, -1 → {stored[-1].decode()!r}")
