# modlint — developer entry points. `make demo` and `make test` work on a fresh machine:
# they install Graphviz's development package when it is missing.
SWIFT      ?= swift
CORPUS     ?= /tmp/modlint-corpus
CORPUS_SH  ?= ../shared/scripts/corpus.sh
DEMO_OUT   ?= .build/demo
SUDO       := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
MODLINT    := .build/debug/modlint
# Release builds link the Swift runtime and Foundation statically on Linux: a run starts
# ~4 ms sooner and calls into the runtime directly (a pre-commit run is ~5 % faster).
# macOS ships the runtime with the system.
STATIC     := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
# Release builds optimise across modules: the pipeline is a dozen targets whose small
# helpers (token tests, byte scans, path functions) are called from the next stage, and
# inlined across the seam a cold run takes ~4 % less CPU (`make bench`).
OPTIMIZE   := -Xswiftc -cross-module-optimization

.PHONY: demo test deps build release dist dist-check corpus docs diagrams bench accuracy fix-proof fix-build-proof clean-demo fuzz bazel browser realworld realworld-check

## Lint the bundled example workspaces (SwiftPM and Xcode) and render their module graphs as SVG.
demo: deps build
	@echo "== modlint lint Examples/DemoApp (findings are expected: the example has deliberate mistakes)"
	@$(MODLINT) lint Examples/DemoApp; status=$$?; [ $$status -le 1 ] || exit $$status
	@echo "== modlint fix --dry-run --all Examples/DemoApp (the manifest edits that declare the imports the layers allow; nothing is written)"
	@$(MODLINT) fix --dry-run --all Examples/DemoApp; status=$$?; [ $$status -le 1 ] || exit $$status
	@mkdir -p $(DEMO_OUT)
	@$(MODLINT) graph Examples/DemoApp --view modules --format svg -o $(DEMO_OUT)/modules.svg
	@$(MODLINT) graph Examples/DemoApp --view packages --format svg -o $(DEMO_OUT)/packages.svg
	@echo "== modlint lint Examples/XcodeApp (an Xcode app with a local package; findings are expected here too)"
	@$(MODLINT) lint Examples/XcodeApp; status=$$?; [ $$status -le 1 ] || exit $$status
	@$(MODLINT) graph Examples/XcodeApp --view modules --include-tests --format svg -o $(DEMO_OUT)/xcode-modules.svg
	@$(MODLINT) report Examples/DemoApp -o $(DEMO_OUT)/architecture.html
	@echo "== diagrams: $(DEMO_OUT)/modules.svg $(DEMO_OUT)/packages.svg $(DEMO_OUT)/xcode-modules.svg"
	@echo "== interactive report (open in a browser): $(DEMO_OUT)/architecture.html"

## Build and run the whole test suite (unit, rule examples, golden files, CLI, corpus), the
## Bazel integration (`bazel test` where Bazel is installed: `make bazel` installs it) and the
## report's browser tests (headless Chromium through Playwright). First, in seconds: every
## line scripts/mutations.sh mutates is still in its file (the mutation run itself is not
## part of `make test`), and at most 10 functions of Sources/ run 80 lines or more.
test: deps corpus build browser
	bash scripts/mutations.sh --check
	python3 scripts/long-functions.py --check 10
	bash integrations/bazel/test/run.sh $(MODLINT)
	bash Tests/Browser/run.sh $(MODLINT)
	MODLINT_CORPUS=$(CORPUS) $(SWIFT) test

## Chromium (Debian's package) and Playwright for Python, for the report's browser tests;
## without Chromium they are skipped, saying so.
browser:
	@command -v chromium >/dev/null || { echo "== installing chromium (the report's browser tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null || echo "== chromium not installed: browser tests will be skipped"; }
	@python3 -c "import playwright" 2>/dev/null || python3 -m pip install -q playwright

## Install Debian's bazel-bootstrap, with which the Bazel integration test runs offline.
bazel:
	@command -v bazel >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq bazel-bootstrap >/dev/null; }

## Install libgraphviz-dev (pkg-config libgvc) when it is missing.
deps:
	@pkg-config --exists libgvc 2>/dev/null || { \
	  echo "== installing libgraphviz-dev (Graphviz, linked in-process)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libgraphviz-dev pkg-config >/dev/null; }

build:
	$(SWIFT) build --product modlint

release: deps
	$(SWIFT) build -c release --product modlint $(STATIC) $(OPTIMIZE)

## The release artifacts, deterministically, from HEAD: a .deb, a tarball, a SwiftPM
## artifact bundle with its plugin package, the source archive and its Homebrew formula,
## and SHA256SUMS (scripts/dist.sh says what each holds).
dist: deps
	bash scripts/dist.sh

## `make dist` twice (same bytes), then the artifacts as a user meets them: the .deb
## unpacked and run outside the checkout, `apt-get install` where this runs as root, the
## tarball, and the SwiftPM plugins resolving the artifact bundle from a local path (CI runs it).
dist-check: deps
	bash scripts/dist-check.sh

## Export the real-world corpus used by corpus tests and benchmarks (not committed).
corpus:
	@if [ -f $(CORPUS)/swift-files.txt ]; then echo "== corpus present: $(CORPUS)"; \
	elif [ -f $(CORPUS_SH) ]; then bash $(CORPUS_SH) $(CORPUS); \
	else echo "== no corpus script at $(CORPUS_SH): corpus tests will be skipped"; fi

# The harness's own sources are touched first: an incremental release build has been seen
# to keep their objects when only a struct's layout in the library changed (a crash at run
# time); recompiling these few files is cheap.
BENCH_BUILD = touch Benchmarks/Sources/*/*.swift && $(SWIFT) build -c release --package-path Benchmarks --scratch-path Benchmarks/.build

## Compare facts with a swift-syntax oracle and manifests with `swift package dump-package`
## over the corpus; prints agreement ratios and disagreements (ACCURACY_FLAGS=--strict fails below target).
accuracy: deps corpus
	$(BENCH_BUILD) --product modlint-accuracy
	Benchmarks/.build/release/modlint-accuracy --corpus $(CORPUS) $(ACCURACY_FLAGS)

## Time modlint over the corpus beside swift-syntax and dump-package, in the same run.
## REFERENCE=<a modlint binary built from another commit, e.g. with --static-swift-stdlib
## in a worktree> adds a paired cold-run comparison against it.
bench: deps corpus
	$(SWIFT) build -c release --product modlint $(STATIC) $(OPTIMIZE)
	$(BENCH_BUILD) --product modlint-bench
	Benchmarks/.build/release/modlint-bench --corpus $(CORPUS) --modlint .build/release/modlint $(if $(REFERENCE),--reference $(REFERENCE),)

## Lint the real-world corpus (realworld/repos.tsv) with the release binary and write
## realworld/REPORT.md and its TSV files (see realworld/README.md). MIRROR is a folder of
## bare git copies of the repositories; REALWORLD_FLAGS passes more options to the runner
## (e.g. --only owner/name, --jobs 2, --work DIR). Not part of `make test`.
realworld:
	@[ -n "$(MIRROR)" ] || { echo "usage: make realworld MIRROR=<folder of bare git copies> [REALWORLD_FLAGS=...]"; exit 2; }
	$(MAKE) release
	python3 scripts/realworld run --mirror "$(MIRROR)" --binary .build/release/modlint $(REALWORLD_FLAGS)

## Fail when an error finding of the real-world corpus has no verdict in realworld/verdicts.tsv.
realworld-check:
	python3 scripts/realworld check

## Regenerate docs/rules/ from Rules/.
docs: build
	@mkdir -p docs/rules
	@rm -f docs/rules/*.md
	$(MODLINT) rules --write-docs docs/rules --readme README.md

## Proof for `modlint fix` on the corpus: every edited manifest still loads with
## `swift package dump-package`, and every finding it fixed is gone (about a minute).
fix-proof: deps corpus release
	bash scripts/fix-proof.sh $(CORPUS)/pkgs .build/release/modlint

## Proof that `fix --remove-unused` never breaks a build: every corpus package without
## remote dependencies that builds is fixed and built again (slow: each is built twice).
## FIX_BUILD_WORK keeps the copies and their first builds between runs.
fix-build-proof: deps corpus release
	bash scripts/fix-build-proof.sh $(CORPUS) .build/release/modlint $(FIX_BUILD_WORK)

## Regenerate docs/diagrams/ from Examples/DemoApp, and modlint's own module picture
## (kept current by a test: `modlint graph --check`).
DIAGRAM_VIEWS := packages modules imports di spezi
diagrams: deps build
	@mkdir -p docs/diagrams
	@for view in $(DIAGRAM_VIEWS); do \
	  $(MODLINT) graph Examples/DemoApp --view $$view --format svg -o docs/diagrams/$$view.svg || exit $$?; done
	$(MODLINT) graph Examples/DemoApp --view modules --format mermaid -o docs/diagrams/modules.mmd
	$(MODLINT) graph Examples/DemoApp --view modules --focus Settings --depth 1 --format svg -o docs/diagrams/modules-focus-settings.svg
	$(MODLINT) graph Examples/DemoApp --view imports --collapse package --format svg -o docs/diagrams/modules-collapsed.svg
	$(MODLINT) graph . --view modules --cluster none --format mermaid -o docs/diagrams/modlint-modules.mmd

## Fuzz the tokenizer/fact extractor, the manifest reader, the Xcode project reader and, each on its own, the xcconfig,
## workspace, Package.resolved, CocoaPods, Bazel, Tuist, XcodeGen and YAML readers (libFuzzer), FUZZ_SECONDS each;
## FUZZ_TARGETS="tuist xcodegen" runs only those.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz:
	Tests/Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
