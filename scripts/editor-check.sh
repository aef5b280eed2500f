#!/usr/bin/env bash
# Does the learner's editor see the exercises? Starts sourcekit-lsp (the language
# server of VS Code's Swift extension and of Neovim) on the repository as an editor
# does, opens Exercises/s2-write-rollback/Roster.swift (`import GRDB`) with a type
# error planted at its end in the editor's buffer only (the file on disk is never
# written), and exits 0 only when that error is reported and no import is missing.
#
# The language server resolves `import GRDB` from the modules in .build (built by
# make step2 … step8 or make test); without them this script builds GRDB first (a
# minute or two). Background indexing is off, as the check needs no index:
# scripts/editor-check.sh --background-indexing turns it on (it then prepares its
# own build in .build/index-build, GRDB included: minutes the first time).
# Usage: scripts/editor-check.sh [FILE] [--background-indexing]
set -euo pipefail
cd "$(dirname "$0")/.."
# The language server's and swift's temporary files: a folder of this run's own, deleted at the end.
export TMPDIR=$PWD/.build/tmp/editor-check-$$ && mkdir -p "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
file=Exercises/s2-write-rollback/Roster.swift
options=()
for argument in "$@"; do
  case "$argument" in --*) options+=("$argument") ;; *) file=$argument ;; esac
done
if ! [ -e .build/debug/Modules/GRDB.swiftmodule ]; then
  echo "Building GRDB for the language server (once)..."
  # As make builds: the exercise targets left out, so the next make test plans as usual.
  COURSE_EXERCISES=none swift build --target GRDB
fi
# What an editor sees: no variable set, so every exercise is a target (Package.swift).
unset COURSE_EXERCISES COURSE_EXERCISE_ROOT
python3 scripts/editor-check.py . "$file" 180 "${options[@]}"
