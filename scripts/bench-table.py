#!/usr/bin/env python3
"""Chapter 12's table of results, in Markdown, from `make bench`'s results.json.

    python3 scripts/bench-table.py [.build/bench/results.json]
    python3 scripts/bench-table.py --check [FILE]   # CI: the JSON has every field, or exit 1
    python3 scripts/bench-table.py --debug DEBUG.json [FILE]   # the same ways, debug against release
    python3 scripts/bench-table.py --claims [FILE]  # one row per claim: margin and count, then the smallest margin

Prints the run's date and machine, then one row per comparison: the time of
each side (minimum of the repetitions), the ratio, what SQLite counted in one
run of each side (the mechanism behind the ratio: syncs, full-scan steps,
statements compiled or run…), the claim and its margin; then the smallest
margin. The chapter's tables are this script's output, pasted as they come.
"""
import json, re, sys

from benchformat import net, ratio, seconds

args = sys.argv[1:]
check = "--check" in args
claims_only = "--claims" in args
args = [a for a in args if a not in ("--check", "--claims")]
debug_path = None
if "--debug" in args:
    i = args.index("--debug")
    debug_path = args[i + 1]
    del args[i:i + 2]
path = args[0] if args else ".build/bench/results.json"
report = json.load(open(path))
machine = report["machine"]

if check:
    problems = [f"no field {key}" for key in ("date", "machine", "results") if key not in report]
    problems += [f"machine has no {key}" for key in ("toolchain", "sqliteVersion", "configuration", "cores")
                 if key not in machine]
    fields = ("name", "baseline", "seconds", "baselineSeconds", "ratio", "claim", "holds", "margin", "repetitions")
    for r in report.get("results", []):
        problems += [f"{r.get('name', '?')}: no {key}" for key in fields if key not in r]
        margin = r.get("margin")
        if "margin" in r and not isinstance(margin, (int, float)):
            problems.append(f"{r.get('name', '?')}: margin is not a number")
        elif "margin" in r and "holds" in r and (margin >= 1) != r["holds"]:
            problems.append(f"{r.get('name', '?')}: margin {margin} disagrees with holds {r['holds']}")
        # An exact claim bounds a count: it holds when the count equals its
        # bound, and its margin is then 1 (0 when it does not hold).
        if r.get("claimDirection") == "exactly":
            count = r.get("count")
            if not isinstance(count, int):
                problems.append(f"{r.get('name', '?')}: an exact claim without a count")
            elif (count == r.get("claimBound")) != r.get("holds") or margin != (1 if r.get("holds") else 0):
                problems.append(f"{r.get('name', '?')}: count {count}, bound {r.get('claimBound')}, "
                                f"holds {r.get('holds')} and margin {margin} disagree")
        # A count is what SQLite counted in one run of each side: both, with what they count.
        if r.get("counted") is not None and not all(
                isinstance(r.get(key), int) and r[key] >= 0 for key in ("measuredCount", "baselineCount")):
            problems.append(f"{r.get('name', '?')}: counts {r.get('counted')} without both counts")
        if r.get("seconds", 0) <= 0 or r.get("baselineSeconds", 0) <= 0:
            problems.append(f"{r.get('name', '?')}: a time is not positive")
    if not report.get("results"):
        problems.append("no results")
    for problem in problems:
        print(f"{path}: {problem}")
    print(f"{path}: {len(report.get('results', []))} results, "
          f"{'every field present' if not problems else f'{len(problems)} problem(s)'}")
    sys.exit(1 if problems else 0)

print(f"Run of {report['date'][:16].replace('T', ' ')} UTC · {machine['configuration']} build · "
      f"SQLite {machine['sqliteVersion']} · GRDB {machine['grdbVersion']} · {machine['cores']} cores "
      f"({machine['cpu']}) · {machine['toolchain']}" + (" · --quick" if report["quick"] else ""))
if debug_path:
    debug = {r["name"]: r for r in json.load(open(debug_path))["results"]}
    print("| way | release | debug | debug ÷ release |")
    print("| --- | ---: | ---: | ---: |")
    seen = set()
    for r in report["results"]:
        d = debug.get(r["name"])
        if not d or not r["section"].startswith("GRDB"):
            continue
        # Each comparison's C baseline once per section, then the GRDB way.
        # (its fastest run over the section's comparisons, in each build).
        if (r["section"], r["baseline"]) not in seen:
            seen.add((r["section"], r["baseline"]))
            same = [x for x in report["results"] if x["section"] == r["section"] and x["baseline"] == r["baseline"]]
            fast = min(x["baselineSeconds"] for x in same)
            fast_debug = min(debug[x["name"]]["baselineSeconds"] for x in same if x["name"] in debug)
            print(f"| {r['section']}: {r['baseline']} | {seconds(fast)} "
                  f"| {seconds(fast_debug)} | {fast_debug / fast:.1f}× |")
        print(f"| {r['name']} | {seconds(r['seconds'])} | {seconds(d['seconds'])} "
              f"| {d['seconds'] / r['seconds']:.1f}× |")
    sys.exit(0)

def exact(r):
    return r.get("claimDirection") == "exactly"

def margin(r):
    """How far past its bound, and **not held** when under 1; an exact claim's count."""
    if exact(r):
        return f"exact: {r['count']}" if r["holds"] else f"**exact: {r['count']}, not held**"
    text = f"{ratio(r['margin'])}×"
    return text if r["holds"] else f"**{text}: not held**"

def counted(r):
    """What SQLite counted in one run of the measured side, then of the baseline."""
    if r.get("counted") is None:
        return ""
    return f"{r['measuredCount']:,} against {r['baselineCount']:,} {r['counted']}"

if claims_only:
    # What a closing note quotes: each claim, whether it held and by how much, what SQLite counted.
    print("| claim | ratio | margin | counted (one run each) |")
    print("| --- | ---: | ---: | --- |")
    for r in report["results"]:
        print(f"| {r['claim']} | {ratio(r['ratio'])}× | {margin(r)} | {counted(r)} |")
    bounded = [r for r in report["results"] if not exact(r)]
    if bounded:
        closest = min(bounded, key=lambda r: r["margin"])
        print(f"\nSmallest margin: {ratio(closest['margin'])}× ({closest['claim']}); "
              f"{sum(r['holds'] for r in report['results'])} of {len(report['results'])} claims held.")
    sys.exit(0)

section = None
# The scale rows proper: "COMMAND · 10,000 UNIT" (not the index comparison after them).
scale = [r for r in report["results"]
         if r["section"] == "Scale" and re.fullmatch(r".* · [\d,]+ \w+", r["name"])]
sizes = []
for r in scale:
    size = r["name"].split(" · ")[1].split(" ")[0]
    if size not in sizes:
        sizes.append(size)
for r in report["results"]:
    if r["section"] == "Scale" and r in scale:
        if section != "Scale":
            section = "Scale"
            print("\n**Scale** (processor time of the step's process; net = beyond the same command on one row)\n")
            print("| command | process start and open | " + " | ".join(f"net at {s}" for s in sizes) + " | claims held |")
            print("| --- | ---: | " + " | ".join("---:" for _ in sizes) + " | --- |")
            titles = []
            for x in scale:
                title = x["name"].split(" · ")[0]
                if title not in titles:
                    titles.append(title)
            for title in titles:
                rows = {x["name"].split(" · ")[1].split(" ")[0]: x for x in scale if x["name"].split(" · ")[0] == title}
                start = min(x["baselineSeconds"] for x in rows.values())
                cells = [net(rows[s]) if s in rows else "" for s in sizes]
                held = sum(x["holds"] for x in rows.values())
                print(f"| `{title}` | {seconds(start)} | " + " | ".join(cells) + f" | {held} of {len(rows)} |")
            print("\n| measured | baseline | time | baseline time | ratio | counted (one run each) | claim | margin |")
            print("| --- | --- | ---: | ---: | ---: | --- | --- | ---: |")
        print(f"| {r['name']} | {r['baseline'].split(' · ')[-1]} | {seconds(r['seconds'])} | {seconds(r['baselineSeconds'])} "
              f"| {ratio(r['ratio'])}× | {counted(r)} | {r['claim']} | {margin(r)} |")
        continue
    if r["section"] != section:
        section = r["section"]
        print(f"\n**{section}**\n")
        print("| measured | baseline | time | baseline time | ratio | counted (one run each) | claim | margin |")
        print("| --- | --- | ---: | ---: | ---: | --- | --- | ---: |")
    notes = "".join(f"<br>· {n}" for n in r["notes"] if "→" not in n)
    print(f"| {r['name']}{notes} | {r['baseline']} | {seconds(r['seconds'])} | {seconds(r['baselineSeconds'])} "
          f"| {ratio(r['ratio'])}× | {counted(r)} | {r['claim']} | {margin(r)} |")
bounded = [r for r in report["results"] if not exact(r)]
closest = min(bounded, key=lambda r: r["margin"]) if bounded else None
print(f"\nMinimum of the repetitions shown in results.json (`repetitions`); "
      f"{sum(r['holds'] for r in report['results'])} of {len(report['results'])} claims held; "
      f"margin = how far past its bound (≥ 1: holds)"
      + (f"; smallest {ratio(closest['margin'])}× ({closest['name']})" if closest else "")
      + "; an exact claim shows its count (it holds only on its bound); "
      + f"{sum(r.get('counted') is not None for r in report['results'])} comparisons show what SQLite counted.")
