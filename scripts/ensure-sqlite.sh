#!/usr/bin/env bash
# Makes sure SQLite's C header and library are installed before anything is
# compiled, so a learner never meets a compiler error about sqlite3.h.
# Installs libsqlite3-dev with apt-get (through sudo when not root) when it can;
# otherwise stops with the exact command to run.
#   SQLITE_HEADER=/path/to/sqlite3.h  look there instead of /usr/include/sqlite3.h
#   COURSE_OS=Darwin                  behave as on macOS (for the tests: docs/environment-switches.md)
# On macOS the header comes with Apple's SDK (the Command Line Tools) and the
# library with the system: nothing to install with a package manager.
set -u
os=${COURSE_OS:-$(uname -s)}
if [ "$os" = Darwin ]; then
  # Apple's SDK, wherever Xcode or the Command Line Tools put it; none without them.
  sdk=$(xcrun --show-sdk-path 2>/dev/null || true)
  header=${SQLITE_HEADER:-${sdk:-/no-sdk}/usr/include/sqlite3.h}
  [ -f "$header" ] && exit 0
  [ -n "$sdk" ] || echo "No Apple SDK: xcrun --show-sdk-path found none." >&2
  echo "SQLite's C header ($header) is missing: it comes with Xcode or Apple's Command Line Tools." >&2
  echo "Run this, then try again:" >&2
  echo "    xcode-select --install" >&2
  exit 1
fi
header=${SQLITE_HEADER:-/usr/include/sqlite3.h}
[ -f "$header" ] && exit 0

echo "SQLite's C header ($header) is missing: the libsqlite3-dev package provides it." >&2
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    prefix=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    prefix="sudo"
  else
    prefix="unavailable"
  fi
  if [ "$prefix" != unavailable ]; then
    echo "Installing it: $prefix apt-get install -y libsqlite3-dev" >&2
    $prefix apt-get update -qq && $prefix apt-get install -y -qq libsqlite3-dev sqlite3 >&2 \
      && [ -f "$header" ] && exit 0
    echo "The installation did not provide $header." >&2
  fi
fi
echo "Run this, then try again:" >&2
echo "    sudo apt-get update && sudo apt-get install -y libsqlite3-dev" >&2
exit 1
