#!/usr/bin/env bash
# Times each step's tour as a learner runs it once built (no compile), in a
# scratch folder, N times, and prints the median and the slowest run.
#   scripts/time-tours.sh [RUNS] [step1 step2 …]     (default: 5 runs, every step)
# Build first: swift build --product stepN (or make stepN).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
shift || true
steps=${*:-$(cd "$root/Steps" && ls -d step* | sort -V)}
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
done
