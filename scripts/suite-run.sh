# Sourced by time-suite.sh, flake-hunt.sh and watch-pty-test.sh: the suite as make test runs it.
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

# One run of the built suite, its output in $1. TMPDIR is .build/tmp, as make
# test sets it (SwiftPM keys its manifest and plugin caches on the whole
# environment: another TMPDIR would evaluate Package.swift again), deleted after.
run_suite() {
    mkdir -p .build/tmp
    local status=0
    TMPDIR="$PWD/.build/tmp" swift test --skip-build >"$1" 2>&1 || status=$?
    rm -rf .build/tmp
    return "$status"
}
