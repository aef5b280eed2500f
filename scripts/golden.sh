#!/usr/bin/env bash
# `make golden`: rewrites Tests/Golden/<step>.txt from each step's tour.
# Run it only when a tour's output changed on purpose, then review the diff
# (git diff Tests/Golden) line by line before committing.
# The tests run the tours the same way: in a scratch folder, with the
# databases under its db/ and timings hidden, so the files hold no absolute
# paths and no durations.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/debug"
steps=${*:-$(cd "$root/Steps" && ls -d step* | sort -V)}
for step in $steps; do
  scratch=$(mktemp -d)
  (cd "$scratch" && COURSE_DB_DIR="$scratch/db" COURSE_HIDE_TIMINGS=1 "$bin/$step" </dev/null >"$root/Tests/Golden/$step.txt")
  rm -rf "$scratch"
  echo "wrote Tests/Golden/$step.txt ($(wc -l <"$root/Tests/Golden/$step.txt") lines)"
done
# Step 8's generator: the source it writes from step 7's schema file.
if [[ " $steps " == *" step8 "* ]]; then
  "$bin/generate-records" "$root/Steps/step7/Resources/BodiesDB-001.sql" >"$root/Tests/Golden/step8-records-BodiesDB-001.txt"
  echo "wrote Tests/Golden/step8-records-BodiesDB-001.txt (the records generated from BodiesDB-001.sql)"
fi
git -C "$root" --no-pager diff --stat -- Tests/Golden || true
