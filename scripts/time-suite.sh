#!/usr/bin/env bash
# Times the tests as make test runs them after its build, the suite and the build stage
# apart: RUNS runs of each, then the median and the range of each.
#
#   scripts/time-suite.sh [RUNS] [--record]   RUNS defaults to 3
#
# The suite is `swift test --skip-build --skip BuildStage`, the build stage
# `swift test --skip-build --filter BuildStage` (the tests that build in
# .build/isolation), each run of the suite followed by one of the stage, as under
# make test. It runs make test's build phase first (`make build-tests`, not timed:
# a no-op when nothing changed). Also prints the load average before and after:
# on a machine that builds something else at the same time the figures say which
# way a change goes, not what the tests cost. The goal (CONTRIBUTING.md, "Tests"):
# the suite in 20 s on a quiet 2-core machine. Each run gets TMPDIR=.build/tmp, as
# under make test, and that folder is deleted after it (SwiftPM's manifest and plugin
# caches take the environment as part of their key: a new TMPDIR per run would make
# each first run evaluate Package.swift again, which make test never does). With
# --record, the summary line goes into docs/measurements.md, under "make test"
# (scripts/record-measurement.py). Leaves nothing else behind.
set -euo pipefail
cd "$(dirname "$0")/.."
name=time-suite
# shellcheck source=scripts/suite-run.sh
source scripts/suite-run.sh

usage() { echo "usage: scripts/time-suite.sh [RUNS] [--record]" >&2; exit 64; }
runs=3
record=no
for argument in "$@"; do
    case "$argument" in
        --record) record=yes ;;
        *) [[ "$argument" =~ ^[1-9][0-9]*$ ]] || usage; runs=$argument ;;
    esac
done
build_first

work=$(mktemp -d "$PWD/.build/time-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "time-suite: $runs runs of the suite and of the build stage · $(nproc) cores · load before: $load_before"
# Wall time, and the processor time of the tests and every process they started
# (user + system): on a busy machine the wall time follows the others' builds,
# the processor time much less.
TIMEFORMAT='%R %U %S'
: >"$work/suite"
: >"$work/stage"
failed=0
for run in $(seq "$runs"); do
    for which in suite stage; do
        status=0
        { time run_tests "$which" "$work/run.log" || status=$?; } 2>"$work/time"
        read -r wall user system <"$work/time"
        cpu=$(echo "$user + $system" | bc)
        echo "$wall $cpu" >>"$work/$which"
        if [ "$status" -eq 0 ]; then
            outcome="passed"
        else
            outcome="FAILED (status $status; scripts/flake-hunt.sh names the tests)"
            failed=$((failed + 1))
        fi
        printf 'run %d/%d, %s: %.1f s wall, %.1f s of processor time, %s\n' "$run" "$runs" "$which" "$wall" "$cpu" "$outcome"
    done
done
median() { sort -n | awk '{v[NR]=$1} END {printf "%.1f", NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
range() { sort -n | awk 'NR==1 {low=$1} {high=$1} END {printf "%.1f–%.1f", low, high}'; }
# "18.2 s (17.9–19.0 s, processor time 33.1 s)"
figures() {
    printf '%s s (%s s, processor time %s s)' "$(cut -d' ' -f1 "$work/$1" | median)" \
        "$(cut -d' ' -f1 "$work/$1" | range)" "$(cut -d' ' -f2 "$work/$1" | median)"
}
summary="medians of $runs runs after make build-tests: suite $(figures suite), build stage $(figures stage)"
[ "$failed" -eq 0 ] || summary="$summary; $failed runs FAILED"
echo "time-suite: $summary · load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$record" = yes ]; then
    scripts/record-measurement.py "make test" "$summary"
fi
