# Sourced by time-suite.sh, flake-hunt.sh and watch-pty-test.sh: the tests as make test runs them,
# in two runs of the built tests: the suite (every test but the build stage), then the build stage
# alone (BuildStage: the tests that run swift build or swift package, in .build/isolation).
# Needs $name (the calling script's, for its messages) and the repository root
# as the current folder.

# No exercise target (Package.swift, "Exercises"), as under make.
export COURSE_EXERCISES=none

# make test's build phase (`make build-tests`), its output kept unless it fails.
build_first() {
    mkdir -p .build
    make -s build-tests >".build/$name-build.log" 2>&1 || {
        cat ".build/$name-build.log"
        echo "$name: make build-tests failed: see above" >&2
        exit 1
    }
}

# One run of the built tests, its output in $1: `suite` (every test but the build stage) or
# `stage` (the build stage alone), as make test runs them. TMPDIR is .build/tmp, as make
# test sets it (SwiftPM keys its manifest and plugin caches on the whole
# environment: another TMPDIR would evaluate Package.swift again), deleted after.
run_tests() {
    local which=$1 log=$2 status=0
    local selection=(--skip BuildStage)
    [ "$which" = stage ] && selection=(--filter BuildStage)
    mkdir -p .build/tmp
    TMPDIR="$PWD/.build/tmp" swift test --skip-build "${selection[@]}" >"$log" 2>&1 || status=$?
    rm -rf .build/tmp
    return "$status"
}
