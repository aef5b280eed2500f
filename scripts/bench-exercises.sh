#!/usr/bin/env bash
# How long re-checking one edited exercise takes, once built: the figure the
# issue bounds at 3 s (median). For a step 1 exercise (C API), a GRDB one, a
# predict and an SQL one: copy the solution to a scratch folder, check it once
# (the build), then N times, each after an edit (a comment appended, so the
# learner's module recompiles). Learners' files are never touched.
# Usage: scripts/bench-exercises.sh [--record] [N]   (default 7; --record: also keep the
# medians in docs/measurements.md)
set -euo pipefail
cd "$(dirname "$0")/.."
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi
summary=
export TMPDIR=$PWD/.build/tmp && mkdir -p "$TMPDIR"
runs=${1:-7}
scratch=.build/course/bench
swift build --product course >/dev/null
rm -rf "$scratch" && mkdir -p "$scratch"
cp -R Solutions/. "$scratch/"
for id in s1-read-nulls s3-on-delete s2-migrator-predict s3-team-sizes; do
  file=$(python3 -c "import json,sys; print(next(e['file'] for e in json.load(open('Exercises/manifest.json'))['exercises'] if e['id']=='$id'))")
  .build/debug/course check "$id" --folder "$scratch" >/dev/null # the first build
  times=()
  for i in $(seq "$runs"); do
    case "$file" in *.swift) echo "// edit $i" >>"$scratch/$id/$file" ;; *.sql) echo "-- edit $i" >>"$scratch/$id/$file" ;; *) echo "# edit $i" >>"$scratch/$id/$file" ;; esac
    start=$(date +%s.%N)
    .build/debug/course check "$id" --folder "$scratch" >/dev/null
    times+=("$(echo "$(date +%s.%N) - $start" | bc)")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-22s median %.2f s over %d edits (min %.2f, max %.2f)\n' "$id" "$median" "$runs" \
    "$(printf '%s\n' "${times[@]}" | sort -n | head -1)" "$(printf '%s\n' "${times[@]}" | sort -n | tail -1)"
  summary+="${summary:+, }$id $(printf '%.2f' "$median") s"
done
rm -rf "$scratch"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
if [ -n "$record" ]; then
  python3 scripts/record-measurement.py "Exercise re-checks (scripts/bench-exercises.sh)" \
    "median re-check over $runs edits: $summary"
fi
