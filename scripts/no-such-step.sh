#!/usr/bin/env bash
# `make stepN` for a step that does not exist (make step0, make step12): say
# which steps do, read from Steps/ (a step is a folder Steps/stepN), and fail.
cd "$(dirname "$0")/.."
steps=$(ls -d Steps/step[0-9]* | sed 's|Steps/||' | sort -t p -k 2 -n | tr '\n' ' ')
echo "There is no step$1: the steps are ${steps% }. \`make\` lists them with their chapters." >&2
exit 1
