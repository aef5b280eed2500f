#!/usr/bin/env python3
"""The measured figures the book quotes, each computed from the results it describes (issue 41).

A chapter never types a measured figure. It quotes one by name, between two markers:

    the scan took <!-- fig: fts-scan-100k -->30.0 ms<!-- /fig --> at 100,000 rows

and `make docs` (scripts/sync-docs.py) rewrites the text between them from FIGURES below; a whole table
is quoted the same way, the markers on lines of their own. DocsTests runs `figures.py --check`, which
fails when a quoted text differs from what its results give now, when a marker names no figure, and
when a chapter's prose holds a figure of a measured kind (a time, a ratio, a percentage, "tenfold")
outside the markers that is not one of the bounds and constants listed in NOT_MEASURED.

    python3 scripts/figures.py --check        # what DocsTests runs: exit 1 with each problem
    python3 scripts/figures.py --list         # every figure's name and its value now

Where the figures come from:
- `Benchmarks/results/*.json`: the full `make bench` runs kept (chapter 12, "The figures on this
  machine"); the chapter's tables are the newest of them, and a claim's "smallest figure seen" is
  the smallest over all of them;
- `docs/measurements.md`: the lines the project's scripts record (scripts/record-measurement.py),
  and the dated section of figures taken by hand.
A figure whose results are not kept has no name here, and the sentence that quoted it lost it.
"""
import json
import pathlib
import re
import statistics
import subprocess
import sys

from benchformat import net, net_seconds, ratio, seconds

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNS = sorted((ROOT / "Benchmarks" / "results").glob("*.json"))
MEASUREMENTS = ROOT / "docs" / "measurements.md"
# Every page a reader reads, but the results store itself (docs/measurements.md).
DOCUMENTS = [path for path in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
             if path.is_file() and path.name != "measurements.md"]
MARKED = re.compile(r"<!-- fig: ([a-z0-9-]+) -->(.*?)<!-- /fig -->", re.S)  # a name in lower case: NAME is an example


# MARK: - Reading the results

def run(number):
    """A kept run: 1 is the oldest; 0 the newest, whose tables the chapter shows."""
    return json.loads(RUNS[number - 1 if number else -1].read_text(encoding="utf-8"))


def result(name, number=0):
    matches = [r for r in run(number)["results"] if r["name"] == name]
    if len(matches) != 1:
        raise KeyError(f"{RUNS[number - 1 if number else -1].name} has {len(matches)} results named {name!r}")
    return matches[0]


def every_run(name):
    return [result(name, n) for n in range(1, len(RUNS) + 1)]


def measurement(section, pattern, whole=False):
    """The first group of `pattern` in the newest line of a section of docs/measurements.md that has it
    (with `whole`, the match itself, for several groups)."""
    text = MEASUREMENTS.read_text(encoding="utf-8")
    start = text.index(f"\n{section}\n")
    body = re.split(r"\n#{2,3} ", text[start + 1:])[0]
    for line in body.splitlines():
        found = re.search(pattern, line)
        if found:
            return found if whole else found.group(1)
    raise KeyError(f"docs/measurements.md, {section}: no line matches {pattern!r}")


# MARK: - How a figure reads

def times(value):
    return f"{ratio(value)}×"


def span(values, unit=times):
    """The smallest and the largest: "0.57–0.83×", "4.9–5.9 s"."""
    low, high = unit(min(values)), unit(max(values))
    if low == high:
        return low
    number, suffix = re.fullmatch(r"([\d.,]+)(.*)", low).groups()
    return f"{number if high.endswith(suffix) else low}–{high}"


def in_runs(values, unit=times):
    """One figure per kept run, oldest first: "214×, 144× and 93×"."""
    texts = [unit(v) for v in values]
    return ", ".join(texts[:-1]) + " and " + texts[-1] if len(texts) > 1 else texts[0]


def smallest_margin(number):
    bounded = [r for r in run(number)["results"] if r.get("claimDirection") != "exactly"]
    return min(bounded, key=lambda r: r["margin"])


def bench_tables():
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "bench-table.py"), str(RUNS[-1])],
                          check=True, capture_output=True, text=True).stdout.strip("\n")


# MARK: - The figures

FIGURES = {}  # name → a function that computes the figure's text now


AUTOCOMMIT_DELETE_FULL = "1000 autocommit inserts (DELETE journal, synchronous FULL)"
AUTOCOMMIT_DELETE_NORMAL = "1000 autocommit inserts (DELETE journal, synchronous NORMAL)"
AUTOCOMMIT_WAL_FULL = "1000 autocommit inserts (WAL journal, synchronous FULL)"
AUTOCOMMIT_WAL_NORMAL = "1000 autocommit inserts (WAL journal, synchronous NORMAL)"
GRDB_INSERTS = [f"20000 inserts: GRDB {way}" for way in (
    "cached statement", "execute(sql:arguments:)", "record insert, hand-written encode(to:)", "record insert, Codable")]
GRDB_FETCHES = [f"fetch 200000 rows: GRDB {way}" for way in (
    "Row.fetchAll, then values by index", "init(row:) by column index", "init(row:) by column name", "Codable record")]
SIZES = ("1,000", "10,000", "100,000")
FTS_NET = "20 FTS5 searches of 100000 names, net of a trivial statement"
POOL = "DatabasePool, 4 readers while a writer commits"
WRITERS = "4 processes writing: BEGIN IMMEDIATE and a busy timeout"


def scale(command, size, unit):
    return f"{command} · {size} {unit}"


def scale_net(command, unit, size):
    return net(result(scale(command, size, unit)))


def scale_claims(words):
    """The scale results whose claim says `words` ("stays interactive", "over 25 ms")."""
    return [r["name"] for r in run(0)["results"] if r["section"] == "Scale" and words in r["claim"]]


def note(name, pattern, number=0):
    for text in result(name, number)["notes"]:
        found = re.search(pattern, text)
        if found:
            return found.group(1)
    raise KeyError(f"no note of {name!r} matches {pattern!r}")


def fts_scan(size):
    return f"20 searches of {size} names, scanned"


def sync_split():
    m = measurement("## step 7 sync", r"median \(range\): decode ([\d.]+) s \(([\d.–]+)\), write ([\d.]+) s "
                    r"\(([\d.–]+)\), total .*? wall ([\d.]+) s \(([\d.–]+)\)", whole=True)
    return (f"decoding {m[1]} s, writing {m[3]} s of processor time, {m[5]} s from start to end (medians of 5 runs; "
            f"ranges {m[2]} s, {m[4]} s and {m[6]} s)")


TAKEN_BY_HAND_SYNC = "### Step 7's first sync of 100,000 bodies, before and after (issue 30, 161c76a, 2026-11-25)"
STEP8_BUILD = "### Step 8's build cost, cited by chapter 8"


def step8_row(label):
    """The three runs of a row of step 8's build table, in seconds."""
    cells = measurement(STEP8_BUILD, rf"^\| {re.escape(label)} \|(.*)\|$").split("|")
    return [float(re.search(r"[\d.]+", c).group(0)) for c in cells if re.search(r"\d", c)]


def fts_table():
    """Chapter 10's table: the scan and the index at each size, and their size on disk."""
    rows = ["| rows | scan (steps 6, 7) | FTS5 (step 10) | ratio | table on disk | FTS5 index on disk |",
            "| --- | --- | --- | --- | --- | --- |"]
    for size in (1000, 10000, 100000):
        r = result(fts_scan(size))
        disk = re.search(r"the table (\d+) KiB, the FTS5 index (\d+) KiB", note(fts_scan(size), r"on disk: (.+)"))
        rows.append(f"| {size:,} | {seconds(r['seconds'])} | {seconds(r['baselineSeconds'])} | {times(r['ratio'])} "
                    f"| {int(disk[1]):,} KiB | {int(disk[2]):,} KiB |")
    return "\n".join(rows)


# MARK: Chapter 12, "Claims and their bounds"

# Each row of the table: what is claimed, the bound it had before the runs that set today's (history,
# not a measurement), the results it covers (several: "a / b"), and why the bound is what it is. A
# result's figure is what its claim bounds: a ratio, a net time (per search for FTS5), or a count.
CLAIM_ROWS = [
    ("one transaction against autocommit, DELETE journal, FULL / NORMAL", "≥ 100×",
     [AUTOCOMMIT_DELETE_FULL, AUTOCOMMIT_DELETE_NORMAL],
     "each autocommit INSERT is a whole commit (journal file written and deleted); the sync on top is the disk's"),
    ("the same, WAL journal, FULL", "≥ 100×", [AUTOCOMMIT_WAL_FULL],
     "a commit per row (as NORMAL); the one sync per commit on top is priced by the disk, from nothing to "
     "milliseconds"),
    ("the same, WAL journal, NORMAL", "≥ 10×", [AUTOCOMMIT_WAL_NORMAL],
     "no sync at all: what is left is each commit's own work (locks, the changed pages appended to the `-wal`)"),
    ("reusing a prepared statement, inserts", "≥ 2×", ["20000 inserts, each prepared, run and finalized"],
     "compiling is skipped; an insert's B-tree work stays"),
    ("reusing a prepared statement, lookups", "≥ 3×", ["20000 lookups by id, each prepared, run and finalized"],
     "the lookup's own work is smaller, so compiling is a larger share"),
    ("index against scan, 200,000 rows", "≥ 100×", ["300 lookups by email in 200000 rows, full scan"],
     "log n pages against n rows"),
    ("one read transaction against one per lookup", "≥ 5×",
     ["10000 lookups by id, one transaction each (DELETE journal)"],
     "one lock, and one look at whether the file changed, instead of one per lookup"),
    ("GRDB inserts: cached statement / `execute` / record / Codable record, against the C API",
     "≤ 4× / 20× / 15× / 15×", GRDB_INSERTS, "GRDB's layers add work per row; these bound how much"),
    ("GRDB fetches: `Row` / `init(row:)` by index / by name / Codable, against the C API",
     "≤ 6× / 2.5× / 4× / 12×", GRDB_FETCHES, "the same, reading"),
    ("a command \"stays interactive\" (net time; the one nearest the bound)", "< 50 ms", "stays interactive",
     "100 ms, the classic limit for an answer that feels immediate"),
    ("a command's work \"grows with the rows\" (net time; the one nearest the bound)", "> 50 ms", "over 25 ms",
     "a scan, a sort or a sync of every row, at the sizes where the chapter says so"),
    ("step 4's list with the index, 10,000 / 100,000 items (net time)", "< 100 ms / 1 s",
     [scale("step 4 list --order asc (with an index)", size, "items") for size in SIZES[1:]],
     "no sort: a walk of the index, linear in the rows"),
    ("step 4's list, without the index against with it, 100,000 items", "≥ 1.5×",
     ["step 4 list --order asc · 100,000 items, sorted by the collation"],
     "the index saves the sort, not the reading and printing"),
    ("`DatabasePool` against `DatabaseQueue`, GRDB's defaults, 4 readers while a writer commits (section 7)",
     "≤ 1×", [POOL],
     "the pool's readers wait neither for its writer nor for a sync (the queue syncs each commit); how far "
     "ahead it ends follows the disk and the cores, reported only"),
    ("4 processes writing with `BEGIN IMMEDIATE` and a busy timeout: busy errors (section 7)",
     "time ≤ 10× `--deferred`'s, and 0 busy errors", [WRITERS],
     "a correctness claim: every transaction asks for the write lock before it reads, where the busy timeout "
     "can wait; the time is reported, not claimed"),
    ("FTS5 against the scan, 1,000 / 10,000 / 100,000 rows (section 8)", "≥ 1× / 5× / 20×",
     [fts_scan(size) for size in (1000, 10000, 100000)],
     "the index's fixed cost (query, `bm25`, snippets) against reading every name; the scan is linear in the "
     "rows, the index's work in the rows found"),
    ("one FTS5 search at 100,000 rows (net of `SELECT ?`)", "< 5 ms", [FTS_NET],
     "a search box that answers as you type; issue 20's target"),
    ("the generated column's index against `json_extract`, 1,000 / 10,000 / 100,000 bodies (section 9)",
     "≥ 5× / 20× / 20× (set from debug runs)",
     [f"20 lookups of a type in {size} documents, json_extract scanning" for size in (1000, 10000, 100000)],
     "an index search against the field read from every document; counted: 0 full-scan steps against every "
     "row but the first, per lookup"),
    ("a window function against the per-type loop, the same sizes", "≤ 8× (set from debug runs)",
     [f"ranking {size} bodies with RANK() OVER (PARTITION BY body_type …)" for size in (1000, 10000, 100000)],
     "one statement against one per type (counted); both read every body"),
    ("a recursive CTE against a query per level, the same sizes", "≤ 2× (set from debug runs)",
     [f"200 orbit chains in {size} bodies, one recursive CTE each" for size in (1000, 10000, 100000)],
     "one statement per chain against one per level (counted)"),
]
# A claim on the net time of several runs of one thing, and how many: the table gives one run's.
PER_RUN = {FTS_NET: 20}


def claimed(r):
    """The figure a result's claim bounds, as the table writes it."""
    direction = r["claimDirection"]
    if direction == "exactly":
        return f"{r['count']} busy errors"
    if direction.startswith("net"):
        return seconds(net_seconds(r) / PER_RUN.get(r["name"], 1))
    return times(r["ratio"])


def bound(r):
    """A bound as the code states it: 10×, 1.5×, 100 ms, 2 s."""
    direction, value = r["claimDirection"], r["claimBound"]
    if direction == "exactly":
        return f"exactly {value}"
    if direction.startswith("net"):
        value /= PER_RUN.get(r["name"], 1)
        text = f"{value:g} s" if value >= 1 else f"{value * 1000:g} ms"
        return ("< " if direction == "netUnder" else "> ") + text
    return ("≥ " if direction == "atLeast" else "≤ ") + f"{value:g}×"


def claims_table():
    rows = ["| claim | bound was | bound now | nearest its bound | its margin | why this bound |",
            "| --- | ---: | ---: | ---: | ---: | --- |"]
    for claim, was, names, why in CLAIM_ROWS:
        if isinstance(names, str):  # one cell for every scale claim with these words: the nearest
            candidates = [r for name in scale_claims(names) for r in every_run(name)]
            nearest = [min(candidates, key=lambda r: r["margin"])]
            bounds = [bound(nearest[0])]
        else:
            nearest = [min(every_run(name), key=lambda r: r["margin"]) for name in names]
            bounds = [bound(result(name)) for name in names]
            if len(set(bounds)) == 1:
                bounds = bounds[:1]
            else:
                first = bounds[0][:2]
                bounds = [bounds[0]] + [b.removeprefix(first) for b in bounds[1:]]
        figures = " / ".join(claimed(r) for r in nearest)
        if isinstance(names, str):
            figures += f" ({nearest[0]['name']})"
        exact = nearest[0]["claimDirection"] == "exactly"
        margins = "exact" if exact else " / ".join(times(r["margin"]) for r in nearest)
        rows.append(f"| {claim} | {was} | {' / '.join(bounds)} | {figures} | {margins} | {why} |")
    return "\n".join(rows)


def claims_held():
    held = [sum(r["holds"] for r in run(n)["results"]) for n in range(1, len(RUNS) + 1)]
    total = len(run(0)["results"])
    return f"all {total}" if set(held) == {total} else in_runs(held, unit=str) + f" of {total}"


FIGURES.update({
    # Chapter 12, "Claims and their bounds" and "The figures on this machine".
    "runs-kept": lambda: {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}.get(len(RUNS), str(len(RUNS))),
    "claims-table": claims_table,
    "claims-held-each-run": claims_held,
    "wal-full-ratio-each-run": lambda: in_runs([r["ratio"] for r in every_run(AUTOCOMMIT_WAL_FULL)]),
    "wal-full-runs-under-100": lambda: str(sum(r["ratio"] < 100 for r in every_run(AUTOCOMMIT_WAL_FULL))),
    "smallest-margin-each-run": lambda: in_runs([smallest_margin(n)["margin"] for n in range(1, len(RUNS) + 1)]),
    "smallest-margin-each-run-named": lambda: in_runs(
        [f"{times(smallest_margin(n)['margin'])} ({smallest_margin(n)['name']})" for n in range(1, len(RUNS) + 1)],
        unit=str),
    "disk-sync-delete": lambda: note(AUTOCOMMIT_DELETE_NORMAL, r"sync costs about (.+?) per commit"),
    "disk-sync-wal": lambda: note(AUTOCOMMIT_WAL_NORMAL, r"sync costs about (.+?) per commit"),
    "bench-tables": bench_tables,
    "grdb-cached-each-run": lambda: in_runs(
        [f"{seconds(r['seconds'])} against {seconds(r['baselineSeconds'])} ({times(r['ratio'])})"
         for r in every_run(GRDB_INSERTS[0])], unit=str),
    # How long things took that no results file keeps, from docs/measurements.md.
    "bench-first-build": lambda: measurement("### The benchmark (2026-11-23, load 3–12)",
                                             r"GRDB in release for the benchmark's package (\d+ min \d+ s)"),
    "ordo-build-cpu": lambda: measurement("### The benchmark (2026-11-23, load 3–12)", r"(\d+ min \d+ s) of CPU"),
    "ordo-build-wall": lambda: measurement("### The benchmark (2026-11-23, load 3–12)", r"(\d+ min \d+ s) wall"),
    # Chapter 7, "A first sync of 100,000 bodies".
    "sync-before": lambda: measurement(TAKEN_BY_HAND_SYNC, r"Before the change: ([\d.]+ s)"),
    "profile-decode": lambda: measurement(TAKEN_BY_HAND_SYNC, r"decoding the JSON (\d+%)"),
    "profile-write": lambda: measurement(TAKEN_BY_HAND_SYNC, r"writing the rows (\d+%)"),
    "profile-snake": lambda: measurement(TAKEN_BY_HAND_SYNC, r"key conversion (\d+%)"),
    "profile-samples": lambda: measurement(TAKEN_BY_HAND_SYNC, r"fell from ([\d,]+ to [\d,]+ \([\d.]+×\))"),
    "sync-when": lambda: measurement("## step 7 sync", r"^- (\d{4}-\d\d-\d\d \d\d:\d\d · \w+ · .*? · load [\d. ]+?) ·"),
    "sync-split": sync_split,
    "sync-counts": lambda: measurement("## step 7 sync", r"; \d+ syncs?, [\d,]+ pages written, [\d,]+ statements run$",
                                       whole=True)[0].lstrip("; "),
    # Chapter 8, "What it costs".
    "step8-cold-cost": lambda: f"{statistics.median_low([v for v in step8_row('step 8' + chr(39) + 's cost')]):.1f} s",
    "step8-column-rebuild": lambda: span(step8_row("rebuild after adding a column to `BodiesDB-001.sql`"),
                                         unit=lambda v: f"{v:.1f} s"),
    "step8-comment-rebuild": lambda: span(step8_row("rebuild after editing a comment in it"), unit=lambda v: f"{v:.1f} s"),
    "step8-noop-rebuild": lambda: span(step8_row("rebuild with nothing changed"), unit=lambda v: f"{v:.2f} s"),
    # Chapter 1 (and chapter 12, section 1).
    "autocommit-delete-full": lambda: f"{seconds(result(AUTOCOMMIT_DELETE_FULL)['seconds'])}, one transaction "
                                      f"{seconds(result(AUTOCOMMIT_DELETE_FULL)['baselineSeconds'])} "
                                      f"({times(result(AUTOCOMMIT_DELETE_FULL)['ratio'])})",
    # Chapter 12, section 1.
    "delete-full-syncs": lambda: f"{result(AUTOCOMMIT_DELETE_FULL)['measuredCount']:,} against "
                                 f"{result(AUTOCOMMIT_DELETE_FULL)['baselineCount']:,}",
    # Chapter 12, section 6.
    "sync-100k": lambda: seconds(result(scale("step 7 sync (first sync, empty cache)", "100,000", "bodies"))["seconds"]),
    "sync-growth": lambda: times(net_seconds(result(scale("step 7 sync (first sync, empty cache)", "100,000", "bodies")))
                                 / net_seconds(result(scale("step 7 sync (first sync, empty cache)", "10,000", "bodies")))),
    "edit-net-most": lambda: seconds(max(net_seconds(result(scale("step 6 edit", size, "products"))) for size in SIZES)),
    "search-net-10k": lambda: f"{scale_net('step 6 search', 'products', '10,000')} and "
                              f"{scale_net('step 7 search', 'bodies', '10,000')}",
    "search-net-100k": lambda: f"{scale_net('step 6 search', 'products', '100,000')} and "
                               f"{scale_net('step 7 search', 'bodies', '100,000')}",
    "list-net": lambda: ", ".join(f"{scale_net('step 4 list --order asc', 'items', size)} at {size}" for size in SIZES),
    "list-index-net-10k": lambda: scale_net("step 4 list --order asc (with an index)", "items", "10,000"),
    "list-index-net-100k": lambda: scale_net("step 4 list --order asc (with an index)", "items", "100,000"),
    "sync-net": lambda: ", ".join(f"{scale_net('step 7 sync (first sync, empty cache)', 'bodies', size)} at {size}"
                                  for size in SIZES),
    # Chapter 9 (chapter 12's section 7 runs step 9's write-load).
    "writers-stored-no-timeout": lambda: note(WRITERS, r"with --no-timeout \(untimed\): [\d, ]+ \(rows stored: ([\d, ]+)\)"),
    "writers-stored-deferred": lambda: note(WRITERS, r"with --deferred: [\d, ]+ \(rows stored: ([\d, ]+)\)"),
    # Chapter 12, section 7.
    "pool-queue": lambda: f"{seconds(result(POOL)['baselineSeconds'])} on the queue and "
                          f"{seconds(result(POOL)['seconds'])} on the pool, a margin of {times(result(POOL)['margin'])}",
    "pool-wal-queue": lambda: note(POOL, r"with the queue in WAL too \(no sync on either side\): (.+?): what the cores"),
    # Chapter 12, section 8 (and chapter 10).
    "fts-ratios": lambda: ", ".join(f"{times(result(fts_scan(size))['ratio'])} at {size:,} rows"
                                    for size in (1000, 10000, 100000)),
    "fts-disk-100k": lambda: note(fts_scan(100000), r"on disk: (.+?) \(dbstat\)"),
    "fts-one-search-100k": lambda: note(fts_scan(100000), r"one search: (.+?) \(this machine"),
    "fts-table": fts_table,
    "fts-run-date": lambda: run(0)["date"][:16].replace("T", " ") + " UTC",
    # Chapter 12, section 9.
    "generated-100k-runs": lambda: span([r["ratio"] for r in every_run(
        "20 lookups of a type in 100000 documents, json_extract scanning")]),
    "window-runs": lambda: span([r["ratio"] for size in (1000, 10000, 100000) for r in every_run(
        f"ranking {size} bodies with RANK() OVER (PARTITION BY body_type …)")]),
    "cte-runs": lambda: span([r["ratio"] for size in (1000, 10000, 100000) for r in every_run(
        f"200 orbit chains in {size} bodies, one recursive CTE each")]),
})


def main(argv):
    if "--list" in argv:
        for name, function in FIGURES.items():
            print(f"{name}\t{function()}")
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    if "--check" in argv:
        return 1 if problems else 0
    return 0


# MARK: - Checking and refreshing the chapters

# Numbers of a measured kind that are not measurements: bounds of claims, thresholds, settings. Each with
# the words around it, so that a measured figure written the same way elsewhere is still found.
NOT_MEASURED = [
    (r"(?:at\s+least|at\s+most|≥|≤|bound)\s+\**\d[\d.,]*×", "a claim's bound (set in the benchmark's code, not measured)"),
    (r"(?:within|passes|past|under)\s+(?:100|25|5) ms", "the thresholds the benchmark's claims name (its code)"),
    (r"\d+× from 10,000 on|the 20× first set", "a bound, continued; a bound's history"),
    (r"margin of about 2×|\d× margin every bound keeps", "the margin bounds are set to keep"),
    (r"twice as unlucky", "what a margin of 2 means"),
    (r"bar from 1×", "the chart's axis"),
    (r"\d+\s?×\s+\d", "a product of two numbers (4 × 500 inserts, 5 × 256), not a ratio"),
    (r"(?:its|here|to|\|) 10 s\b", "the busy timeout, a setting (CourseCore's BusyTimeout)"),
    (r"every 50 ms", "the watcher's polling interval, a setting"),
    (r"goal is a suite within 20 s", "a goal, not a measurement"),
]

MEASURED_KIND = re.compile(
    r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?:–\d[\d,]*(?:\.\d+)?)?\s?(?:ms|µs|s|min|%|×)(?![\w])"
    r"|\b(?:twofold|threefold|tenfold|twice as|\d+ times (?:faster|slower|more|less|as))\b")


def prose(text):
    """The chapter's text that a reader reads as prose: without fenced blocks, inline code, HTML comments,
    marked figures and table rows (a table is checked by the rule of its cells: see below)."""
    text = MARKED.sub(lambda m: " " + "\n" * m.group(0).count("\n"), text)
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)\s]*\)", "]", text)  # a link's target
    return re.sub(r"`[^`\n]*`", " ", text)


def unmarked(path, text):
    text = prose(text)
    allowed = [m.span() for pattern, _ in NOT_MEASURED for m in re.finditer(pattern, text)]
    found = []
    for match in MEASURED_KIND.finditer(text):
        if not any(a <= match.start() and match.end() <= b for a, b in allowed):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path}:{line}: `{match.group(0)}` is typed by hand: quote it with "
                         f"<!-- fig: NAME -->…<!-- /fig --> (scripts/figures.py), or drop it")
    return found


def refreshed(text, problems, place):
    def value(match):
        name = match.group(1)
        if name not in FIGURES:
            problems.append(f"{place}: <!-- fig: {name} --> names no figure in scripts/figures.py")
            return match.group(0)
        now = FIGURES[name]()
        block = "\n" in match.group(2)
        body = f"\n{now}\n" if block else now
        return f"<!-- fig: {name} -->{body}<!-- /fig -->"
    return MARKED.sub(value, text)


def check():
    problems = []
    for path in DOCUMENTS:
        relative = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        if refreshed(text, problems, relative) != text:
            problems.append(f"{relative}: a quoted figure differs from its results: run make docs")
        problems += unmarked(relative, text)
    return problems


def refresh():
    """What make docs runs: rewrite every quoted figure; returns the documents changed."""
    changed, problems = [], []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        new = refreshed(text, problems, path.relative_to(ROOT))
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(str(path.relative_to(ROOT)))
    return changed, problems


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
