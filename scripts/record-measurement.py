#!/usr/bin/env python3
"""Keeps a figure in docs/measurements.md, under the heading of what was measured.

    scripts/record-measurement.py SECTION TEXT

A measuring script calls this when it was run with --record: the figure goes under
`## SECTION` (made at the end of the file if it is new), newest first, with when,
at which commit and on which machine it was taken, so that a figure is never read
without its conditions. Nothing else writes that file's entries: they come from
running the scripts, as golden files come from running the steps.
"""
import datetime
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILE = ROOT / "docs" / "measurements.md"
HEADER = """# Measurements

Figures taken by the scripts in `scripts/`, each under what it measures, newest first: when (UTC), at which
commit (`+` when the work tree had changes), the machine's cores and its load average (1, 5, 15 min) as
the run ended. Written by `scripts/record-measurement.py` when a script runs with `--record`; never edited by hand
(but for the last section, "Taken by hand", where there is one: figures no script re-takes, kept once).
A figure taken while the machine did something else (load ≥ 1) says which way a change goes, not what it costs.
"""
HAND = "## Taken by hand\n"


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True).stdout.strip()


def main(argv):
    if len(argv) != 3 or not argv[1].strip() or not argv[2].strip():
        print("usage: scripts/record-measurement.py SECTION TEXT", file=sys.stderr)
        return 64
    section, text = argv[1].strip(), " ".join(argv[2].split())
    commit = git("rev-parse", "--short", "HEAD") or "no commit"
    # The measurements file itself does not count: an earlier figure of the same session changed it.
    changed = [line for line in git("status", "--porcelain", "--untracked-files=no").splitlines()
               if not line.endswith("docs/measurements.md")]
    if changed:
        commit += "+"
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    load = " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3]) if pathlib.Path("/proc/loadavg").exists() \
        else " ".join(f"{x:.2f}" for x in os.getloadavg())
    entry = f"- {when} · {commit} · {os.cpu_count()} cores · load {load} · {text}\n"

    lines = FILE.read_text().splitlines(keepends=True) if FILE.exists() else [HEADER]
    heading = f"## {section}\n"
    if heading in lines:
        at = lines.index(heading) + 1
        while at < len(lines) and not lines[at].strip():
            at += 1
        lines.insert(at, entry)
    elif HAND in lines:
        # A new section goes before the figures taken by hand, which end the file.
        at = lines.index(HAND)
        lines[at:at] = [heading, "\n", entry, "\n"]
    else:
        if lines and lines[-1].strip():
            lines.append("\n")
        lines += [heading, "\n", entry]
    FILE.write_text("".join(lines))
    print(f"recorded in {FILE.relative_to(ROOT)} under \"{section}\"")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
