#!/usr/bin/env bash
# `make bench`'s build output: keeps the whole log in $1, shows one line of
# progress ("[123/456] Compiling GRDB …") that updates in place, and on a
# failed build prints the log's errors. Reads the build's output on stdin.
set -uo pipefail
log="$1"
: >"$log"
while IFS= read -r line; do
  printf '%s\n' "$line" >>"$log"
  case "$line" in
    \[*\]*) printf '\r    %-90.90s' "$line" ;;
  esac
done
printf '\r%-96s\r' ''
if grep -q -E '^error:|: error:' "$log"; then
  grep -E 'error' "$log" | head -20
  echo "The build failed: the full log is in $log."
  exit 1
fi
exit 0
