#!/usr/bin/env bash
# `make doctor`: checks what the workspace needs and prints the fix for
# whatever is missing. Exits 1 when something required is missing.
#   SQLITE_HEADER=/path/to/sqlite3.h    check that header instead
#   SQLITE_LIBRARY=/path/to/libsqlite3.so  check that library instead
#   SQLITE_DOCS=/path/to/folder         look for SQLite's HTML documentation there
#   COURSE_OS=Darwin                    check as on macOS (for the tests: docs/environment-switches.md)
# Linux: libsqlite3-dev gives sqlite3.h and libsqlite3.so. macOS: Apple's SDK
# (Xcode or the Command Line Tools, found with xcrun) gives sqlite3.h and
# libsqlite3.tbd, the system the library itself (libsqlite3.dylib).
set -u
os=${COURSE_OS:-$(uname -s)}
missing=0
ok()      { printf '  ok       %s\n' "$1"; }
problem() { printf '  MISSING  %s\n           fix: %s\n' "$1" "$2"; missing=1; }
hint()    { printf '  optional %s\n           fix: %s\n' "$1" "$2"; }

echo "Checking the SQLite-in-Swift workspace's requirements:"

# Swift 6.1 or later: Package.swift declares swift-tools-version 6.1.
if command -v swift >/dev/null 2>&1; then
  version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1)
  major=${version%%.*}; minor=${version#*.}
  if [ -n "$version" ] && { [ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 1 ]; }; }; then
    ok "Swift $version"
  else
    problem "Swift 6.1 or later (found: ${version:-unknown})" "install a Swift 6.1+ toolchain from swift.org"
  fi
else
  problem "Swift (no swift command on PATH)" "install a Swift 6.1+ toolchain from swift.org and add it to PATH"
fi

if [ "$os" = Darwin ]; then
  apt_fix="xcode-select --install"
  sdk=$(xcrun --show-sdk-path 2>/dev/null || true)
  if [ -n "$sdk" ]; then
    ok "Apple's SDK ($sdk)"
  else
    problem "Apple's SDK (xcrun --show-sdk-path found none): Xcode or the Command Line Tools" "$apt_fix"
    sdk=/no-sdk
  fi
  header=${SQLITE_HEADER:-$sdk/usr/include/sqlite3.h}
else
  apt_fix="sudo apt-get update && sudo apt-get install -y libsqlite3-dev"
  header=${SQLITE_HEADER:-/usr/include/sqlite3.h}
fi
if [ -f "$header" ]; then
  ok "sqlite3.h ($header, SQLite $(sed -n 's/^#define SQLITE_VERSION *"\(.*\)"/\1/p' "$header"))"
else
  problem "sqlite3.h (looked for $header)" "$apt_fix"
fi

library=${SQLITE_LIBRARY:-}
if [ "$os" = Darwin ]; then
  # The linker reads the SDK's stub, libsqlite3.tbd; the libsqlite3.dylib it names is in the
  # system's shared cache, not a file on disk.
  libname="libsqlite3.tbd (the SDK's stub for the system's libsqlite3.dylib)"
  candidates="$sdk/usr/lib/libsqlite3.tbd"
else
  libname=libsqlite3.so
  candidates=""
  # Debian's multiarch folder (x86_64-linux-gnu) from gcc, or from the machine's name where there is
  # no gcc (the Swift image has none).
  for dir in /usr/lib/$(gcc -print-multiarch 2>/dev/null) /usr/lib/$(uname -m)-linux-gnu /usr/lib64 /usr/lib \
    /usr/local/lib; do
    candidates="$candidates $dir/libsqlite3.so"
  done
fi
if [ -z "$library" ]; then
  for candidate in $candidates; do
    [ -e "$candidate" ] && { library="$candidate"; break; }
  done
fi
if [ -n "$library" ] && [ -e "$library" ]; then
  ok "libsqlite3 ($library)"
else
  if [ "$os" = Darwin ]; then looked=${library:-$candidates}; else looked=${library:-$libname in the usual folders}; fi
  problem "$libname, which the linker needs (looked for $looked)" "$apt_fix"
fi

if command -v sqlite3 >/dev/null 2>&1; then
  ok "sqlite3 command-line shell ($(sqlite3 --version | cut -d' ' -f1)), for looking into databases"
else
  if [ "$os" = Darwin ]; then shell_fix="it comes with macOS: check your PATH"; else shell_fix="sudo apt-get install -y sqlite3"; fi
  hint "sqlite3 command-line shell, for looking into databases" "$shell_fix"
fi

# SQLite's documentation, offline: EvidenceTests looks up the book's quotes of it there (Linux: Debian's
# sqlite3-doc; elsewhere the test skips, saying so).
docs=${SQLITE_DOCS:-/usr/share/doc/sqlite3}
if [ -f "$docs/lang_transaction.html" ]; then
  ok "SQLite's documentation ($docs), where EvidenceTests finds the book's quotes"
elif [ "$os" = Darwin ]; then
  hint "SQLite's documentation, for EvidenceTests' quotes (Linux only: Debian's sqlite3-doc)" "none on macOS: the test skips"
else
  hint "SQLite's documentation (looked for $docs), where EvidenceTests finds the book's quotes" \
    "sudo apt-get install -y sqlite3-doc"
fi

if [ "$missing" = 0 ]; then echo "All set: try 'make step1'."; else echo "Fix what is MISSING above, then run 'make doctor' again."; fi
exit $missing
