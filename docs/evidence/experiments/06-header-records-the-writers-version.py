"""Claim (chapter 6): a database file's header records which SQLite version last wrote it (bytes 96–99), so
two files with the same content can differ in their bytes: compare content, not bytes.

The one thing that differs between the two copies: the version number in their header (set by hand here, as
another library would have written it).
"""

import os
import shutil
import lab

with lab.scratch() as folder:
    path = os.path.join(folder, "catalog.sqlite")
    db = lab.Connection(path)
    db.execute("CREATE TABLE product (name TEXT); INSERT INTO product VALUES ('Chai')")
    db.close()
    with open(path, "rb") as file:
        header = file.read(100)
    written_by = int.from_bytes(header[96:100], "big")
    major, minor, patch = written_by // 1_000_000, written_by // 1000 % 1000, written_by % 1000
    lab.check(f"{major}.{minor}.{patch}" == lab.VERSION, f"header says {written_by}, library {lab.VERSION}")

    other = os.path.join(folder, "other.sqlite")
    shutil.copy(path, other)
    with open(other, "r+b") as file:
        file.seek(96)
        file.write((3039004).to_bytes(4, "big"))  # as if SQLite 3.39.4 had written it last
    same_bytes = open(path, "rb").read() == open(other, "rb").read()
    content = lab.Connection(other).execute("SELECT name FROM product")
    lab.check(not same_bytes and content == [["Chai"]], f"same bytes {same_bytes}, content {content}")

lab.report(f"bytes 96–99 of the header: {written_by} (SQLite {lab.VERSION} wrote it); a copy whose header "
           f"names 3.39.4 differs in its bytes and holds the same rows: {content}")
