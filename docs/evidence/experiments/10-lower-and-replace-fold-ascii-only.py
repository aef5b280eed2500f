"""Claim (chapter 10): SQLite's `lower()` folds ASCII letters only, and `replace()` is case-sensitive:
`replace(name, 'ø', 'o')` leaves `Øresund` unchanged, and so does `lower()` (Ø stays Ø).
"""

import lab

db = lab.Connection(":memory:")
replaced = db.value("SELECT replace('Øresund', 'ø', 'o')")
lowered = db.value("SELECT lower('ØRESUND')")
both = db.value("SELECT replace(lower('Øresund'), 'ø', 'o')")
lab.check(replaced == "Øresund" and lowered == "Øresund" and both == "Øresund",
          f"replace: {replaced}, lower: {lowered}, both: {both}")
db.close()

lab.report(f"replace('Øresund', 'ø', 'o') = {replaced}; lower('ØRESUND') = {lowered}: Ø is not ASCII")
