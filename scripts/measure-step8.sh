#!/usr/bin/env bash
# What step 8 costs in build time, measured on this machine:
#   1. a cold `swift build` (every target, fresh .build) of the commit before
#      step 8 and of this one — the difference is step 8's cost;
#   2. `swift build --product step8` after an edit to a schema file, once
#      everything is built — what a learner waits for after changing the SQL.
# Usage: scripts/measure-step8.sh [--record] [BASE]   (BASE: the commit before step 8;
# default: d562827, main just before step 8 was merged; --record: also keep the
# figures in docs/measurements.md). Both trees are exported with
# `git archive` into .build/measure/ and built there: the worktree is left
# alone. Other builds running on the machine slow both numbers; run it on an
# idle machine for figures to compare.
set -euo pipefail
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi
# What make builds: no exercise target (Package.swift, "Exercises").
export COURSE_EXERCISES=none
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-d562827}
work="$root/.build/measure"
export TMPDIR="$work/tmp"
rm -rf "$work" && mkdir -p "$TMPDIR"

# seconds COMMAND…: runs it, prints "WALL s wall, CPU s CPU". The CPU time
# (user + system, the compilers included) depends little on what else runs:
# on an idle 2-core machine the wall time is between CPU/2 and CPU.
seconds() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >"$work/last.log" 2>&1 || { cat "$work/last.log"; exit 1; }
  read -r wall user system <"$work/time"
  echo "$wall s wall, $(echo "$user + $system" | bc) s CPU"
}

export_tree() { # export_tree COMMIT DIR
  mkdir -p "$2"
  git -C "$root" archive "$1" | tar -x -C "$2"
}

export_tree "$base" "$work/before"
export_tree HEAD "$work/after"
echo "cores: $(nproc); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
before=$(cd "$work/before" && seconds swift build)
echo "cold swift build before step 8 ($(git -C "$root" rev-parse --short "$base")): ${before}"
after=$(cd "$work/after" && seconds swift build)
echo "cold swift build with step 8 ($(git -C "$root" rev-parse --short HEAD)): ${after}"
echo "(the budget: at most 20 s more than before)"

# An edit to the schema: a new column in the bodies cache, as chapter 08 shows.
schema="$work/after/Steps/step7/Resources/BodiesDB-001.sql"
sed -i 's/    discovery_date TEXT /    discovery_date TEXT,\n    mean_radius    REAL /' "$schema"
rebuild=$(cd "$work/after" && seconds swift build --product step8)
echo "swift build --product step8 after adding a column to BodiesDB-001.sql: ${rebuild} (the budget: 3 s)"
grep -q "meanRadius" "$work/after"/.build/plugins/outputs/*/step8/destination/RecordsPlugin/GeneratedRecords/BodiesDB-001.records.swift \
  && echo "(the regenerated SolarBody has the new property meanRadius)"
# An edit that changes no Swift declaration: a comment in the schema. The
# generated file changes (it holds the SQL's text), the records do not.
sed -i 's|/\* g/cm³; NULL when unknown \*/|/* g/cm³ (grams per cubic centimetre); NULL when unknown */|' "$schema"
comment=$(cd "$work/after" && seconds swift build --product step8)
echo "swift build --product step8 after editing a comment in BodiesDB-001.sql: ${comment}"
noop=$(cd "$work/after" && seconds swift build --product step8)
echo "swift build --product step8 with nothing changed: ${noop}"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$work"
if [ -n "$record" ]; then
  python3 "$root/scripts/record-measurement.py" "Step 8's build cost (scripts/measure-step8.sh)" \
    "cold swift build before step 8 ($(git -C "$root" rev-parse --short "$base")) $before; with step 8 $after; \
swift build --product step8 after a new column $rebuild, after a comment edit $comment, with nothing changed $noop"
fi
