#!/usr/bin/env bash
# `make` with no target: one line per step, taken from each chapter's title.
cd "$(dirname "$0")/.."
echo "SQLite in Swift, step by step. Run a step with 'make stepN' (arguments: make step3 ARGS=\"--help\")."
for chapter in docs/0[1-9]-*.md; do
  n=$(basename "$chapter" | cut -c2)
  title=$(head -n 1 "$chapter" | sed -e 's/^# *//' -e 's/^Step [0-9]* · //')
  printf '  make step%s   %-44s %s\n' "$n" "$title" "$chapter"
done
echo "Also: make test · make test-stepN · make golden · make docs · make reset · make doctor · make lint"
