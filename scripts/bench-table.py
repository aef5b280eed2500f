#!/usr/bin/env python3
"""Chapter 9's table of results, in Markdown, from `make bench`'s results.json.

    python3 scripts/bench-table.py [.build/bench/results.json]

Prints the run's date and machine, then one row per comparison: the time of
each side (minimum of the repetitions), the ratio, the claim and whether it
held. The chapter's tables are this script's output, pasted as they come.
"""
import json, sys

path = sys.argv[1] if len(sys.argv) > 1 else ".build/bench/results.json"
report = json.load(open(path))
machine = report["machine"]

def seconds(s):
    if abs(s) >= 1: return f"{s:.2f} s"
    if abs(s) >= 0.001: return f"{s * 1000:.1f} ms"
    return f"{s * 1e6:.0f} µs"

def ratio(r):
    return f"{r:.0f}" if r >= 100 else f"{r:.1f}" if r >= 10 else f"{r:.2f}"

print(f"Run of {report['date'][:16].replace('T', ' ')} UTC · {machine['configuration']} build · "
      f"SQLite {machine['sqliteVersion']} · GRDB {machine['grdbVersion']} · {machine['cores']} cores "
      f"({machine['cpu']}) · {machine['toolchain']}" + (" · --quick" if report["quick"] else ""))
section = None
for r in report["results"]:
    if r["section"] != section:
        section = r["section"]
        print(f"\n**{section}**\n")
        print("| measured | baseline | time | baseline time | ratio | claim | holds |")
        print("| --- | --- | ---: | ---: | ---: | --- | --- |")
    notes = "".join(f"<br>· {n}" for n in r["notes"] if "→" not in n)
    print(f"| {r['name']}{notes} | {r['baseline']} | {seconds(r['seconds'])} | {seconds(r['baselineSeconds'])} "
          f"| {ratio(r['ratio'])}× | {r['claim']} | {'yes' if r['holds'] else '**no**'} |")
print(f"\nMinimum of the repetitions shown in results.json (`repetitions`); "
      f"{sum(r['holds'] for r in report['results'])} of {len(report['results'])} claims held.")
