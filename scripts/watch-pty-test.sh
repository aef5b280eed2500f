#!/usr/bin/env bash
# scripts/watch-pty-test.sh N: runs the pseudo-terminal tests of `make ex ARGS="watch"`
# (PracticeLoopTests: re-check on save, move on when it passes, q Enter and Ctrl-C)
# N times in a row on the built suite, and prints how many runs passed and failed.
# Runs make test's build phase first (make build-tests); the first run builds the
# step-1 check they use in .build/isolation. Each failing run's log is
# kept in .build/watch-pty-test/run-<i>.log.
set -uo pipefail
runs=${1:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export TMPDIR="$root/.build/tmp"
mkdir -p "$TMPDIR" .build/watch-pty-test
rm -f .build/watch-pty-test/run-*.log
# make test's build phase, as make test runs it (no exercise target: a starter does not compile on purpose).
name=watch-pty-test
# shellcheck source=scripts/suite-run.sh
source scripts/suite-run.sh
build_first
passed=0
failed=0
for i in $(seq 1 "$runs"); do
  log=.build/watch-pty-test/run-$i.log
  if ${SWIFT:-swift} test --skip-build --filter PracticeLoopTests >"$log" 2>&1; then
    passed=$((passed + 1))
    rm -f "$log"
    echo "run $i: passed"
  else
    failed=$((failed + 1))
    echo "run $i: FAILED (see $log)"
  fi
done
rm -rf "$TMPDIR"/TemporaryDirectory.*
echo "$passed of $runs runs passed, $failed failed."
test "$failed" -eq 0
