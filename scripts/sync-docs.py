#!/usr/bin/env python3
"""`make docs`: refresh the code excerpts in docs/*.md from the source files.

A chapter shows code with a marker line before a fenced block:

    <!-- code: Steps/step1/Step1.swift#open-database -->
    ```swift
    ...
    ```

and the source marks the region with `// [docs:open-database]` and
`// [/docs:open-database]` lines (without `#name`: the whole file). This script
rewrites each block from the source. The test DocsTests fails when a block and
its source differ, so after changing code either run this and review the diff,
or edit the chapter by hand.
"""
import pathlib, re, sys, textwrap

root = pathlib.Path(__file__).resolve().parent.parent
marker = re.compile(r'^<!-- code: (\S+?)(?:#(\S+))? -->$')

def excerpt(path, name):
    lines = (root / path).read_text().splitlines()
    if name is None:
        return "\n".join(lines)
    begin = [i for i, l in enumerate(lines) if l.strip() == f"// [docs:{name}]"]
    end = [i for i, l in enumerate(lines) if l.strip() == f"// [/docs:{name}]"]
    if len(begin) != 1 or len(end) != 1 or end[0] < begin[0]:
        sys.exit(f"{path}: need exactly one // [docs:{name}] ... // [/docs:{name}] pair")
    body = [l for l in lines[begin[0] + 1:end[0]] if not re.match(r'^\s*// \[/?docs:', l)]
    return textwrap.dedent("\n".join(body))

changed = 0
for chapter in sorted((root / "docs").glob("*.md")):
    lines = chapter.read_text().splitlines()
    out, i = [], 0
    while i < len(lines):
        out.append(lines[i])
        m = marker.match(lines[i].strip())
        if m and i + 1 < len(lines) and lines[i + 1].startswith("```"):
            out.append(lines[i + 1])
            j = i + 2
            while j < len(lines) and lines[j] != "```":
                j += 1
            out.extend(excerpt(m.group(1), m.group(2)).splitlines())
            i = j  # the closing fence is appended next
            continue
        i += 1
    text = "\n".join(out) + "\n"
    if text != chapter.read_text():
        chapter.write_text(text)
        changed += 1
        print(f"updated {chapter.relative_to(root)}")
print(f"{changed} chapter(s) updated; review with: git diff docs")
