"""Claim (chapter 6, s6-literal-like's check): with ESCAPE '!', an unescaped ! in the text escapes the
character after it, which then matches itself: "s!c" looks for "sc", so 'Yes!Cola' is not found until
the ! is escaped too ("s!!c").

One name, one LIKE … ESCAPE '!'; the one thing that changes is the pattern.
"""

import os
import lab

with lab.scratch() as folder:
    db = lab.Connection(os.path.join(folder, "escape.sqlite"))

    def like(pattern, name="Yes!Cola"):
        return db.value(f"SELECT '{name}' LIKE '{pattern}' ESCAPE '!'")

    unescaped = like("%s!c%")
    lab.check(unescaped == "0", f"'Yes!Cola' LIKE '%s!c%' ESCAPE '!': {unescaped}")
    finds_sc = like("%s!c%", "Disco")
    lab.check(finds_sc == "1", f"'Disco' LIKE '%s!c%' ESCAPE '!': {finds_sc}")
    escaped = like("%s!!c%")
    lab.check(escaped == "1", f"'Yes!Cola' LIKE '%s!!c%' ESCAPE '!': {escaped}")
    db.close()

lab.report(f"'Yes!Cola' LIKE '%s!c%': {unescaped}; 'Disco' LIKE '%s!c%': {finds_sc}; "
           f"'Yes!Cola' LIKE '%s!!c%': {escaped}")
