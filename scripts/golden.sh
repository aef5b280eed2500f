#!/usr/bin/env bash
# `make golden`: rewrites the golden files from the built steps:
#   Tests/Golden/<step>.txt             each step's tour
#   Tests/Golden/help/<step>.txt        `<step> --help`
#   Tests/Golden/help/<step>-<sub>.txt  `<step> <sub> --help`, for every subcommand
#   Tests/Golden/stats/<step>.txt       the commands of Tests/Golden/stats/<step>.args (one a line,
#                                       run in order in one scratch folder: what `--stats` counts)
# Run it only when an output changed on purpose, then review the diff
# (git diff Tests/Golden) line by line before committing.
# The tests run the steps the same way: in a scratch folder, with the
# databases under its db/, timings hidden and help 80 columns wide, so the
# files hold no absolute paths, no durations, nothing from the terminal.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/debug"
steps=${*:-$(cd "$root/Steps" && ls -d step* | sort -V)}
export COLUMNS=80 LINES=24
mkdir -p "$root/Tests/Golden/help"

# The subcommands a step's --help lists (the names under SUBCOMMANDS:).
subcommands() {
  awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^$/ { exit } on && /^  [a-z]/ { print $1 }'
}

for step in $steps; do
  scratch=$(mktemp -d)
  (cd "$scratch" && COURSE_DB_DIR="$scratch/db" COURSE_HIDE_TIMINGS=1 "$bin/$step" </dev/null >"$root/Tests/Golden/$step.txt")
  rm -rf "$scratch"
  echo "wrote Tests/Golden/$step.txt ($(wc -l <"$root/Tests/Golden/$step.txt") lines)"

  rm -f "$root/Tests/Golden/help/$step.txt" "$root/Tests/Golden/help/$step"-*.txt
  "$bin/$step" --help >"$root/Tests/Golden/help/$step.txt"
  for sub in $(subcommands <"$root/Tests/Golden/help/$step.txt"); do
    "$bin/$step" "$sub" --help >"$root/Tests/Golden/help/$step-$sub.txt"
  done
  echo "wrote Tests/Golden/help/$step*.txt ($(ls "$root/Tests/Golden/help/$step".txt "$root/Tests/Golden/help/$step"-*.txt | wc -l) files)"

  # StatsGoldenTests runs the same lines the same way (Tests/CoreTests/StatsGoldenTests.swift).
  if [[ -f "$root/Tests/Golden/stats/$step.args" ]]; then
    scratch=$(mktemp -d)
    (
      cd "$scratch"
      grep -v -e '^#' -e '^$' "$root/Tests/Golden/stats/$step.args" | while read -r line; do
        # A line may start with another step, which runs instead (step 5's file comes from step 4).
        run=$step
        if [[ $line =~ ^(step[0-9]+)\ (.*)$ ]]; then run=${BASH_REMATCH[1]} line=${BASH_REMATCH[2]}; fi
        echo "\$ make $run ARGS=\"$line\""
        status=0
        # shellcheck disable=SC2086 # one command a line, its words split on spaces
        COURSE_DB_DIR="$scratch/db" COURSE_HIDE_TIMINGS=1 "$bin/$run" $line </dev/null || status=$?
        if [[ $status != 0 ]]; then echo "(exit status $status)"; fi
      done
    ) >"$root/Tests/Golden/stats/$step.txt"
    rm -rf "$scratch"
    echo "wrote Tests/Golden/stats/$step.txt ($(wc -l <"$root/Tests/Golden/stats/$step.txt") lines)"
  fi
done
# Step 8's generator: the source it writes from step 7's schema file, and from
# step 6's catalog (foreign keys both ways, a NUMERIC column).
if [[ " $(echo $steps) " == *" step8 "* ]]; then
  "$bin/generate-records" "$root/Steps/step7/Resources/BodiesDB-001.sql" >"$root/Tests/Golden/step8-records-BodiesDB-001.txt"
  echo "wrote Tests/Golden/step8-records-BodiesDB-001.txt (the records generated from BodiesDB-001.sql)"
  "$bin/generate-records" "$root/Steps/step6/Resources/catalog.sql" >"$root/Tests/Golden/step8-records-catalog.txt"
  echo "wrote Tests/Golden/step8-records-catalog.txt (the records generated from catalog.sql)"
fi
git -C "$root" --no-pager diff --stat -- Tests/Golden || true
echo "Next: make docs (the chapters' output blocks follow these files), then review git diff."
