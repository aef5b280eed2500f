#!/usr/bin/env bash
# What step 7's first sync of 100,000 bodies costs (issue 30, item 4; chapter 7,
# "A first sync of 100,000 bodies"), in a release build, decoding and writing apart:
#
#   scripts/measure-sync.sh [--runs N] [--bodies N] [--record]
#
# It builds step7 in release, writes a JSON answer in the API's shape (the same
# bodies as make bench's, named after bodies-v1.json's), then syncs it N times
# (default 5) into an empty cache. Each run's stdout lines are watched as they
# come: the processor time (user + system, from /proc) the process has used when
# it prints "Decoded …" is the decoding (reading and checking the JSON included),
# from there to "Committed …" the writing (opening the cache, the transaction);
# the total is the whole process's, at its exit. Then one more run with --stats
# gives the counts, which are the same on every machine: syncs, pages written,
# statements run. Median and range of each time, over the N runs.
#
# Processor time says which way a change goes on a busy machine; only a wall
# time on a quiet machine says what a learner waits (the "wall" column).
# --record keeps the line in docs/measurements.md (scripts/record-measurement.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=5 bodies=100000 record=no
while [[ $# -gt 0 ]]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --bodies) bodies=$2; shift 2 ;;
    --record) record=yes; shift ;;
    *) echo "usage: scripts/measure-sync.sh [--runs N] [--bodies N] [--record]" >&2; exit 64 ;;
  esac
done
work="$root/.build/measure-sync"
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp" COURSE_EXERCISES=none

echo "swift build -c release --product step7"
(cd "$root" && swift build -c release --product step7 >"$work/build.log" 2>&1) || { cat "$work/build.log"; exit 1; }

python3 - "$root/.build/release/step7" "$work" "$runs" "$bodies" "$record" "$root" <<'PYTHON'
import json, os, re, statistics, subprocess, sys, time

step7, work, runs, size, record, root = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
TICK = os.sysconf("SC_CLK_TCK")

# The answer: make bench's bodies (Benchmarks/Sources/bench/ScaleData.swift, `bodies`), in the API's shape.
source = os.path.join(work, f"bodies-{size}.json")
names = [b["englishName"] for b in json.load(open(os.path.join(root, "Steps/step7/Resources/bodies-v1.json")))["bodies"]]
with open(source, "w") as out:
    out.write('{"bodies": [\n' + ",\n".join(
        f'{{"id": "body-{i}", "name": "Corps {i}", "englishName": "{names[i % len(names)]} {i}", "bodyType": "Moon", '
        f'"density": 1.5, "gravity": 1.5, "meanRadius": 100.0, "discoveredBy": "", "discoveryDate": "", '
        f'"aroundPlanet": null}}' for i in range(size)) + "\n]}\n")

def cpu(pid):
    """The processor time (user + system, seconds) process `pid` has used so far."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK

def sync(*extra):
    """One first sync into an empty cache: its lines, the processor time at "Decoded" and "Committed", and in all."""
    cache = os.path.join(work, "cache.sqlite")
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(cache + suffix):
            os.remove(cache + suffix)
    start = time.monotonic()
    process = subprocess.Popen([step7, "sync", source, "--database", cache, *extra], stdout=subprocess.PIPE, text=True)
    marks, lines = {}, []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        for word in ("Decoded", "Committed"):
            if line.startswith(word):
                marks[word] = cpu(process.pid)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    if status != 0 or len(marks) != 2:
        sys.exit("step7 sync failed:\n" + "\n".join(lines))
    total = usage.ru_utime + usage.ru_stime
    return lines, {"decode": marks["Decoded"], "write": marks["Committed"] - marks["Decoded"], "total": total,
                   "wall": wall}

def counts(lines):
    """Syncs (every file), pages written and statement runs, read from the tables --stats prints after its
    "--stats:" line (columns apart by two spaces or more, each table's header line above a line of dashes)."""
    rows = [re.split(r" {2,}", line.strip()) for line in lines[next(i for i, l in enumerate(lines)
                                                                   if l.startswith("--stats:")) + 1:]]
    totals, header = {"syncs": 0, "pages written": 0, "runs": 0}, []
    for index, row in enumerate(rows):
        if index + 1 < len(rows) and all(set(cell) == {"-"} for cell in rows[index + 1]):
            header = row
        elif not all(set(cell) == {"-"} for cell in row):
            for name in totals:
                if name in header:
                    totals[name] += int(row[header.index(name)])
    return {"syncs": totals["syncs"], "pages written": totals["pages written"], "statements": totals["runs"]}

times = [sync()[1] for _ in range(runs)]
stats_lines, _ = sync("--stats")
numbers = counts(stats_lines)

def summary(key):
    values = [t[key] for t in times]
    return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})"

cores, load = os.cpu_count(), " ".join(open("/proc/loadavg").read().split()[:3])
print(f"step 7, first sync of {size:,} bodies, release, {runs} runs (median, range); {cores} cores, load {load}")
print(f"  decode (processor time) {summary('decode')}")
print(f"  write  (processor time) {summary('write')}")
print(f"  total  (processor time) {summary('total')}")
print(f"  wall                    {summary('wall')}")
print(f"  counts (--stats): {numbers['syncs']} syncs, {numbers['pages written']:,} pages written, "
      f"{numbers['statements']:,} statements run")
if record == "yes":
    text = (f"first sync of {size:,} bodies, release, {runs} runs, median (range): decode {summary('decode')}, "
            f"write {summary('write')}, total {summary('total')} processor time, wall {summary('wall')}; "
            f"{numbers['syncs']} syncs, {numbers['pages written']:,} pages written, "
            f"{numbers['statements']:,} statements run")
    subprocess.run([os.path.join(root, "scripts/record-measurement.py"), "step 7 sync", text], check=True)
PYTHON
