#!/usr/bin/env python3
"""make evidence: runs every experiment of docs/evidence/experiments/ and prints what each saw.

  python3 scripts/evidence.py              run them all (CI does); exit 1 if any does not hold
  python3 scripts/evidence.py NAME …       only these (09-deferred-write-waits.py, or a prefix: 09-)
  python3 scripts/evidence.py --summary    per chapter: claims listed, checked, corrected, new, removed

The lists themselves (docs/evidence/NN-….md) are checked by `make test` (Tests/CoreTests/EvidenceTests.swift).
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVIDENCE = os.path.join(ROOT, "docs", "evidence")
EXPERIMENTS = os.path.join(EVIDENCE, "experiments")
CHAPTERS_SQLITE = "3.40.1"  # the version the chapters' claims were tried on (Debian 12's libsqlite3)


def run(names):
    sys.path.insert(0, EXPERIMENTS)
    import lab  # the library the experiments load, to say which it is

    note = "" if lab.VERSION == CHAPTERS_SQLITE else f" — the chapters were checked on {CHAPTERS_SQLITE}"
    print(f"SQLite {lab.VERSION} (libsqlite3, the library the steps link){note}")
    files = sorted(f for f in os.listdir(EXPERIMENTS) if f.endswith(".py") and f != "lab.py")
    if names:
        files = [f for f in files if any(f.startswith(n) for n in names)]
        if not files:
            sys.exit(f"no experiment matches {' '.join(names)}")
    failed = []
    for name in files:
        result = subprocess.run([sys.executable, name], cwd=EXPERIMENTS, capture_output=True, text=True)
        lines = (result.stdout + result.stderr).strip().splitlines() or ["(printed nothing)"]
        if result.returncode == 0:
            print(f"✓ {name}: {lines[-1]}")
        else:
            failed.append(name)
            print(f"✗ {name} (exit {result.returncode}):")
            print("\n".join("    " + line for line in lines))
    held = len(files) - len(failed)
    print(f"{held} of {len(files)} experiments hold" + (f"; not as claimed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


def summary():
    print(f"{'list':<36} {'claims':>6} {'checked':>8} {'corrected':>10} {'new':>5} {'removed':>8}")
    totals = [0] * 5
    for name in sorted(os.listdir(EVIDENCE)):
        if not name.endswith(".md") or name == "README.md":
            continue
        text = open(os.path.join(EVIDENCE, name), encoding="utf-8").read()
        body, _, removed = text.partition("\n## Removed")
        reviews = [row.rsplit("|", 2)[-2].strip() for row in body.splitlines()
                   if row.startswith("|") and not row.startswith("| Claim") and not row.startswith("| ---")]
        counts = [len(reviews)] + [sum(r.startswith(word) for r in reviews) for word in ("checked", "corrected", "new")]
        counts.append(len(re.findall(r"^- ", removed, re.M)))
        totals = [t + c for t, c in zip(totals, counts)]
        print(f"{name:<36} " + " ".join(f"{c:>{w}}" for c, w in zip(counts, (6, 8, 10, 5, 8))))
    print(f"{'all':<36} " + " ".join(f"{c:>{w}}" for c, w in zip(totals, (6, 8, 10, 5, 8))))
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    sys.exit(summary() if arguments == ["--summary"] else run(arguments))
