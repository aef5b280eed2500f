#!/usr/bin/env python3
"""Prints the extended result codes of SQLite's header as the Swift lines of
Sources/CourseCore/ResultCodes.swift's table (between its `generated` markers):
    python3 scripts/result-codes.py [/usr/include/sqlite3.h]
Run it when the linked SQLite changes, and paste its output over the block."""
import re
import sys

header = sys.argv[1] if len(sys.argv) > 1 else "/usr/include/sqlite3.h"
text = open(header, encoding="utf-8").read()
primary = {name: int(value) for name, value in re.findall(r"^#define (SQLITE_[A-Z]+) +(\d+)\b", text, re.M)}
pattern = r"^#define (SQLITE_[A-Z_]+) +\((SQLITE_[A-Z]+) *\| *\((\d+)<<8\)\)"
for name, base, shift in re.findall(pattern, text, re.M):
    print(f'        {primary[base]} | ({shift} << 8): "{name}",')
