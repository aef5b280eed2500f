# SQLite in Swift, step by step. `make` lists the steps.
#
# Three parts, in this order: the learner's targets (the steps, the exercises), the instructor's
# (the tests, the golden files, the book's checks), and the maintainer's (files generated from
# the sources and committed, diagrams the chapters show). What they share comes last.
SWIFT ?= swift
BIN := .build/debug
# Arguments for a step: make step3 ARGS="add-player Blob --team 1"
ARGS ?=
# The toolchain's temporary files go in .build/tmp, made here for every target: nothing piles up
# in /tmp (stepN and ex delete the TemporaryDirectory.* there over an hour old, never one another
# swift is using).
export TMPDIR := $(CURDIR)/.build/tmp$(shell mkdir -p "$(CURDIR)/.build/tmp")
# No exercise target in any build make runs (Package.swift, "Exercises"): make test, make stepN, make golden
# and CI never compile a learner's file. Without make (an editor, Xcode, swift build) every exercise is a
# target, so the editor checks the learner's code; the runner (make ex) names the one exercise it checks.
export COURSE_EXERCISES := none

.DEFAULT_GOAL := help
.PHONY: help ex reset doctor test build-tests golden docs evidence try-this lint bench bench-quick mutants mutants-selftest
.PHONY: catalog catalog-diagram diff-step5 step8-records step10-diagram sqlite tmp FORCE

# MARK: - The learner's

# The steps, one line per chapter (scripts/list-steps.sh reads the chapters' titles).
help:
	@scripts/list-steps.sh

# make step1 … make step11: build one step (COURSE_STEP=N: a package of only what step N needs, see
# Package.swift), then run it. The first build shows swift build's progress, so that a learner sees
# it working; later builds are quiet unless they fail. The step's own message and exit status
# are the learner's; make adds its own line after a failure (the chapters quote it).
step%: FORCE sqlite
	@test -d Steps/step$* || exec scripts/no-such-step.sh $*; if test -x $(BIN)/step$*; then \
	  COURSE_STEP=$* $(SWIFT) build --product step$* >.build/make-step$*.log 2>&1 \
	    || { cat .build/make-step$*.log; echo "step$* did not build: see the messages above."; exit 1; }; \
	else \
	  grdb=""; if test $* -gt 1 && ! test -e $(BIN)/Modules/GRDB.swiftmodule && ! test -e $(BIN)/GRDB.swiftmodule; then \
	    grdb=" (it compiles GRDB first: about a minute)"; fi; \
	  echo "Building step$* for the first time$$grdb..."; \
	  COURSE_STEP=$* $(SWIFT) build --product step$* || { echo "step$* did not build: see the messages above."; exit 1; }; \
	  echo; \
	fi
	@find "$(TMPDIR)" -maxdepth 1 -name "TemporaryDirectory.*" -type d -mmin +60 -exec rm -rf {} + 2>/dev/null || true
	@$(BIN)/step$* $(ARGS)

# The exercises: make ex (check the next one), make ex ARGS="hint", ARGS="watch",
# ARGS="list", ARGS="solution", ARGS="verify"… The runner needs no GRDB, and each check
# builds only its own exercise. For instructors (docs/instructors.md): ARGS="new ID --kind KIND",
# ARGS="update-package", ARGS="report DIR…", ARGS="build ID" (and the commands that build and run its check by hand).
# The runner is built again only when what it is built from changed since make last built it
# (RUNNER_STAMP, beside BIN): even a swift build with nothing to do would delay every check.
RUNNER_SOURCES := Package.swift Sources/course Sources/CourseRunner Sources/EditorText Sources/CourseCore Sources/CSQLite
RUNNER_STAMP = $(dir $(BIN))make-course.stamp
ex: sqlite
	@mkdir -p .build
	@if test -x $(BIN)/course; then \
	  if test -e $(RUNNER_STAMP) && test -z "$$(find $(RUNNER_SOURCES) -newer $(RUNNER_STAMP) -print -quit)"; then :; else \
	    $(SWIFT) build --product course >.build/make-course.log 2>&1 \
	      || { cat .build/make-course.log; echo "the course runner did not build: see the messages above."; exit 1; }; \
	    touch $(RUNNER_STAMP); \
	  fi; \
	else \
	  echo "Building the exercise runner for the first time (no GRDB: about 20 s)..."; \
	  $(SWIFT) build --product course || { echo "the course runner did not build: see the messages above."; exit 1; }; \
	  touch $(RUNNER_STAMP); \
	  echo; \
	fi
	@find "$(TMPDIR)" -maxdepth 1 -name "TemporaryDirectory.*" -type d -mmin +60 -exec rm -rf {} + 2>/dev/null || true
	@# A failing check (status 1) is the learner's normal state, not a make error: only
	@# verify, lint, package, report and build (CI, instructors: report's 1 says folders were skipped) pass it
	@# on to make. A wrong command line (64) always does.
	@$(BIN)/course $(ARGS) || { status=$$?; test $$status -eq 1 || exit $$status; case "$(firstword $(ARGS))" in verify|lint|update-package|new|report|build) exit $$status;; esac; }

# Delete the learner's databases (db/). Tours recreate theirs.
reset:
	rm -rf db
	@echo "Deleted db/: every step starts from a fresh database."

# Checks what the workspace needs (SQLite's header and library…) and prints the fix for what is missing.
doctor:
	@scripts/doctor.sh

# MARK: - The instructor's

# Every test, in one command (and CI's): build every step and every test (the end-to-end tests run
# the real executables), then two runs of the built tests. First the suite, every test but the build
# stage; then the build stage alone (BuildStage, Tests/CourseRunnerTests/BuildStage.swift: the tests
# that run swift build, swift package or the compiler), so that their builds hold up no other test.
# Both always run: the status is the first that failed.
test: build-tests
	@$(SWIFT) test --skip-build --skip BuildStage; suite=$$?; \
	echo "The build stage (BuildStage: the tests that run swift build, swift package or the compiler):"; \
	$(SWIFT) test --skip-build --filter BuildStage; stage=$$?; \
	rm -rf "$(TMPDIR)"; test $$suite -ne 0 && exit $$suite; exit $$stage

# make test's build phase alone (scripts/time-suite.sh and flake-hunt.sh time what comes after it).
build-tests: sqlite
	$(SWIFT) build --build-tests

# Every test that touches one step: make test-step4. Its test target and those of the steps that share its
# code (ItemsKit: 4 and 5), the targets that also run their programs, the EveryStep suites (--help and --stats
# goldens, the chapters' commands, the file matrix…) for those steps only, and its chapter's checks
# (scripts/test-step.sh says how; the suite checks that no test that starts step N is left out).
test-step%: FORCE sqlite
	$(SWIFT) build --build-tests
	@scripts/test-step.sh $*; status=$$?; rm -rf "$(TMPDIR)"; exit $$status

# Rewrite the golden tour outputs and --help texts (then review: git diff Tests/Golden), then
# `make docs` (the chapters' output blocks). STEPS="3 9": only those steps, each built as make stepN
# builds it (step 8 with its record generator).
STEPS ?=
golden: sqlite
ifeq ($(strip $(STEPS)),)
	$(SWIFT) build
	@scripts/golden.sh; status=$$?; rm -rf "$(TMPDIR)"; exit $$status
else
	@for n in $(patsubst step%,%,$(STEPS)); do \
	  echo "COURSE_STEP=$$n $(SWIFT) build --product step$$n"; \
	  COURSE_STEP=$$n $(SWIFT) build --product step$$n || exit 1; \
	  if test $$n = 8; then $(SWIFT) build --product generate-records || exit 1; fi; \
	done
	@scripts/golden.sh $(addprefix step,$(patsubst step%,%,$(STEPS))); status=$$?; rm -rf "$(TMPDIR)"; exit $$status
endif

# Refresh the code excerpts in docs/ from the source (then review: git diff docs).
docs:
	@python3 scripts/sync-docs.py

# The book's evidence (docs/evidence/README.md): run every experiment on the linked SQLite.
evidence:
	@python3 scripts/evidence.py $(ARGS)

# Every chapter's "Try this", run (scripts/try-this.py, the items in scripts/try-this.json): each item's
# edit in a scratch worktree (.build/try-this/, kept warm between runs; the learner's files are never
# touched), its commands, and the outcome the chapter promises. Slow (each item builds its step), not in CI.
#   make try-this ARGS="--chapter 3"     one chapter (--item 2: one item; --list: what each does)
#   make try-this ARGS="--breaks"        also each item's *Breaks* tests, which must fail
try-this: sqlite
	@python3 scripts/try-this.py $(ARGS)

# Style: the committed .swift-format (swift-argument-parser's, 4-space indent, 120 columns). CI runs it.
lint:
	$(SWIFT) format lint --strict -r Sources Steps Tests Package.swift Plugins Exercises Solutions Checks Benchmarks/Sources Benchmarks/Package.swift Tools/Mutants/Sources Tools/Mutants/Tests Tools/Mutants/Package.swift

# Chapter 12's benchmark (Benchmarks/, a package of its own: `make test` never
# builds it). Builds the benchmark and steps 4, 6, 7 and 9 in CONFIG (release by
# default), then runs it from here; results in .build/bench/.
#   make bench                       the chapter's figures
#   make bench ARGS="--filter GRDB"  one section; ARGS="--scale 0.1" smaller sizes
#   make bench-quick                 CI's run: debug build, small sizes, claims reported only
# A debug build (CONFIG=debug) writes into .build/bench-debug/ instead.
CONFIG ?= release
BENCH_OUTPUT = .build/bench$(if $(filter-out release,$(CONFIG)),-$(CONFIG))
bench: sqlite
	@mkdir -p $(BENCH_OUTPUT)
	@test -x Benchmarks/.build/$(CONFIG)/bench || echo "Building the benchmark in $(CONFIG) (the first build compiles GRDB twice, once for it and once for the steps: about two minutes each)..."
	@for product in step4 step6 step7 step9; do \
	  echo "  swift build -c $(CONFIG) --product $$product"; \
	  $(SWIFT) build -c $(CONFIG) --product $$product 2>&1 | scripts/bench-progress.sh $(BENCH_OUTPUT)/build-$$product.log || exit 1; \
	done
	@echo "  swift build -c $(CONFIG) --package-path Benchmarks"
	@$(SWIFT) build -c $(CONFIG) --package-path Benchmarks 2>&1 | scripts/bench-progress.sh $(BENCH_OUTPUT)/build-bench.log
	Benchmarks/.build/$(CONFIG)/bench --steps .build/$(CONFIG) --output $(BENCH_OUTPUT) $(ARGS)

bench-quick:
	@$(MAKE) --no-print-directory bench CONFIG=debug ARGS="--quick $(ARGS)"
	@python3 scripts/bench-table.py --check .build/bench-debug/results.json

# Mutation testing (scripts/mutants.py, Tools/Mutants: a package of its own on swift-syntax, so that
# make test never builds it): mutants drawn from the code, each built and run against the tests that
# can see its file.
#   make mutants ARGS="--sample 200 --seed 1"            a sample over every module
#   make mutants ARGS="--sample 20 --files 'Steps/step7/*'"   after changing a step
#   make mutants-selftest                                the tool's own tests (CI runs them)
mutants: sqlite
	@python3 scripts/mutants.py $(ARGS)

mutants-selftest: tmp
	$(SWIFT) build --package-path Tools/Mutants --build-tests
	$(SWIFT) test --skip-build --package-path Tools/Mutants

# MARK: - The maintainer's

# Step 6's bundled catalog: rebuild Steps/step6/Resources/catalog.sqlite from
# catalog.sql (SwiftPM cannot run sqlite3 at build time), then commit both.
# Step6Tests fails while the two disagree.
catalog:
	@mkdir -p .build
	rm -f .build/catalog.sqlite.tmp
	sqlite3 .build/catalog.sqlite.tmp < Steps/step6/Resources/catalog.sql
	mv .build/catalog.sqlite.tmp Steps/step6/Resources/catalog.sqlite
	@echo "Rebuilt Steps/step6/Resources/catalog.sqlite: review, then commit it with catalog.sql."

# Step 6's schema as a Mermaid diagram, drawn from catalog.sql by SQLite's own
# PRAGMAs (chapter 6 shows it; DocsTests checks that the two agree).
catalog-diagram:
	@python3 scripts/schema-diagram.py

# What changed from step 4 to step 5: the record and the migrations (the
# rest of the items app is shared, in Steps/ItemsKit). docs/05 shows this diff.
diff-step5:
	@for file in Item.swift AppDatabase.swift; do \
	  diff -u --label step4/$$file --label step5/$$file Steps/step4/$$file Steps/step5/$$file; \
	done; true

# Step 8: the Swift source the build plugin generates from step 8's schema
# files (Steps/step8/Schema), printed for reading. The build writes the same
# files under .build/plugins/outputs/. FILE=path prints the records of any
# .sql file or SQLite database instead (several: FILE="a.sql b.sql").
STEP8_SCHEMAS := Steps/step8/Schema/catalog.sql Steps/step8/Schema/BodiesDB-001.sql Steps/step8/Schema/NorthwindSales.sql
FILE ?=
step8-records: sqlite
	@$(SWIFT) build --product generate-records >.build/make-generate-records.log 2>&1 || { cat .build/make-generate-records.log; exit 1; }
	@$(BIN)/generate-records $(or $(FILE),$(STEP8_SCHEMAS))

# Chapter 10's diagram of the full-text indexes and their triggers, drawn from the schema
# step 10's migrations make (a fresh in-memory database): DocsTests compares the chapter's
# Mermaid block with it. It runs the step10 that make test (or make step10) built: it builds
# nothing itself, since DocsTests runs it while swift test holds .build.
step10-diagram:
	@test -x $(BIN)/step10 || { echo "step10 is not built: run make step10 first" >&2; exit 1; }
	@$(BIN)/step10 diagram --in-memory

# MARK: - Shared by the targets above

# SQLite's header and library, installed or explained before any compile.
sqlite: tmp
	@scripts/ensure-sqlite.sh

tmp:
	@mkdir -p "$(TMPDIR)"

# A prerequisite that is never up to date: step% and test-step% always run their recipe.
FORCE:
