#!/usr/bin/env python3
"""Mutation testing with mutants made by a tool (make mutants): how many slips would the tests catch?

    make mutants ARGS="--sample 200 --seed 1"            200 mutants that build, spread over the modules
    make mutants ARGS="--sample 20 --files 'Steps/step7/*'"   only step 7's files (after changing them)
    make mutants ARGS="--list"                          how many mutants each module has; runs nothing
    make mutants ARGS="--rerun .build/mutants/sample-1.json"  the survivors of an earlier sample, again
    make mutants ARGS="--summary .build/mutants/sample-1.json --record"   its table, into docs/measurements.md
    make mutants ARGS="--sample 200 --seed 2 --resume .build/mutants/sample-2.json"   go on after an interruption

Tools/Mutants (swift-syntax, a package of its own) lists every mutant of the course's Swift files in
Steps/, Sources/ and Checks/Support: a condition negated, a comparison or && / || swapped, an operand
of && / || dropped, a statement deleted, a literal or an enum case replaced, DatabasePool for
DatabaseQueue, a clause or keyword of the SQL in a string literal. This script draws a sample with the
seed, round-robin over the modules (each step, ItemsKit, each target of Sources/, Checks/Support), so
that every module is in it, and for each mutant in turn: writes it into the file, builds incrementally,
runs the tests that can see that file (Tools/Mutants/tests.tsv: cheapest tier first, the next only
while the mutant lives), and puts the file back as it was. A verdict each:
  killed           a test failed (the first failing tests are kept), or the run crashed or timed out
  survived         every test that can see the file passed
  did not compile  not counted: the compiler caught it, not a test
Each tier of tests is first run once on the unmutated tree: one that fails there would call every
mutant killed, so the script stops and names it.
The checks that quote the code (the chapters' excerpts, the evidence snippets, the bench's copies of
step 11's SQL, a line number chapter 3 quotes) are skipped: a quote is not a test of behaviour.
Mutants listed in Tools/Mutants/equivalent.tsv (reviewed: they cannot change behaviour, each with its
reason) are left out of the draw. Results: .build/mutants/sample-SEED.json and .md; --record adds the
score to docs/measurements.md. Not a test of make test: it takes minutes to hours.
"""
import argparse
import collections
import fnmatch
import hashlib
import json
import os
import pathlib
import random
import re
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOL_PACKAGE = ROOT / "Tools" / "Mutants"
TESTS_MAP = TOOL_PACKAGE / "tests.tsv"
EQUIVALENT = TOOL_PACKAGE / "equivalent.tsv"
OUT = ROOT / ".build" / "mutants"
SOURCES = ["Steps/*.swift", "Sources/*.swift", "Checks/Support/*.swift"]
# The checks that quote the code rather than run it (see above).
QUOTE_CHECKS = ["DocsTests", "EvidenceTests", "BenchCopiesTests", "chapterThreeQuotesTheReportIssueLine"]
TIMEOUT = 900
# A line that declares a parameter with a default value (`func f(a: Bool = false)`, `init(… = 0)`).
DEFAULT_ARGUMENT = re.compile(r"\b(func|init)\b.*\(.*:[^,)]*=")
ENV = dict(os.environ, TMPDIR=str(ROOT / ".build" / "tmp"), COURSE_EXERCISES="none")


def module_of(path):
    """The module a file belongs to: stepN, ItemsKit, a target of Sources/, or Checks/Support."""
    parts = path.split("/")
    return "Checks/Support" if parts[0] == "Checks" else parts[1]


def mutant_id(m):
    digest = hashlib.sha1(f"{m['start']}:{m['end']}:{m['replacement']}".encode()).hexdigest()[:6]
    return f"{m['file']}:{m['line']}:{m['column']}:{m['operator']}:{digest}"


def read_tiers():
    rules = []
    for number, line in enumerate(TESTS_MAP.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        pattern, sep, tiers = line.partition("\t")
        if not sep:
            sys.exit(f"{TESTS_MAP}:{number}: expected PATTERN<TAB>TIERS")
        rules.append((pattern, [t.strip() for t in tiers.split(" ;; ")]))
    return rules


def tiers_for(path, rules):
    for pattern, tiers in rules:
        if fnmatch.fnmatch(path, pattern):
            step = re.match(r"Steps/step(\d+)/", path)
            return [t.replace("{N}", step.group(1)) if step else t for t in tiers]
    sys.exit(f"no line of {TESTS_MAP} matches {path}: add one")


def read_equivalent():
    """(file, context, original, replacement) of every mutant reviewed as equivalent, with its reason."""
    known = {}
    if EQUIVALENT.exists():
        for number, line in enumerate(EQUIVALENT.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 5 or not fields[4].strip():
                sys.exit(f"{EQUIVALENT}:{number}: expected FILE, CONTEXT, ORIGINAL, REPLACEMENT and REASON, tab-separated")
            known[tuple(f.replace("\\n", "\n") for f in fields[:4])] = fields[4]
    return known


def run(command, log, timeout=TIMEOUT, env=ENV):
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(command)}\n")
        out.flush()
        try:
            return subprocess.run(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            return "timeout"


def list_mutants(files):
    build = subprocess.run(["swift", "build", "--package-path", str(TOOL_PACKAGE)], cwd=ROOT,
                           env=ENV, capture_output=True, text=True)
    if build.returncode != 0:
        sys.exit("the mutation tool did not build:\n" + build.stdout[-3000:] + build.stderr[-3000:])
    tool = TOOL_PACKAGE / ".build" / "debug" / "mutants"
    listed = subprocess.run([str(tool), "list", *files], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        sys.exit(listed.stderr)
    return json.loads(listed.stdout)


def failed_tests(log_text):
    """Swift Testing's failing tests (✘ Test name() …), or verify's failing exercises (✗ id: …)."""
    names = re.findall(r"✘ Test (\S+?\(.*?\))", log_text)
    names += [f"verify {m}" for m in re.findall(r"^✗ (s\d+-[a-z0-9-]+):", log_text, re.M)]
    seen = []
    for name in names:
        if name not in seen:
            seen.append(name)
    return seen


def judge(mutant, tiers, log, baseline):
    """Runs the tiers on the mutated tree: (verdict, tier number, failing tests)."""
    pathlib.Path(log).touch()
    if any(t.startswith("swift ") for t in tiers):
        if run(["swift", "build", "--build-tests"], log) != 0:
            return "did not compile", 0, []
    for number, tier in enumerate(tiers, 1):
        if tier not in baseline:
            continue  # only a tier that passes on the unmutated tree can judge a mutant
        start = len(pathlib.Path(log).read_text(encoding="utf-8", errors="replace"))
        if tier.startswith("swift "):
            command = ["swift", "test", "--skip-build", "--filter", tier[len("swift "):]]
            for quote in QUOTE_CHECKS:
                command += ["--skip", quote]
            if "BuildStage" not in tier:
                command += ["--skip", "BuildStage"]
            status = run(command, log)
        else:
            env = {k: v for k, v in ENV.items() if k != "COURSE_EXERCISES"}
            status = run(["make", "--no-print-directory", "ex", f"ARGS={tier}"], log, env=env)
        text = pathlib.Path(log).read_text(encoding="utf-8", errors="replace")[start:]
        if tier.startswith("verify ") and re.search(r"Checks/Support/\S+\.swift:\d+:\d+: error:", text):
            return "did not compile", 0, []
        if "Test run with 0 tests" in text:
            sys.exit(f"{tier!r} matches no test: fix {TESTS_MAP}")
        if status == "timeout":
            return "killed", number, [f"(timed out after {TIMEOUT} s)"]
        if status != 0:
            return "killed", number, failed_tests(text) or [f"(exit status {status})"]
    return "survived", 0, []


def draw(mutants, size, seed):
    """The mutants in the order they are tried: round-robin over the modules, each shuffled by the seed."""
    rng = random.Random(seed)
    groups = collections.defaultdict(list)
    for m in mutants:
        groups[module_of(m["file"])].append(m)
    order = sorted(groups)
    for name in order:
        rng.shuffle(groups[name])
    while any(groups.values()):
        for name in order:
            if groups[name]:
                yield groups[name].pop()


def summary(results):
    rows = collections.OrderedDict()
    for r in results:
        row = rows.setdefault(r["module"], collections.Counter())
        row[r["verdict"]] += 1
    lines = ["| module | killed | survived | score | did not compile |", "| --- | ---: | ---: | ---: | ---: |"]
    total = collections.Counter()
    for name in sorted(rows, key=lambda n: (not n.startswith("step"), int(n[4:]) if n[4:].isdigit() else 0, n)):
        row = rows[name]
        total.update(row)
        counted = row["killed"] + row["survived"]
        score = f"{100 * row['killed'] / counted:.0f} %" if counted else "—"
        lines.append(f"| {name} | {row['killed']} | {row['survived']} | {score} | {row['did not compile']} |")
    counted = total["killed"] + total["survived"]
    score = f"{100 * total['killed'] / counted:.1f} %" if counted else "—"
    lines.append(f"| **all** | {total['killed']} | {total['survived']} | **{score}** | {total['did not compile']} |")
    return lines, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=20, help="how many mutants that compile to score")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--files", action="append", default=[], help="only files matching this glob (repeatable)")
    parser.add_argument("--list", action="store_true", help="count the mutants per module and operator; run nothing")
    parser.add_argument("--rerun", help="a results file: its survivors again (after a fix)")
    parser.add_argument("--record", action="store_true", help="add the score to docs/measurements.md")
    parser.add_argument("--summary", help="a results file: print its table (with --record, record it) and stop")
    parser.add_argument("--resume", help="the results file of an interrupted sample: go on with the same draw, at "
                                         "the same commit, from where it stopped (its time is added)")
    args = parser.parse_args()

    if args.summary:
        earlier = json.loads(pathlib.Path(args.summary).read_text(encoding="utf-8"))
        lines, total = summary(earlier["mutants"])
        print("\n".join(lines))
        if args.record:
            record(pathlib.Path(args.summary).stem, earlier.get("files") or [], lines, total, earlier["seconds"],
                   earlier["commit"])
        return 0

    files = subprocess.run(["git", "ls-files", *SOURCES], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if args.files:
        files = [f for f in files if any(fnmatch.fnmatch(f, g) for g in args.files)]
    if not files:
        sys.exit(f"no file of {' '.join(SOURCES)} matches {args.files}")
    rules = read_tiers()
    equivalent = read_equivalent()
    mutants = list_mutants(files)
    for m in mutants:
        m["id"] = mutant_id(m)
        m["module"] = module_of(m["file"])
    excluded = [m for m in mutants if (m["file"], m["context"], m["original"], m["replacement"]) in equivalent]
    mutants = [m for m in mutants if (m["file"], m["context"], m["original"], m["replacement"]) not in equivalent]

    if args.list:
        per_module = collections.Counter(m["module"] for m in mutants)
        per_operator = collections.Counter(m["operator"] for m in mutants)
        print(f"{len(mutants)} mutants in {len(files)} files ({len(excluded)} more listed as equivalent)")
        for name, count in sorted(per_module.items()):
            print(f"  {name:16} {count}")
        print("by operator: " + ", ".join(f"{k} {v}" for k, v in per_operator.most_common()))
        return 0

    if args.rerun:
        earlier = json.loads(pathlib.Path(args.rerun).read_text(encoding="utf-8"))
        # Matched by file, operator and what changes on which line (not by line number: new code moves lines).
        def key(m):
            return (m["file"], m["operator"], m["context"], m["original"], m["replacement"])
        wanted = {key(r): r["id"] for r in earlier["mutants"] if r["verdict"] == "survived"}
        queue = [m for m in mutants if key(m) in wanted]
        missing = [wanted[k] for k in wanted if k not in {key(m) for m in queue}]
        if missing:
            print(f"{len(missing)} survivors of {args.rerun} are no longer mutants of the code "
                  "(the line changed, or it is listed as equivalent):")
            for i in sorted(missing):
                print(f"  {i}")
        size, name = len(queue), "rerun-" + pathlib.Path(args.rerun).stem
    else:
        queue, size, name = draw(mutants, args.sample, args.seed), args.sample, f"sample-{args.seed}"
    done = {"mutants": [], "seconds": 0}
    if args.resume:
        # The draw depends on the code and on equivalent.tsv: only the same commit draws the same mutants.
        done = json.loads(pathlib.Path(args.resume).read_text(encoding="utf-8"))
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        if done["commit"] != head.stdout.strip() or done["seed"] != args.seed or done["sample"] != size:
            sys.exit(f"{args.resume} is a sample of {done['sample']} (seed {done['seed']}) at {done['commit']}: "
                     f"resume it with those, at that commit (git checkout --detach {done['commit']})")
        tried = {r["id"] for r in done["mutants"]}
        queue = [m for m in queue if m["id"] not in tried]

    dirty = subprocess.run(["git", "status", "--porcelain", "--", *files], cwd=ROOT, capture_output=True, text=True).stdout
    if dirty.strip():
        sys.exit("these files have uncommitted changes (the results name a commit): commit or stash them first\n" + dirty)
    OUT.mkdir(parents=True, exist_ok=True)
    (ROOT / ".build" / "tmp").mkdir(parents=True, exist_ok=True)

    current = {}  # the file mutated right now and its bytes, put back on any exit

    def restore():
        if current:
            pathlib.Path(ROOT / current["file"]).write_bytes(current["bytes"])
            current.clear()

    def interrupted(signum, frame):
        restore()
        print("\ninterrupted: the mutated file is back as it was", file=sys.stderr)
        sys.exit(130)

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print(f"Building the unmutated tree once (swift build --build-tests)...", flush=True)
    if run(["swift", "build", "--build-tests"], OUT / "build.log") != 0:
        sys.exit(f"the unmutated tree does not build: see {OUT / 'build.log'}")
    results, started = list(done["mutants"]), time.time() - done["seconds"]
    scored = sum(r["verdict"] != "did not compile" for r in results)
    baseline, broken = set(), set()  # the tiers that pass, and fail, on the unmutated tree
    try:
        for m in queue:
            if scored >= size:
                break
            tiers = tiers_for(m["file"], rules)
            for tier in tiers:
                if tier not in baseline and tier not in broken:
                    # A tier that fails without any mutant would call every mutant killed: try it unmutated first.
                    run(["swift", "build", "--build-tests"], OUT / "build.log")
                    verdict, _, failed = judge(None, [tier], OUT / "baseline.log", {tier})
                    (baseline if verdict == "survived" else broken).add(tier)
                    if tier in broken:
                        sys.exit(f"the unmutated tree fails {tier!r} ({', '.join(failed)}): see {OUT / 'baseline.log'}")
            path = ROOT / m["file"]
            original = path.read_bytes()
            current.update(file=m["file"], bytes=original)
            path.write_bytes(original[:m["start"]] + m["replacement"].encode() + original[m["end"]:])
            if DEFAULT_ARGUMENT.search(m["context"]):
                # A default argument is compiled into every caller, and SwiftPM's incremental build does not
                # recompile a caller whose own files did not change: touch them all, so the mutant is seen.
                for swift in ROOT.glob("[ST]*/**/*.swift"):
                    swift.touch()
            log = OUT / f"{len(results) + 1}.log"
            log.write_text(f"{m['id']}\n{m['original']!r} -> {m['replacement']!r}\n", encoding="utf-8")
            t0 = time.time()
            try:
                verdict, tier, failed = judge(m, tiers, log, baseline)
            finally:
                restore()
            if verdict != "did not compile":
                scored += 1
            r = {k: m[k] for k in ("id", "module", "file", "line", "operator", "original", "replacement", "context")}
            r.update(verdict=verdict, tier=tier, failed=failed[:3], seconds=round(time.time() - t0, 1), log=str(log))
            results.append(r)
            shown = f"{m['original'][:50]!r} → {m['replacement'][:30]!r}"
            print(f"[{scored}/{size}] {verdict:15} {m['file']}:{m['line']} {m['operator']} {shown}"
                  + (f"  ({failed[0]})" if failed else ""), flush=True)
    finally:
        restore()
        elapsed = time.time() - started
        lines, total = summary(results)
        report = {"commit": head, "seed": args.seed, "sample": size, "files": args.files, "seconds": round(elapsed),
                  "equivalentLeftOut": len(excluded), "mutants": results}
        (OUT / f"{name}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        survivors = [f"- {r['file']}:{r['line']} {r['operator']}: `{r['original'][:70]}` → `{r['replacement'][:40]}`"
                     for r in results if r["verdict"] == "survived"]
        text = "\n".join([f"# Mutants, {name}, at {head}", "", *lines, "", f"{elapsed / 60:.1f} minutes.", "",
                          "## Survivors", "", *survivors]) + "\n"
        (OUT / f"{name}.md").write_text(text, encoding="utf-8")
        print("\n" + "\n".join(lines))
        print(f"\n{len(results)} mutants tried in {elapsed / 60:.1f} min; results in {OUT / (name + '.json')} and .md")
        print("Back to the unmutated build...", flush=True)
        run(["swift", "build", "--build-tests"], OUT / "build.log")
    if args.record:
        record(name, args.files, lines, total, elapsed, head)
    return 0 if total["survived"] == 0 else 1


def record(name, files, lines, total, seconds, commit):
    """The score, per module, into docs/measurements.md (through record-measurement.py, which adds when and where)."""
    counted = total["killed"] + total["survived"]
    if not counted:
        return
    per = "; ".join(l.strip("| ").replace(" | ", " ") for l in lines[2:-1])
    text = (f"{name} at {commit} ({'files ' + ' '.join(files) + ', ' if files else ''}{counted} mutants that build): "
            f"{total['killed']} killed, {total['survived']} survived, score {100 * total['killed'] / counted:.1f} %; "
            f"{total['did not compile']} did not compile; {seconds / 60:.0f} min. Per module (killed, survived, "
            f"score, did not compile): {per}")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "record-measurement.py"), "Mutation score (make mutants)",
                    text], cwd=ROOT, check=True)


if __name__ == "__main__":
    sys.exit(main())
