#!/usr/bin/env python3
"""`make docs`: refresh the code excerpts in docs/*.md from the source files.

A chapter shows code with a marker line right before a fenced block:

    <!-- code: Steps/step1/Players.swift#open -->
    ```swift
    ...
    ```

and the source marks the region with `// [docs:open]` and `// [/docs:open]`
lines (without `#name`: the whole file). This script rewrites each such block
from the source, and each `<!-- make TARGET -->` block from what
`make -s TARGET` prints. `<!-- output: Tests/Golden/stepN.txt -->` blocks are
left alone (the test only checks that their lines appear in the golden file).

Every marker must be one of these three spellings and be followed at once by
a fence; anything else stops the script with the list of bad lines, and
nothing is written. Tests/CoreTests/DocsTests.swift applies the same rules and
fails when a block and its source differ: after changing code, run this and
review `git diff docs`, or edit the chapter by hand.
"""
import pathlib, re, subprocess, sys, textwrap

root = pathlib.Path(__file__).resolve().parent.parent
markers = re.compile(r'^<!-- (?:(code): (\S+?)(?:#(\S+))?|(output): (\S+)|(make) (\S+)) -->$')
problems = []


def excerpt(place, path, name):
    file = root / path
    if not file.is_file():
        problems.append(f"{place}: no file {path}")
        return None
    lines = file.read_text().splitlines()
    if name is None:
        return lines
    begin = [i for i, l in enumerate(lines) if l.strip() == f"// [docs:{name}]"]
    end = [i for i, l in enumerate(lines) if l.strip() == f"// [/docs:{name}]"]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        problems.append(f"{place}: {path} needs exactly one // [docs:{name}] ... // [/docs:{name}] pair")
        return None
    body = [l for l in lines[begin[0] + 1:end[0]] if not re.match(r'^\s*// \[/?docs:', l)]
    return textwrap.dedent("\n".join(body)).splitlines()


def make_output(target):
    result = subprocess.run(["make", "-s", "--no-print-directory", target], cwd=root, capture_output=True, text=True)
    return result.stdout.splitlines()


updates = {}
for chapter in sorted((root / "docs").glob("*.md")):
    lines = chapter.read_text().splitlines()
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if "<!--" not in line:
            continue
        place = f"{chapter.relative_to(root)}:{i}"
        m = markers.match(line.strip())
        if not m:
            problems.append(f"{place}: `{line}` is not a marker (misspelled?): "
                            "<!-- code: FILE#region -->, <!-- output: FILE -->, <!-- make TARGET -->")
            continue
        if i >= len(lines) or not lines[i].startswith("```"):
            problems.append(f"{place}: the marker is not immediately followed by a fenced block (```)")
            continue
        close = next((j for j in range(i + 1, len(lines)) if lines[j] == "```"), None)
        if close is None:
            problems.append(f"{place}: the fenced block after the marker is never closed")
            continue
        fresh = None
        if m.group(1):
            fresh = excerpt(place, m.group(2), m.group(3))
        elif m.group(6):
            fresh = make_output(m.group(7))
        out.append(lines[i])  # the opening fence
        out.extend(fresh if fresh is not None else lines[i + 1:close])
        i = close  # the closing fence is appended next
    text = "\n".join(out) + "\n"
    if text != chapter.read_text():
        updates[chapter] = text

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(f"{len(problems)} problem(s) in docs/ markers: fix them, then run `make docs` again (nothing written).")
for chapter, text in updates.items():
    chapter.write_text(text)
    print(f"updated {chapter.relative_to(root)}")
print(f"{len(updates)} chapter(s) updated; review with: git diff docs")
