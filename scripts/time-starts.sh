#!/usr/bin/env bash
# Times how long each built step takes to start, run one read-only subcommand
# on an in-memory database, and exit: what every `make stepN ARGS="…"` and
# every process the suite starts pays (hundreds of them).
#
#   scripts/time-starts.sh [--record] [RUNS]      RUNS defaults to 20; --record also
#                                                 keeps the medians in docs/measurements.md
#
# Build first (`make test`, or `swift build`). Prints, per step, the median of
# RUNS runs in milliseconds, wall and processor time (user + system), and the
# load average before and after: measure on a quiet machine. Leaves nothing
# behind (the runs use --in-memory; their working folder is a temporary one).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi

runs=${1:-20}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/time-starts.sh [--record] [RUNS]" >&2; exit 64; }
bin=.build/debug
[ -x "$bin/step1" ] || { echo "time-starts: nothing built: run make test or swift build first" >&2; exit 1; }
bin=$(cd "$bin" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# One command per step that opens the database and only reads.
commands=(
    "1 list" "2 list" "3 players" "4 list" "5 list" "6 list" "7 list" "8 search" "9 list" "10 check"
)
median() { sort -n | awk '{v[NR]=$1} END {printf "%.1f", NR % 2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

echo "time-starts: $runs runs per step · $(nproc) cores · load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-24s %10s %16s\n' "command" "wall (ms)" "processor (ms)"
TIMEFORMAT='%R %U %S'
summary=
for entry in "${commands[@]}"; do
    read -r step arguments <<<"$entry"
    [ -x "$bin/step$step" ] || continue
    : >"$work/times"
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086 # the subcommand's words
        { time "$bin/step$step" $arguments --in-memory >/dev/null 2>&1 || true; } 2>>"$work/times"
    done
    wall=$(awk '{print $1 * 1000}' "$work/times" | median)
    cpu=$(awk '{print ($2 + $3) * 1000}' "$work/times" | median)
    printf '%-24s %10s %16s\n' "step$step $arguments" "$wall" "$cpu"
    summary+="${summary:+, }step$step $cpu"
done
echo "time-starts: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$record" ]; then
    python3 "$root/scripts/record-measurement.py" "Step start-up (scripts/time-starts.sh)" \
        "median ms of processor time over $runs runs, one read-only subcommand --in-memory: $summary"
fi
