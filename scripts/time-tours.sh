#!/usr/bin/env bash
# Times each step's tour as a learner runs it once built (no compile), in a
# scratch folder, N times, and prints the median and the slowest run.
#   scripts/time-tours.sh [--record] [RUNS] [step1 step2 …]     (default: 5 runs, every step)
# Build first: swift build --product stepN (or make stepN). With --record, the
# medians also go to docs/measurements.md (scripts/record-measurement.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi
runs=${1:-5}
shift || true
steps=${*:-$(cd "$root/Steps" && ls -d step* | sort -V)}
summary=
scratch=$(mktemp -d "$root/.build/time-tours.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
for step in $steps; do
  binary="$root/.build/debug/$step"
  [ -x "$binary" ] || { echo "$step: not built (swift build --product $step)"; continue; }
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    (cd "$scratch" && COURSE_DB_DIR="$scratch/db" "$binary" </dev/null >/dev/null)
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
  done
  sorted=($(printf '%s\n' "${times[@]}" | sort -n))
  echo "$step tour: median ${sorted[$(( runs / 2 ))]} ms, slowest ${sorted[$(( runs - 1 ))]} ms ($runs runs, debug build)"
  summary+="${summary:+, }$step ${sorted[$(( runs / 2 ))]} ms (slowest ${sorted[$(( runs - 1 ))]})"
done
if [ -n "$record" ] && [ -n "$summary" ]; then
  python3 "$root/scripts/record-measurement.py" "Tours (scripts/time-tours.sh)" \
    "median of $runs runs, debug build: $summary"
fi
