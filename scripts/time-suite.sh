#!/usr/bin/env bash
# Times the suite as make test runs it after its build: RUNS runs of
# `swift test --skip-build`, then the median and the range.
#
#   scripts/time-suite.sh [RUNS]      RUNS defaults to 3
#
# It runs make test's build phase first (`make build-tests`, not timed: a no-op
# when nothing changed), so the suite's own builds in .build/isolation are not
# counted either. Also prints the load average
# before and after: on a machine that builds something else at the same time
# the figures say which way a change goes, not what the suite costs. The goal
# (CONTRIBUTING.md, "Tests"): 25 s on a quiet 2-core machine. Each run gets
# TMPDIR=.build/tmp, as under make test, and that folder is deleted after it
# (SwiftPM's manifest and plugin caches take the environment as part of their
# key: a new TMPDIR per run would make each first run evaluate Package.swift
# again, which make test never does). Leaves nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
name=time-suite
# shellcheck source=scripts/suite-run.sh
source scripts/suite-run.sh

runs=${1:-3}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/time-suite.sh [RUNS]" >&2; exit 64; }
build_first

work=$(mktemp -d "$PWD/.build/time-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "time-suite: $runs runs of swift test --skip-build · $(nproc) cores · load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Wall time, and the processor time of the suite and every process it started
# (user + system): on a busy machine the wall time follows the others' builds,
# the processor time much less.
TIMEFORMAT='%R %U %S'
: >"$work/times"
for run in $(seq "$runs"); do
    status=0
    { time run_suite "$work/run.log" || status=$?; } 2>"$work/time"
    read -r wall user system <"$work/time"
    cpu=$(echo "$user + $system" | bc)
    echo "$wall $cpu" >>"$work/times"
    if [ "$status" -eq 0 ]; then outcome="passed"; else outcome="FAILED (status $status; scripts/flake-hunt.sh names the tests)"; fi
    printf 'run %d/%d: %.1f s wall, %.1f s of processor time, %s\n' "$run" "$runs" "$wall" "$cpu" "$outcome"
done
median() { sort -n | awk '{v[NR]=$1} END {printf "%.1f", NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
wall_median=$(cut -d' ' -f1 "$work/times" | median)
cpu_median=$(cut -d' ' -f2 "$work/times" | median)
range=$(cut -d' ' -f1 "$work/times" | sort -n | awk 'NR==1 {low=$1} {high=$1} END {printf "%.1f–%.1f", low, high}')
echo "time-suite: median $wall_median s, range $range s over $runs runs (processor time, median: $cpu_median s)" \
    "· load after: $(cut -d' ' -f1-3 /proc/loadavg)"
