#!/usr/bin/env bash
# make test-stepN: every test that touches step N.
#   scripts/test-step.sh N           run them (after swift build --build-tests: make test-stepN builds first)
#   scripts/test-step.sh --print N   print the steps (line 1) and swift test's filter (line 2), run nothing
#
# What touches step N:
# - the steps that share its code: a folder of Steps/ that is no step (Steps/ItemsKit) and that step N imports
#   makes every step that imports it a step tested with N (4 and 5);
# - the test targets of those steps, and every test target that also runs one of their programs (also_runs);
# - the suites that check something of every step (EveryStep, Tests/CoreTests/EveryStep.swift: the --help and
#   --stats goldens, the chapters' commands, the file matrix…), run for those steps only: COURSE_TEST_STEPS;
# - the chapters' checks (DocsTests.Chapters), each run only for its own step, through COURSE_TEST_STEPS too.
# The suite keeps this true: a test that starts stepK where `make test-stepK` would not run it fails (StepSelection,
# Tests/CourseTestSupport), and asks this script (--print) what make would run.
cd "$(dirname "$0")/.."
# (Bash 3.2 and BSD tools: macOS runs them.)

# The test targets that also run (or import) another step's program, and those steps.
also_runs() {
  case $1 in
    Step5Tests) echo 4 ;;                 # step 4's files, upgraded in place
    Step8Tests) echo 1 4 7 ;;             # step 7's records compared; step 1's and 4's files refused
    Step9Tests) echo 4 ;;                 # a step 4 file refused
    Step10Tests) echo 6 7 ;;              # step 6's edits and step 7's syncs, indexed
    Step11Tests) echo 7 8 10 ;;           # their files upgraded in place
  esac
}

print=false
if [ "${1:-}" = --print ]; then print=true; shift; fi
n=${1:-}
case $n in '' | *[!0-9]*) echo "usage: scripts/test-step.sh [--print] N" >&2; exit 64 ;; esac
[ -d "Steps/step$n" ] || exec scripts/no-such-step.sh "$n"

# Step N, and the steps that import a shared folder of Steps/ it imports.
steps=$n
for folder in Steps/*/; do
  library=$(basename "$folder")
  case $library in step[0-9]*) continue ;; esac
  grep -qs "^import $library\$" "Steps/step$n"/*.swift || continue
  for user in Steps/step[0-9]*/; do
    grep -qs "^import $library\$" "$user"*.swift && steps="$steps $(basename "$user" | sed 's/^step//')"
  done
done
steps=$(echo "$steps" | tr ' ' '\n' | sort -n -u | tr '\n' ' ')
steps=${steps% }

# Their test targets, and the targets that also run their programs.
targets=
for folder in Tests/Step[0-9]*Tests/; do
  target=$(basename "$folder")
  own=$(echo "$target" | sed -e 's/^Step//' -e 's/Tests$//')
  for step in $steps; do
    if [ "$own" = "$step" ] || also_runs "$target" | tr ' ' '\n' | grep -qx "$step"; then
      targets="$targets|$target"
      break
    fi
  done
done
filter="^(${targets#|})\\.|\\.EveryStep/|\\.DocsTests/Chapters/"

if $print; then
  echo "$steps"
  echo "$filter"
  exit 0
fi
echo "COURSE_TEST_STEPS=\"$steps\" swift test --skip-build --filter '$filter'"
COURSE_TEST_STEPS=$steps exec "${SWIFT:-swift}" test --skip-build --filter "$filter"
