#!/usr/bin/env bash
# Hunts flaky tests: runs the already-built tests N times as make test runs them (the suite,
# then the build stage) and counts, for each test, the runs it failed in.
#
#   scripts/flake-hunt.sh N            N runs of the suite and the build stage (scripts/suite-run.sh)
#   scripts/flake-hunt.sh N --burn     the same beside one CPU burner (`yes`) per core:
#                                      a loaded machine is where a test that needs luck fails
#
# It runs make test's build phase first (`make build-tests`). Prints one line per
# run, then one line per failing test (how many runs, where it recorded its
# issue), then a summary line:
#   flake-hunt: 20 runs, 0 failed · no test failed · burn: no · run times 21.3–25.0 s (median 22.4 s)
# Exits 1 when a run failed. Leaves nothing behind: each run's TMPDIR is
# .build/tmp, as under make test, deleted after it; the runs' logs are in a
# temporary folder under .build, deleted at the end; the burners are killed,
# whatever ends the script.
set -euo pipefail
cd "$(dirname "$0")/.."
name=flake-hunt
# shellcheck source=scripts/suite-run.sh
source scripts/suite-run.sh

usage() {
    echo "usage: scripts/flake-hunt.sh N [--burn]   (N: how many runs, at least 1)" >&2
    exit 64
}
runs=${1:-}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || usage
burn=no
case "${2:-}" in
    "") ;;
    --burn) burn=yes ;;
    *) usage ;;
esac
build_first

work=$(mktemp -d "$PWD/.build/flake-hunt.XXXXXX")
burners=()
cleanup() {
    for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "$burn" = yes ]; then
    for _ in $(seq "$(nproc)"); do
        yes >/dev/null &
        burners+=("$!")
    done
    echo "flake-hunt: ${#burners[@]} CPU burners running beside the suite"
fi

failed_runs=0
: >"$work/failures"
: >"$work/times"
for run in $(seq "$runs"); do
    start=$(date +%s.%N)
    status=0
    run_tests suite "$work/suite.log" || status=$?
    run_tests stage "$work/stage.log" || status=$?
    cat "$work/suite.log" "$work/stage.log" >"$work/run.log"
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    echo "$seconds" >>"$work/times"
    # Swift Testing: "✘ Test name() recorded an issue at File.swift:12:5: …" and "… failed after …";
    # XCTest: "Test Case 'Suite.test' failed".
    failing=$(
        {
            sed -nE 's/^.*Test (.+) recorded an issue at ([^:]+:[0-9]+).*$/\1 (\2)/p' "$work/run.log"
            sed -nE "s/^Test Case '([^']+)' failed.*$/\1/p" "$work/run.log"
        } | sort -u
    )
    if [ "$status" -ne 0 ] && [ -z "$failing" ]; then
        failing="(the suite exited with status $status and named no failing test: a crash? its last lines: $(tail -3 "$work/run.log" | tr '\n' ' '))"
    fi
    if [ "$status" -eq 0 ] && [ -z "$failing" ]; then
        printf 'run %d/%d: passed in %.1f s\n' "$run" "$runs" "$seconds"
    else
        failed_runs=$((failed_runs + 1))
        printf 'run %d/%d: FAILED in %.1f s\n' "$run" "$runs" "$seconds"
        printf '%s\n' "$failing" | sed 's/^/    /'
        printf '%s\n' "$failing" >>"$work/failures"
    fi
done

echo
if [ -s "$work/failures" ]; then
    echo "Failures per test (runs failed of $runs):"
    sort "$work/failures" | uniq -c | sort -rn | awk -v runs="$runs" '{count=$1; $1=""; printf "  %d of %d:%s\n", count, runs, $0}'
    tests="$(sort -u "$work/failures" | wc -l | tr -d ' ') test(s) failed"
else
    tests="no test failed"
fi
times=$(sort -n "$work/times" | awk '{t[NR]=$1} END {printf "run times %.1f–%.1f s (median %.1f s)", t[1], t[NR], (NR % 2 ? t[(NR+1)/2] : (t[NR/2]+t[NR/2+1])/2)}')
echo "flake-hunt: $runs runs, $failed_runs failed · $tests · burn: $burn · $times"
[ "$failed_runs" -eq 0 ]
