#!/usr/bin/env bash
# CI's install step (.ci/run runs it first): what the commands in .ci/steps need, for this platform.
#   Linux (Debian or Ubuntu; the Swift image of .github/workflows/ci.yml has no make, pip or SQLite's
#   header): installs the missing Debian packages with apt-get, through sudo when not root.
#   macOS: installs nothing (Xcode brings Swift, SQLite's header and library come with its SDK,
#   python3 and make with the system); stops if Xcode or the Command Line Tools are missing.
#   COURSE_OS=Darwin   behave as on macOS (for the tests: docs/environment-switches.md)
set -euo pipefail
os=${COURSE_OS:-$(uname -s)}
cd "$(dirname "$0")/.."

# junitparser, the JUnit reader ReportTests reads the instructor's report.xml with (a real
# consumer, not only our own code): pinned, with pip into .build/tools/ (--target, as
# scripts/actionlint.sh does). The test skips, saying so, where it is not installed.
junitparser=junitparser-5.0.3
install_junitparser() {
  [ -z "${COURSE_OS:-}" ] || return 0 # a simulated platform (WorkflowTests): installs nothing
  [ -d ".build/tools/$junitparser/junitparser" ] && return 0
  echo "Installing $junitparser into .build/tools/$junitparser (pip)"
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps \
    --target ".build/tools/$junitparser" "junitparser==${junitparser#junitparser-}"
}

if [ "$os" = Darwin ]; then
  if ! sdk=$(xcrun --show-sdk-path 2>/dev/null) || ! [ -f "$sdk/usr/include/sqlite3.h" ]; then
    echo "No macOS SDK with sqlite3.h: install Xcode, or run: xcode-select --install" >&2
    exit 1
  fi
  echo "macOS: Swift and SQLite from Xcode's SDK ($sdk): nothing to install for them."
  install_junitparser
  exit 0
fi

# Each command, and the Debian package that provides it.
packages=()
[ -f /usr/include/sqlite3.h ] || packages+=(libsqlite3-dev)
command -v sqlite3 >/dev/null 2>&1 || packages+=(sqlite3) # the shell, which some tests' messages mention
command -v make >/dev/null 2>&1 || packages+=(make)
command -v python3 >/dev/null 2>&1 || packages+=(python3) # make evidence, the editor check, the bench's table
python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip) # scripts/actionlint.sh installs with pip
# setsid (util-linux): PracticeLoopTests runs `make ex ARGS="watch"` in a pseudo-terminal of its own session.
command -v setsid >/dev/null 2>&1 || packages+=(util-linux)
# SQLite's documentation, offline (the version Debian links, 3.40.1 on Debian 12): EvidenceTests finds every
# `sqlite:` quote of docs/evidence in its page. SQLITE_DOCS: look there instead (for the tests).
[ -f "${SQLITE_DOCS:-/usr/share/doc/sqlite3}/lang_transaction.html" ] || packages+=(sqlite3-doc)
if [ ${#packages[@]} -eq 0 ]; then
  echo "Linux: every package CI needs is installed."
  install_junitparser
  exit 0
fi
if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
echo "Linux: installing ${packages[*]}"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"
install_junitparser
