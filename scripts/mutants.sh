#!/usr/bin/env bash
# Mutation testing by hand-picked slips: applies each mutation of scripts/mutants.txt in turn (one line
# of code changed), runs the tests it names, undoes it, and prints a table of what the suite caught.
# Exits 1 if any mutation was missed (no test failed), 2 if the list is broken (an anchor not found or
# not unique, a mutation that does not build, a filter that matches no test). Not in CI: each mutation costs an incremental build.
#
#   scripts/mutants.sh                 every mutation
#   scripts/mutants.sh step7 Runner    only those whose line "what:" or "file:" contains one of the words
#   scripts/mutants.sh --check         only check the list: every anchor found once (quick, builds nothing)
#
# The files it mutates must have no uncommitted changes: each is restored with `git checkout`
# after its run, also on Ctrl-C or an error. The table is also written to .build/mutants/table.md,
# each run's output to .build/mutants/N.log.
set -uo pipefail
cd "$(dirname "$0")/.."
export TMPDIR="$PWD/.build/tmp" COURSE_EXERCISES=none
mkdir -p "$TMPDIR" .build/mutants
list=scripts/mutants.txt
check_only=0
if [ "${1:-}" = --check ]; then check_only=1; shift; fi

# The list, parsed by python3 into one record per line: what, file, find, into, test (tab-separated,
# with tabs and backslashes escaped so that the anchors pass through bash untouched).
records=$(python3 - "$list" "$@" <<'PY'
import sys
path, words = sys.argv[1], sys.argv[2:]
blocks, block = [], {}
for number, line in enumerate(open(path, encoding="utf-8"), 1):
    line = line.rstrip("\n")
    if line.startswith("#"):
        continue
    if not line.strip():
        if block: blocks.append(block); block = {}
        continue
    key, sep, value = line.partition(": ")
    if not sep or key not in ("what", "file", "find", "into", "test") or key in block:
        sys.exit(f"{path}:{number}: expected one 'what:', 'file:', 'find:', 'into:', 'test:' line each, got: {line}")
    block[key] = value
    block.setdefault("line", number)
if block: blocks.append(block)
for block in blocks:
    missing = [k for k in ("what", "file", "find", "into", "test") if k not in block]
    if missing: sys.exit(f"{path}:{block['line']}: missing {', '.join(missing)}")
    if words and not any(w.lower() in (block["what"] + " " + block["file"]).lower() for w in words): continue
    esc = lambda s: s.replace("\\", "\\\\").replace("\t", "\\t")
    print("\t".join(esc(block[k]) for k in ("what", "file", "find", "into", "test")))
PY
) || exit 2
[ -n "$records" ] || { echo "no mutation in $list matches: $*" >&2; exit 2; }

current=""  # the file mutated right now, restored on any exit
restore() { if [ -n "$current" ]; then git checkout --quiet -- "$current"; current=""; fi; }
trap 'restore' EXIT
trap 'echo; echo "interrupted: $current restored" >&2; restore; exit 130' INT TERM

# Replaces the one occurrence of find by into in file; fails loudly when the anchor moved.
mutate() {
    python3 - "$@" <<'PY'
import sys
file, find, into = (a.replace("\\t", "\t").replace("\\\\", "\\") for a in sys.argv[1:4])
text = open(file, encoding="utf-8").read()
count = text.count(find)
if count != 1:
    sys.exit(f"anchor not found in {file}: {find!r}" if count == 0 else f"anchor not unique in {file} ({count}×): {find!r}")
open(file, "w", encoding="utf-8").write(text.replace(find, into))
PY
}

# Every file of the list must be clean and every anchor present before anything runs.
broken=0
while IFS=$'\t' read -r what file find into test; do
    if ! git diff --quiet HEAD -- "$file" 2>/dev/null; then
        echo "$file has uncommitted changes: commit or stash them first (the script restores files from git)" >&2
        broken=1
    fi
    cp "$file" .build/mutants/probe && mutate .build/mutants/probe "$find" "$into" 2>&1 | sed "s|.build/mutants/probe|$file|" >&2
    [ "${PIPESTATUS[0]}" -eq 0 ] || broken=1
done <<<"$records"
[ $broken -eq 0 ] || exit 2
if [ $check_only -eq 1 ]; then echo "$(wc -l <<<"$records") mutations, every anchor found once."; exit 0; fi

started=$(date +%s)
echo "Building the suite once, unmutated..."
swift build --build-tests >.build/mutants/build.log 2>&1 || { tail -30 .build/mutants/build.log; exit 2; }

rows=() missed=0 unbuilt=0 n=0
total=$(wc -l <<<"$records")
while IFS=$'\t' read -r what file find into test; do
    n=$((n + 1))
    log=.build/mutants/$n.log
    printf '[%d/%d] %s (%s) ... ' "$n" "$total" "$what" "$file"
    current=$file
    mutate "$file" "$find" "$into" || exit 2
    failed="" verdict=""
    case $test in
        swift\ *)
            filter=${test#swift }
            if ! swift build --build-tests >"$log" 2>&1; then
                verdict="DOES NOT BUILD"
            else
                timeout 900 swift test --skip-build --filter "$filter" >>"$log" 2>&1
                status=$?
                # Swift Testing's failed tests: ✘ Test name() … failed / recorded an issue ("✘ Test run" sums up).
                failed=$(grep -aoE '✘ Test [^ ]+' "$log" | sed 's/✘ Test //' | grep -v '^run$' | sort -u | paste -sd ' ' -)
                if grep -aq 'Test run with 0 tests' "$log"; then
                    verdict="NO TEST MATCHES"  # a filter that names nothing would call every mutation missed
                elif [ $status -ne 0 ]; then
                    verdict=caught
                    [ -n "$failed" ] || failed="(exit $status: see $log)"
                fi
            fi
            ;;
        verify\ *)
            # make ex rebuilds the runner and the check it names (COURSE_EXERCISES is its business).
            env -u COURSE_EXERCISES make --no-print-directory ex ARGS="$test" >"$log" 2>&1
            status=$?
            # verify's summary line per exercise, then what it found: "solution FAILS", "… mistakes/cascade should fail".
            failed=$(grep -aE '^✗ s[0-9]+-[a-z0-9-]+: ' "$log" | grep -v ': starter fails at' | sed -E 's/^✗ //; s/:$//' \
                | sed -E 's/ is right and should pass, but//; s/ should fail at check, but it passes/ passes/' | sort -u | paste -sd ';' -)
            if [ $status -ne 0 ]; then verdict=caught; [ -n "$failed" ] || failed="(exit $status: see $log)"; fi
            ;;
        *) echo "unknown test kind: $test" >&2; exit 2 ;;
    esac
    restore
    [ -n "$verdict" ] || { verdict=MISSED; missed=$((missed + 1)); }
    case $verdict in "DOES NOT BUILD" | "NO TEST MATCHES") unbuilt=$((unbuilt + 1)) ;; esac
    echo "$verdict"
    rows+=("| $what | \`$file\` | \`$test\` | ${failed:-—} | $verdict |")
done <<<"$records"

# Leave the build as the source is, for whoever runs swift test --skip-build next.
swift build --build-tests >.build/mutants/build.log 2>&1 || echo "the unmutated rebuild failed: see .build/mutants/build.log" >&2

{
    echo "| Mutation | Target | Tests run | Tests that failed | Verdict |"
    echo "| --- | --- | --- | --- | --- |"
    printf '%s\n' "${rows[@]}"
    echo
    echo "$n mutations: $((n - missed - unbuilt)) caught, $missed missed, $unbuilt broken (did not build, or no test ran); $(($(date +%s) - started)) s."
} | tee .build/mutants/table.md
[ $unbuilt -eq 0 ] || exit 2
[ $missed -eq 0 ] || exit 1
