#!/usr/bin/env python3
"""make try-this: every chapter's "Try this", run, and the outcome it promises checked.

    make try-this                          every item (builds each step it needs: slow, see below)
    make try-this ARGS="--chapter 3"       one chapter's items; --item 2 (with --chapter): one item
    make try-this ARGS="--list"            what each item does, and what it checks; runs nothing
    make try-this ARGS="--breaks"          also each item's *Breaks* list: builds the tests in the scratch
                                           copy and runs exactly those tests, which must fail (slower still)
    make try-this ARGS="--slow"            also the items that build chapter 12's benchmark in release

The items are in scripts/try-this.json, one entry per numbered (or bulleted) item of each chapter's
"## Try this" section, in order: the edit as an exact find → replace on a named file (the find text
occurs once there), the commands as the chapter gives them, and what the chapter promises: the lines
the learner then reads ("shows": quoted from the chapter, so the suite can hold the two together), the
exit status, and the state of the files. Tests/CoreTests/TryThisTests.swift checks, without building,
that the manifest and the chapters agree (every item has its entry; every find text, command, quote and
test name is still where the entry says).

Nothing here touches the learner's working tree. The items run in a scratch copy, a git worktree of
this checkout (HEAD, plus the uncommitted changes to tracked files: `git stash create`) in
.build/try-this/tree, kept between runs so that its .build stays warm (the first run builds every step
it needs, GRDB included). For each item, in that copy: db/ is deleted (a fresh start, as after
`make reset`), the edits and commands run in order, then the chapter's *Undo*, after which the copy must
be back as committed (`git status` says nothing), then what the chapter promises after the undo, and
the copy is put back as committed (`git reset --hard`, `git clean -fd`: .build and db/ are ignored, so
they stay). Each item's whole output is in .build/try-this/logs/CHAPTER-ITEM.log.

A verdict per item: holds (every promise checked held), FAILS (what was expected, what came out),
or skipped (--slow or --breaks not given). What an item promises that no run can decide (a timing,
a race that needs luck, a question to the reader) is printed beside it as "not checked: …".
Exit status 1 if any item fails. Not in CI: each item builds its step again (see CONTRIBUTING.md).

The manifest: {"items": [ENTRY, …]}, in chapter and item order. An ENTRY:
  chapter, item      the chapter's number, the item's (1 for the first item of its "## Try this")
  text               words of the item, found in it (the suite checks: a reordered item is noticed)
  actions            in order; each one of:
    {"edit": FILE, "find": TEXT, "replace": TEXT}   the find text occurs exactly once in FILE
    {"create": FILE, "text": TEXT}                   a file the item creates
    {"run": COMMAND, …promises}                      run from the copy's root with bash, as typed
    {"start": COMMAND, "name": N, "ready": REGEX | "readyWhen": COMMAND}
                                                     left running, as in a second terminal, until its
                                                     output matches REGEX or COMMAND succeeds
    {"wait": N, "outputs": […]}                      until that command's output holds these
    {"interrupt": N, …promises}                      Ctrl-C (SIGINT to its process group), then its output
    {"breaks": [TEST, …], "crash": true?}            with --breaks: these tests fail (or crash the run)
    {"passes": [TEST, …]}                            with --breaks: these tests pass
  undo               the chapter's *Undo* commands; after them the copy must be back as committed
  afterUndo          actions after the undo (what the chapter says happens then, `make reset`)
  unchecked          what the item promises that no run decides, and why
  slow               why the item runs only with --slow;  manual: why there is nothing to run
A command's promises: "status" (its exit status: a failing `make stepN` exits 2), "shows" (lines the
chapter quotes, found in the output: the suite checks they are the item's words), "outputs" (more text
the output must hold), "stderr" (text on standard error), "patterns" / "absent" (regular expressions,
multi-line, that must / must not match), "unchanged" (a file whose bytes the command leaves alone),
"capture" ({NAME: REGEX}: the first group, used later as ${NAME}). Text is compared with white space
folded and make's line number ignored (Makefile:36). A command the item's text does not spell out (a
precondition, a paraphrase such as "run the tour") says why in "because"; "needs": "tests" marks one
that builds the tests (run with --breaks only).
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "scripts" / "try-this.json"
WORK = ROOT / ".build" / "try-this"
TREE = WORK / "tree"
LOGS = WORK / "logs"
# A command's deadline: a first build of a step compiles GRDB (minutes on a loaded 2-core machine).
TIMEOUT = 1800
# How long a background command may take to say it is ready, or to print what an item waits for.
WAIT = 600


def environment():
    """The learner's environment: no variable of an enclosing make (`make try-this ARGS="--chapter 3"`
    would otherwise hand ARGS, and make's own level, to every `make stepN` an item runs)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("ARGS", "STEPS", "FILE", "CONFIG", "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    env["TMPDIR"] = str(TREE / ".build" / "tmp")
    env["COURSE_EXERCISES"] = "none"  # as make sets it: --breaks builds the tests, never an exercise
    env["PYTHONUNBUFFERED"] = "1"  # a background python3 -m http.server says it is serving at once
    return env


def git(*args, cwd=ROOT, check=True):
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout.strip()


def flat(text):
    """Text as compared: runs of white space as one space, make's line number as N (`Makefile:36`:
    the Makefile may be rearranged, as MakesOwnLineTests allows)."""
    return re.sub(r"Makefile:\d+", "Makefile:N", " ".join(text.split()))


# MARK: - The scratch copy

def prepare_tree():
    """The scratch worktree at the commit to run: HEAD, or HEAD plus uncommitted changes to tracked files."""
    commit = git("stash", "create") or git("rev-parse", "HEAD")
    WORK.mkdir(parents=True, exist_ok=True)
    if not (TREE / ".git").exists():
        git("worktree", "prune")
        print(f"Making the scratch copy {TREE.relative_to(ROOT)} (a git worktree; its first builds are cold)...",
              flush=True)
        git("worktree", "add", "--detach", "--force", str(TREE), commit)
    else:
        git("checkout", "--quiet", "--detach", "--force", commit, cwd=TREE)
    restore_tree()
    # ../shared (the real Northwind file) beside the copy, as beside the checkout, for the tests of --breaks.
    shared, beside = ROOT.parent / "shared", WORK / "shared"
    if shared.is_dir() and not beside.exists():
        beside.symlink_to(shared)
    (TREE / ".build" / "tmp").mkdir(parents=True, exist_ok=True)
    return commit


def restore_tree():
    """The copy back as committed; .build and db/ are ignored files, so they stay (db/ is deleted per item)."""
    git("reset", "--quiet", "--hard", cwd=TREE)
    git("clean", "-fdq", cwd=TREE)


def tree_changes():
    return git("status", "--porcelain", cwd=TREE)


# MARK: - Running commands

class Failure(Exception):
    pass


class Log:
    def __init__(self, path):
        self.path = path
        path.write_text("", encoding="utf-8")

    def write(self, text):
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(text)


RUNNING = []  # the process groups started and not yet ended: Ctrl-C of the runner ends them too


def run(command, log, stdin=None, timeout=TIMEOUT):
    """Runs a command as a learner types it, from the copy's root: (status, stdout, stderr)."""
    log.write(f"\n$ {command}\n")
    (TREE / ".build" / "tmp").mkdir(parents=True, exist_ok=True)  # SwiftPM stops when TMPDIR is missing
    process = subprocess.Popen(["bash", "-c", command], cwd=TREE, env=environment(), text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    RUNNING.append(process)
    try:
        out, err = process.communicate(input=stdin or "", timeout=timeout)
    except subprocess.TimeoutExpired as timeout_error:
        end(process)
        raise Failure(f"    `{command}` did not end within {timeout} s") from timeout_error
    finally:
        if process in RUNNING:
            RUNNING.remove(process)
    log.write(out + err + f"[exit status {process.returncode}]\n")
    return process.returncode, out, err


def end(process):
    """Kills a command's whole process group (make, the step, its workers) and waits for it."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


class Background:
    """A command left running, as in a second terminal: its output goes to a file, read as it grows."""

    def __init__(self, command, name, log):
        self.command, self.name, self.log = command, name, log
        self.output = WORK / f"background-{name}.out"
        self.file = open(self.output, "w", encoding="utf-8")
        log.write(f"\n$ {command} &   ({name})\n")
        # A session of its own: Ctrl-C goes to its whole process group, as a terminal sends it.
        self.process = subprocess.Popen(["bash", "-c", command], cwd=TREE, env=environment(),
                                        stdin=subprocess.DEVNULL, stdout=self.file, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        RUNNING.append(self.process)

    def text(self):
        return self.output.read_text(encoding="utf-8", errors="replace")

    def wait_until(self, ready, what):
        """Waits (a generous deadline that only fails the item) until ready(output) is true."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if ready(self.text()):
                return
            if self.process.poll() is not None:
                if ready(self.text()):
                    return
                raise Failure(f"`{self.command}` ended (exit status {self.process.returncode}) before {what}:\n"
                              + tail(self.text()))
            time.sleep(0.2)  # polling a file another process writes: the deadline, not the pause, decides
        raise Failure(f"`{self.command}`: no {what} within {WAIT} s:\n" + tail(self.text()))

    def interrupt(self):
        """Ctrl-C: SIGINT to the process group; returns the exit status (make's 2, or -2 if make died of it)."""
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            status = self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired as timeout_error:
            raise Failure(f"`{self.command}` did not stop within {WAIT} s of Ctrl-C") from timeout_error
        self.file.close()
        self.log.write(self.text() + f"[{self.name}: exit status {status} after Ctrl-C]\n")
        return status

    def kill(self):
        end(self.process)
        if self.process in RUNNING:
            RUNNING.remove(self.process)
        self.file.close()


def tail(text, lines=20):
    kept = text.rstrip("\n").splitlines()[-lines:]
    return "\n".join("      | " + line for line in kept) or "      | (no output)"


def expand(text, captured):
    return re.sub(r"\$\{(\w+)\}", lambda m: captured.get(m.group(1), m.group(0)), text)


def check_output(action, status, out, err, captured):
    """The promises of one command: its status, what it shows, what it must not show. Raises Failure."""
    both = out + err
    problems = []
    if "status" in action and status != action["status"]:
        problems.append(f"exit status {action['status']} expected, got {status}")
    for quoted in action.get("shows", []) + action.get("outputs", []):
        if flat(expand(quoted, captured)) not in flat(both):
            problems.append(f"expected to read: {expand(quoted, captured)}")
    for quoted in action.get("stderr", []):
        if flat(quoted) not in flat(err):
            problems.append(f"expected on standard error: {quoted}")
    for pattern in action.get("patterns", []):
        if not re.search(expand(pattern, captured), both, re.M):
            problems.append(f"expected a match of /{pattern}/")
    for pattern in action.get("absent", []):
        match = re.search(pattern, both, re.M)
        if match:
            problems.append(f"expected no match of /{pattern}/, found: {match.group(0)!r}")
    for name, pattern in action.get("capture", {}).items():
        match = re.search(pattern, both, re.M)
        if not match:
            problems.append(f"expected a match of /{pattern}/ (to read {name})")
        else:
            captured[name] = match.group(1)
    if problems:
        raise Failure("\n".join(f"    {p}" for p in problems) + "\n    what came out:\n" + tail(both))


# MARK: - One item

class Item:
    def __init__(self, entry, options):
        self.entry, self.options = entry, options
        self.name = f"{entry['chapter']}.{entry['item']}"
        self.background = {}
        self.captured = {}
        self.log = Log(LOGS / f"{entry['chapter']:02d}-{entry['item']}.log")

    def act(self, action):
        if "edit" in action:
            path = TREE / action["edit"]
            text = path.read_text(encoding="utf-8")
            count = text.count(action["find"])
            if count != 1:
                raise Failure(f"    {action['edit']}: the find text occurs {count} times, not once: "
                              f"{action['find'][:80]!r}")
            path.write_text(text.replace(action["find"], action["replace"]), encoding="utf-8")
            self.log.write(f"\n(edit {action['edit']}: {action['find'][:60]!r} → {action['replace'][:60]!r})\n")
        elif "create" in action:
            path = TREE / action["create"]
            if path.exists():
                raise Failure(f"    {action['create']} exists already: the item creates it")
            path.write_text(action["text"], encoding="utf-8")
            self.log.write(f"\n(create {action['create']})\n")
        elif "run" in action:
            if action.get("needs") == "tests" and not self.options.breaks:
                self.log.write(f"\n(skipped without --breaks: {action['run']})\n")
                return
            before = None
            if "unchanged" in action and (TREE / action["unchanged"]).exists():
                before = (TREE / action["unchanged"]).read_bytes()
            if action.get("needs") == "tests":
                self.build_tests()
            status, out, err = run(action["run"], self.log, stdin=action.get("stdin"))
            try:
                check_output(action, status, out, err, self.captured)
            except Failure as failure:
                raise Failure(f"  `{action['run']}`:\n{failure}") from None
            if before is not None and (TREE / action["unchanged"]).read_bytes() != before:
                raise Failure(f"  `{action['run']}`:\n    {action['unchanged']} changed; the chapter says it stays as it was")
        elif "start" in action:
            job = Background(action["start"], action["name"], self.log)
            self.background[action["name"]] = job
            if "ready" in action:
                job.wait_until(lambda text: re.search(action["ready"], text, re.M), f"/{action['ready']}/")
            if "readyWhen" in action:
                def ready(_):  # asked every moment: not logged
                    return subprocess.run(["bash", "-c", action["readyWhen"]], cwd=TREE, env=environment(),
                                          capture_output=True, timeout=60).returncode == 0
                job.wait_until(ready, f"`{action['readyWhen']}` succeeding")
        elif "wait" in action:
            job = self.background[action["wait"]]
            wanted = [flat(s) for s in action.get("shows", []) + action.get("outputs", [])]
            job.wait_until(lambda text: all(w in flat(text) for w in wanted), " and ".join(wanted))
        elif "interrupt" in action:
            job = self.background.pop(action["interrupt"])
            status = job.interrupt()
            try:
                check_output(action, status, job.text(), "", self.captured)
            except Failure as failure:
                raise Failure(f"  `{job.command}`, after Ctrl-C:\n{failure}") from None
        elif "breaks" in action or "passes" in action:
            if self.options.breaks:
                self.run_tests(action)
        else:
            raise Failure(f"    scripts/try-this.json: an action of an unknown kind: {action}")

    def build_tests(self):
        if getattr(self, "built", False):
            return
        status, out, err = run("swift build --build-tests", self.log)
        if status != 0:
            raise Failure("    the tests do not build with the item's edits:\n" + tail(out + err))
        self.built = True

    def run_tests(self, action):
        """--breaks: the tests named must fail (or, for "passes", pass) on the edited copy. A name is a test
        function, a suite or a test target (Tests/<name>: then the run must fail somewhere in it)."""
        self.build_tests()
        for kind in ("breaks", "passes"):
            names = action.get(kind, [])
            if not names:
                continue
            pattern = "(^|[./])(" + "|".join(names) + r")(\(|/|\.|$)"
            status, out, err = run(f"swift test --skip-build --filter '{pattern}'", self.log)
            text = out + err
            if "with 0 tests" in text:
                raise Failure(f"    {kind}: no test matches {', '.join(names)}")
            if kind == "passes":
                if status != 0:
                    failed = sorted(set(re.findall(r"✘ (?:Test|Suite) (\w+)", text)))
                    raise Failure(f"    expected to pass, but failed: {', '.join(failed) or f'exit status {status}'}")
                continue
            if action.get("crash"):
                # A crash ends the test process: no test reports a failure, the status says it.
                if status == 0 or not (status < 0 or re.search(r"signal|Illegal instruction|Fatal error", text)):
                    raise Failure(f"    the test run was to crash; it ended with status {status}:\n" + tail(text))
                continue
            failed = set(re.findall(r"✘ (?:Test|Suite) (\w+)", text))
            targets = {p.name for p in (TREE / "Tests").iterdir() if p.is_dir()}
            spared = [n for n in names if n not in failed and not (n in targets and status != 0)]
            if spared:
                raise Failure(f"    *Breaks* names tests that still pass: {', '.join(spared)}")

    def __call__(self):
        entry = self.entry
        try:
            shutil.rmtree(TREE / "db", ignore_errors=True)  # a fresh start, as after make reset
            for action in entry.get("actions", []):
                self.act(action)
            for command in entry.get("undo", []):
                run(command, self.log)
            left = tree_changes()
            if left:
                raise Failure(f"  after the chapter's undo ({'; '.join(entry.get('undo', [])) or 'none'}), "
                              f"the copy still differs from the commit:\n{tail(left)}")
            for action in entry.get("afterUndo", []):
                self.act(action)
            return None
        except Failure as failure:
            return str(failure)
        finally:
            for job in self.background.values():
                job.kill()
            restore_tree()


KINDS = {"edit": {"find", "replace"}, "create": {"text"},
         "run": {"status", "shows", "outputs", "stderr", "patterns", "absent", "unchanged", "capture", "stdin",
                 "because", "needs"},
         "start": {"name", "ready", "readyWhen", "because"}, "wait": {"shows", "outputs"},
         "interrupt": {"status", "shows", "outputs", "stderr", "patterns", "absent", "capture"},
         "breaks": {"crash", "passes"}, "passes": {"breaks"}}
FIELDS = {"chapter", "item", "text", "actions", "undo", "afterUndo", "unchecked", "slow", "manual"}


def problems(entries):
    """What the runner cannot read in the manifest: an unknown field, an action of no kind or two."""
    found = []
    for entry in entries:
        name = f"item {entry.get('chapter')}.{entry.get('item')}"
        found += [f"{name}: unknown field {k!r}" for k in sorted(set(entry) - FIELDS)]
        found += [f"{name}: no {k!r}" for k in ("chapter", "item", "text") if k not in entry]
        for action in entry.get("actions", []) + entry.get("afterUndo", []):
            kinds = [k for k in KINDS if k in action and not (k == "passes" and "breaks" in action)]
            if len(kinds) != 1:
                found.append(f"{name}: an action of {len(kinds)} kinds, not one: {action}")
                continue
            extra = set(action) - {kinds[0]} - KINDS[kinds[0]]
            found += [f"{name}: {kinds[0]} has no field {k!r}" for k in sorted(extra)]
    return found


def describe(entry):
    lines = []
    for action in entry.get("actions", []) + entry.get("afterUndo", []):
        if "edit" in action:
            lines.append(f"edit {action['edit']}")
        elif "create" in action:
            lines.append(f"create {action['create']}")
        elif "run" in action or "start" in action:
            command = action.get("run") or action.get("start") + " &"
            promised = [f"status {action['status']}"] if "status" in action else []
            promised += [repr(s) for s in action.get("shows", []) + action.get("outputs", [])]
            lines.append(f"{command}" + (f"  → {', '.join(promised)}" if promised else ""))
        elif "interrupt" in action:
            lines.append(f"Ctrl-C {action['interrupt']}")
        elif "breaks" in action:
            lines.append(f"(--breaks) fails: {', '.join(action['breaks'])}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chapter", type=int, help="only this chapter's items")
    parser.add_argument("--item", type=int, help="only this item (with --chapter)")
    parser.add_argument("--list", action="store_true", help="print each item's actions; run nothing")
    parser.add_argument("--breaks", action="store_true",
                        help="also run each item's *Breaks* tests (builds the tests in the scratch copy)")
    parser.add_argument("--slow", action="store_true", help="also the items marked slow (a release benchmark)")
    parser.add_argument("--manifest", default=str(MANIFEST), help=argparse.SUPPRESS)  # the runner's own trials
    options = parser.parse_args()

    entries = json.loads(pathlib.Path(options.manifest).read_text(encoding="utf-8"))["items"]
    if options.chapter is not None:
        entries = [e for e in entries if e["chapter"] == options.chapter]
    if options.item is not None:
        entries = [e for e in entries if e["item"] == options.item]
    if not entries:
        sys.exit("no item of scripts/try-this.json matches")
    unreadable = problems(entries)
    if unreadable:
        sys.exit("scripts/try-this.json:\n" + "\n".join(f"  {p}" for p in unreadable))

    if options.list:
        for entry in entries:
            print(f"{entry['chapter']}.{entry['item']} {entry['text']}" + (" (slow)" if entry.get("slow") else "")
                  + (f" (nothing to run: {entry['manual']})" if entry.get("manual") else ""))
            for line in describe(entry):
                print(f"    {line}")
            if entry.get("unchecked"):
                print(f"    not checked: {entry['unchecked']}")
        return 0

    commit = prepare_tree()
    LOGS.mkdir(parents=True, exist_ok=True)
    print(f"Running {len(entries)} items at {commit[:10]} in {TREE.relative_to(ROOT)} (logs in "
          f"{LOGS.relative_to(ROOT)})", flush=True)
    started, verdicts = time.time(), []

    def interrupted(signum, frame):
        for process in list(RUNNING):
            end(process)
        restore_tree()
        print("\ninterrupted: the scratch copy is back as committed", file=sys.stderr)
        sys.exit(130)

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)

    for entry in entries:
        name = f"{entry['chapter']}.{entry['item']}"
        if entry.get("manual"):
            verdicts.append((name, "not run"))
            print(f"–  {name} {entry['text']}: not run ({entry['manual']})", flush=True)
            continue
        if not options.breaks and any(a.get("needs") == "tests" for a in entry.get("actions", [])):
            verdicts.append((name, "skipped"))
            print(f"–  {name} {entry['text']}: skipped (its command builds the tests; --breaks runs it)", flush=True)
            continue
        if entry.get("slow") and not options.slow:
            verdicts.append((name, "skipped"))
            print(f"–  {name} {entry['text']}: skipped ({entry['slow']}; --slow runs it)", flush=True)
            continue
        t0 = time.time()
        failure = Item(entry, options)()
        seconds = time.time() - t0
        if failure:
            verdicts.append((name, "FAILS"))
            print(f"✗  {name} {entry['text']}: FAILS ({seconds:.0f} s)\n{failure}", flush=True)
        else:
            verdicts.append((name, "holds"))
            print(f"✓  {name} {entry['text']}: holds ({seconds:.0f} s)", flush=True)
        if entry.get("unchecked"):
            print(f"     not checked: {entry['unchecked']}", flush=True)

    counts = {v: sum(1 for _, x in verdicts if x == v) for v in ("holds", "FAILS", "skipped", "not run")}
    failed = [n for n, v in verdicts if v == "FAILS"]
    print(f"\n{counts['holds']} hold, {counts['FAILS']} fail, {counts['skipped']} skipped, "
          f"{counts['not run']} with nothing to run, in "
          f"{(time.time() - started) / 60:.1f} min" + (f"; failing: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
