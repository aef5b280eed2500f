#!/usr/bin/env bash
# Times the builds a learner and a contributor wait for, from a fresh clone:
#   1. `make step1` in a fresh clone (resolves packages, builds step 1, runs its tour)
#   2. a cold full `swift build` (the clone's .build/ deleted first)
#   3. a rebuild after editing one step file (a comment appended to Steps/step3/Tour.swift)
#
#   scripts/measure-build.sh [--record] [COMMIT]     (default: this checkout's HEAD; commit first)
#   RUNS=5 scripts/measure-build.sh       `make step1` in RUNS fresh clones: the median, and the range
#   --record                              also keeps the summary in docs/measurements.md
#
# The clone goes into a temporary folder with `shared` beside it (a link to ../shared),
# as in a worktree. Figures depend on the machine and on what else runs on it: the
# load average and the compilers running elsewhere are printed with them.
# Run it again, with --record, when the package layout changes.
set -euo pipefail
record=
if [ "${1:-}" = --record ]; then record=1; shift; fi
# What make builds: no exercise target (Package.swift, "Exercises").
export COURSE_EXERCISES=none
root=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$root" rev-parse --short "${1:-HEAD}")

mkdir -p "${TMPDIR:-/tmp}"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/measure-build.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
[ -d "$root/../shared" ] && ln -s "$(cd "$root/../shared" && pwd)" "$scratch/shared"
git clone --quiet --no-checkout "$root" "$scratch/course"
git -C "$scratch/course" checkout --quiet --detach "$commit"
cd "$scratch/course"
# The toolchain's own temporary files stay in the clone (deleted with it).
export TMPDIR="$scratch/tmp"
mkdir -p "$TMPDIR"

# Seconds, to one decimal, that "$@" took; its output goes to $scratch/log.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >>"$scratch/log" 2>&1 || { tail -n 30 "$scratch/log"; echo "failed: $*" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }'
}

# How busy the machine was: the 1-minute load average and the compilers running now.
load() {
  printf 'load %s, %s swift-frontend running' "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || uptime | sed 's/.*: //')" \
    "$(pgrep -c swift-frontend 2>/dev/null || true)"
}

echo "Measuring $commit on $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores ($(swift --version 2>/dev/null | head -n 1))"
# make step1 varies by a few seconds from clone to clone: with RUNS > 1, the median and the range.
runs=${RUNS:-1}
step1s=()
for run in $(seq "$runs"); do
  if [ "$run" -gt 1 ]; then rm -rf .build db; fi
  before=$(load); step1s+=("$(seconds make step1)")
  echo "  make step1, fresh clone:            ${step1s[-1]} s   ($before)"
done
step1=$(printf '%s\n' "${step1s[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
[ "$runs" -gt 1 ] && echo "  make step1: median ${step1} s of ${runs} ($(printf '%s\n' "${step1s[@]}" | sort -n | head -1)–$(printf '%s\n' "${step1s[@]}" | sort -n | tail -1) s)"
rm -rf .build
before=$(load); cold=$(seconds swift build)
echo "  swift build, cold (no .build):      ${cold} s   ($before)"
echo "// an edit" >>Steps/step3/Tour.swift
before=$(load); rebuild=$(seconds swift build)
echo "  swift build after editing a step:   ${rebuild} s   ($before)"
echo
echo "| $commit | $step1 s | $cold s | $rebuild s |"
if [ -n "$record" ]; then
  median=""; [ "$runs" -gt 1 ] && median=" (median of $runs fresh clones)"
  python3 "$root/scripts/record-measurement.py" "Builds (scripts/measure-build.sh)" \
    "$commit: make step1 in a fresh clone $step1 s$median, cold full swift build $cold s, rebuild after a step edit $rebuild s"
fi
