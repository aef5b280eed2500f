#!/usr/bin/env bash
# `make` with no target: one line per chapter, taken from each chapter's title.
# A chapter with a step program ("# Step 3 · …") runs with `make step3`; a
# chapter without one ("# Chapter 12 · …") names its own target below. Chapter numbers have
# one or two digits (docs/09-…, docs/12-…).
cd "$(dirname "$0")/.."
# (A case, not an associative array, and sed -E, not GNU's \|: macOS runs bash 3.2 and BSD sed.)
chapter_target() { case $1 in 12) echo bench ;; esac; }
echo "SQLite in Swift, step by step. Run a step with 'make stepN' (arguments: make step3 ARGS=\"--help\")."
for chapter in docs/[0-9][0-9]-*.md; do
  n=$((10#$(basename "$chapter" | cut -c1-2)))
  title=$(head -n 1 "$chapter" | sed -E -e 's/^# *//' -e 's/^(Step|Chapter) [0-9]* · //')
  if [ -d "Steps/step$n" ]; then
    target="step$n"
  else
    target=$(chapter_target "$n")
    [ -n "$target" ] || { echo "  ($chapter has no step program and no make target in scripts/list-steps.sh)"; continue; }
  fi
  printf '  make %-8s %-44s %s\n' "$target" "$title" "$chapter"
done
echo "Exercises: make ex (the next one; make ex ARGS=\"list\" lists them all, ARGS=\"watch\" re-checks on save)."
echo "Also: make test · make test-stepN · make golden · make docs · make reset · make doctor · make lint · make bench-quick"
