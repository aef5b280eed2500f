#!/bin/sh
# Times `make ex ARGS="verify"` (what CI runs) in this checkout, RUNS times (default 1):
# each run cold for the exercises (their modules, checks and verify's scratch copies
# removed; GRDB and the steps kept, as in CI after `make test`), then once warm.
# Prints the seconds of each run and the load average beside it. Compare two
# revisions on a quiet machine: run it, `git checkout --detach REV`, copy the
# script back if REV lacks it, run it again, `git checkout -`.
set -eu
cd "$(dirname "$0")/.."
RUNS=${RUNS:-1}
build=$(swift build --show-bin-path)
cold() {
    rm -rf .build/course "$build"/Exercise_*.build "$build"/check_*.build "$build"/check-* \
        "$build"/ExerciseSupport.build "$build"/Modules/Exercise_* "$build"/Modules/ExerciseSupport.*
}
timed() {
    start=$(date +%s)
    make ex ARGS="verify" >.build/measure-verify.log 2>&1 || { cat .build/measure-verify.log; exit 1; }
    printf '%s %s s (load %s)\n' "$1" "$(($(date +%s) - start))" "$(cut -d' ' -f1 /proc/loadavg)"
}
run=1
while [ "$run" -le "$RUNS" ]; do
    cold
    timed "cold run $run:"
    run=$((run + 1))
done
timed "warm:"
tail -1 .build/measure-verify.log
