#!/usr/bin/env python3
"""`make docs`: refresh the code excerpts and tour outputs in docs/*.md from the source and golden files.

A chapter shows code with a marker line right before a fenced block:

    <!-- code: Steps/step1/Players.swift#open -->
    ```swift
    ...
    ```

and the source marks the region with `// [docs:open]` and `// [/docs:open]`
lines (without `#name`: the whole file). This script rewrites each such block
from the source, and each `<!-- make TARGET -->` block from what
`make -s TARGET` prints. An `<!-- output: Tests/Golden/stepN.txt -->` block
shows consecutive lines of that golden file (DocsTests checks it): when the
tour's output changed (`make golden STEPS="3"`), the block is replaced by the
run of golden lines most like it (the same first and last lines, or as many
lines alike), and each block refreshed is named with the lines it changed. A
block like no part of its golden file is named too, and left for you to fix.

A measured figure in prose is quoted by name, `<!-- fig: NAME -->…<!-- /fig -->`, and
refreshed last by scripts/figures.py from the results it comes from (see there).

Every marker must be one of these three spellings and be followed at once by
a fence; anything else stops the script with the list of bad lines, and
nothing is written. Tests/CoreTests/DocsTests.swift applies the same rules and
fails when a block and its source differ: after changing code, run this and
review `git diff docs`, or edit the chapter by hand.
"""
import difflib, pathlib, re, subprocess, sys, textwrap

root = pathlib.Path(__file__).resolve().parent.parent
figure_marker = re.compile(r'<!-- (?:fig: \S+|/fig) -->')
markers = re.compile(r'^<!-- (?:(code): (\S+?)(?:#(\S+))?|(output): (\S+)|(make) (\S+)) -->$')
problems = []
refreshed = []  # output blocks replaced by their golden lines
unmatched = []  # output blocks like no part of their golden file: left as they are
skipped = []  # make blocks whose target failed (not built yet): left as they are


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


def golden_lines(place, path, block):
    """The run of lines of the golden file `path` most like `block` (itself when it is one),
    or None (named in `unmatched`) when no run is alike enough to replace it."""
    file = root / path
    if not file.is_file():
        problems.append(f"{place}: no file {path}")
        return None
    lines = file.read_text().splitlines()
    n = len(block)
    windows = [(i, i + n) for i in range(len(lines) - n + 1)] if n else []
    if any(lines[a:b] == block for a, b in windows):
        return block
    # The tour may have gained or lost lines inside the block: runs between a line equal to
    # its first and one equal to its last, up to twice its length.
    if n >= 2:
        firsts = [i for i, l in enumerate(lines) if l == block[0]]
        lasts = [j for j, l in enumerate(lines) if l == block[-1]]
        windows += [(i, j + 1) for i in firsts for j in lasts if 0 < j - i < 2 * n]
    # Most alike first; between runs as alike, the one with most lines in the block's places
    # (a block whose last line changed is as like the run one line higher).
    best, score = None, (0.0, 0)
    for a, b in windows:
        run = lines[a:b]
        key = (difflib.SequenceMatcher(None, block, run, autojunk=False).ratio(),
               sum(x == y for x, y in zip(block, run)))
        if key > score:
            best, score = run, key
    if best is None or score[0] < 0.5:  # half its lines alike, or more
        unmatched.append(f"{place}: this block is like no part of {path}: fix it by hand "
                         "(DocsTests shows the closest lines)")
        return None
    changed = sum(max(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in
                  difflib.SequenceMatcher(None, block, best, autojunk=False).get_opcodes() if tag != "equal")
    refreshed.append(f"{place}: output block refreshed from {path} ({changed} line(s) changed)")
    return best


def make_output(place, target):
    result = subprocess.run(["make", "-s", "--no-print-directory", target], cwd=root, capture_output=True, text=True)
    if result.returncode != 0:  # step10-diagram before step 10 is built, say: keep the block
        why = next((l for l in result.stderr.splitlines() if l.strip() and not l.startswith("make")), "no message")
        skipped.append(f"{place}: `make {target}` could not run ({why}): block left as it is "
                       "(DocsTests checks it once make test has built what it needs)")
        return None
    return result.stdout.splitlines()


updates = {}
for chapter in sorted((root / "docs").glob("*.md")):
    lines = chapter.read_text().splitlines()
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if "<!--" not in figure_marker.sub("", line):
            continue  # prose, or a figure quoted by name (refreshed by figures.py below)
        place = f"{chapter.relative_to(root)}:{len(out)}"  # the marker's line once written
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
        elif m.group(4):
            fresh = golden_lines(place, m.group(5), lines[i + 1:close])
        elif m.group(6):
            fresh = make_output(place, m.group(7))
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
# The measured figures the prose quotes by name, from the results they come from.
sys.path.insert(0, str(root / "scripts"))
import figures
figures_changed, figure_problems = figures.refresh()
for line in figure_problems:
    print(line, file=sys.stderr)
for name in figures_changed:
    print(f"updated {name} (figures)")
for line in refreshed + skipped + unmatched:
    print(line)
print(f"{len({str(c.relative_to(root)) for c in updates} | set(figures_changed))} document(s) updated; review with: git diff docs")
if unmatched:
    sys.exit(f"{len(unmatched)} output block(s) disagree with their golden file (above): fix them by hand.")
if figure_problems:
    sys.exit(f"{len(figure_problems)} figure marker(s) name no figure (above): see scripts/figures.py.")
