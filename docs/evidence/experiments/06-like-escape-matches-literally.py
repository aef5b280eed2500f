"""Claim (chapter 6): `LIKE ? ESCAPE '\\'` matches the user's text literally once the code has put a `\\` before
each `\\`, `%` and `_` of it; left as typed, `%` and `_` are wildcards. And LIKE ignores the case of ASCII
letters only, where instr() matches case exactly.

The one thing that differs between the searches: whether the text was escaped first.
"""

import os
import lab


def escaped(text):
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "catalog.sqlite"))
    db.execute("CREATE TABLE Products (ProductName TEXT);"
               "INSERT INTO Products VALUES ('50% Off'), ('500 Offcuts'), ('A_B Mix'), ('AxB Mix'), ('C:\\new');"
               "INSERT INTO Products VALUES ('Äpfel')")

    def search(pattern):
        statement = pattern.replace("'", "''")
        return [row[0] for row in db.execute(
            f"SELECT ProductName FROM Products WHERE ProductName LIKE '%' || '{statement}' || '%' ESCAPE '\\'"
            " ORDER BY rowid")]

    raw = {text: search(text) for text in ("50%", "a_b")}
    literal = {text: search(escaped(text)) for text in ("50%", "a_b", "c:\\n")}
    lab.check(raw == {"50%": ["50% Off", "500 Offcuts"], "a_b": ["A_B Mix", "AxB Mix"]}, f"as typed: {raw}")
    lab.check(literal == {"50%": ["50% Off"], "a_b": ["A_B Mix"], "c:\\n": ["C:\\new"]}, f"escaped: {literal}")
    cases = db.execute("SELECT 'Chai' LIKE 'chai', 'Äpfel' LIKE 'äpfel', instr('Chai', 'chai')")
    lab.check(cases == [["1", "0", "0"]], f"LIKE and instr on case: {cases}")

lab.report(f"as typed: {raw}; escaped first: {literal}; 'Chai' LIKE 'chai', 'Äpfel' LIKE 'äpfel', "
           f"instr('Chai', 'chai'): {cases[0]}")
