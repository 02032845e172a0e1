#!/usr/bin/env bash
# Runs modlint over the sources a `modlint_test` declares, as a Bazel test action.
# Usage (from the test rule): run_modlint.sh MODLINT [--config FILE] [MODLINT LINT ARGS...]
#
# Bazel hands the inputs over as a runfiles tree of symbolic links. modlint reads nothing
# through a link that leaves the tree it lints (a hostile pull request could point one at
# /etc), so the declared inputs are first copied, links resolved, into the test's own
# temporary folder: the copy is the workspace as the test declared it, nothing more.
set -euo pipefail

modlint="$1"
shift
runfiles="${TEST_SRCDIR:?run me with bazel test}/${TEST_WORKSPACE:?}"
work="${TEST_TMPDIR:?}/workspace"
rm -rf "$work"
mkdir -p "$work"
# `tar -h` follows the links; dangling ones (a glob that caught Bazel's own convenience
# links) are skipped with a warning on stderr.
(cd "$runfiles" && tar -ch --exclude=./external --exclude='./bazel-*' . 2>/dev/null || true) | tar -x -C "$work"

# Bazel collects test.xml from XML_OUTPUT_FILE; undeclared outputs (the SARIF log) are kept
# as test artifacts, next to the log.
outputs="${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}"
reporters=(--reporter text)
if [[ -n "${XML_OUTPUT_FILE:-}" ]]; then reporters+=(--reporter "junit:${XML_OUTPUT_FILE}"); fi
reporters+=(--reporter "sarif:${outputs}/modlint.sarif")

cd "$work"
# The cache lives in the action's temporary folder: Bazel's own cache is what makes
# unchanged runs free (the test is not run again while its inputs are unchanged).
exec "$runfiles/$modlint" lint --cache-dir "$TEST_TMPDIR/modlint-cache" "${reporters[@]}" "$@" .
