#!/bin/sh
# Times `make ex ARGS="verify"` (what CI runs) in this checkout, RUNS times (default 1):
# each run cold for the exercises (their modules, checks and verify's scratch copies
# removed; GRDB and the steps kept, as in CI after `make test`), then once warm.
# Prints the seconds of each run and the load average beside it. Compare two
# revisions on a quiet machine: run it, `git checkout --detach REV`, copy the
# script back if REV lacks it, run it again, `git checkout -`.
#   scripts/measure-verify.sh [--record]    --record: also keeps the times in docs/measurements.md
set -eu
cd "$(dirname "$0")/.."
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi
times=
RUNS=${RUNS:-1}
build=$(swift build --show-bin-path)
cold() {
    rm -rf .build/course "$build"/Exercise_*.build "$build"/check_*.build "$build"/check-* \
        "$build"/ExerciseSupport.build "$build"/Modules/Exercise_* "$build"/Modules/ExerciseSupport.*
}
timed() {
    start=$(date +%s)
    make ex ARGS="verify" >.build/measure-verify.log 2>&1 || { cat .build/measure-verify.log; exit 1; }
    seconds=$(($(date +%s) - start))
    printf '%s %s s (load %s)\n' "$1" "$seconds" "$(cut -d' ' -f1 /proc/loadavg)"
    times="${times:+$times, }$1 $seconds s"
}
run=1
while [ "$run" -le "$RUNS" ]; do
    cold
    timed "cold run $run:"
    run=$((run + 1))
done
timed "warm:"
tail -1 .build/measure-verify.log
if [ -n "$record" ]; then
    python3 scripts/record-measurement.py "make ex ARGS=\"verify\" (scripts/measure-verify.sh)" \
        "$times; $(tail -1 .build/measure-verify.log)"
fi
