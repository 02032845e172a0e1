#!/usr/bin/env bash
# Tests the Bazel integration: a small workspace that uses it, `bazel test` once on a tree
# that passes and once on one with an undeclared import. Needs `bazel` (Debian's
# `bazel-bootstrap` works offline: the repositories a test action asks for that it would
# download are replaced by empty local ones). Without Bazel, the test script the rule runs
# is exercised directly, with the environment `bazel test` gives it.
# Usage: integrations/bazel/test/run.sh MODLINT_BINARY
set -euo pipefail

modlint="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
integration="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The workspace: a SwiftPM package of two modules, linted by `//:architecture`.
workspace="$scratch/shop"
mkdir -p "$workspace/tools" "$workspace/Sources/Core" "$workspace/Sources/Feature"
cp "$modlint" "$workspace/tools/modlint"
echo 'exports_files(["modlint"])' > "$workspace/tools/BUILD"
cat > "$workspace/BUILD" <<'BUILD'
load("@modlint_bazel//:modlint.bzl", "modlint_test")

filegroup(name = "inputs", srcs = glob(["Package.swift", "Sources/**/*.swift"]))

modlint_test(name = "architecture", srcs = [":inputs"], modlint = "//tools:modlint")
BUILD
cat > "$workspace/Package.swift" <<'SWIFT'
// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "Shop", targets: [.target(name: "Core"), .target(name: "Feature")])
SWIFT
echo "public struct Core {}" > "$workspace/Sources/Core/Core.swift"
echo "public struct Feature {}" > "$workspace/Sources/Feature/Feature.swift"

fail() { echo "bazel integration: $*" >&2; exit 1; }

if ! command -v bazel >/dev/null 2>&1; then
    echo "bazel integration: bazel is not installed; running the test script with the environment bazel test gives it"
    runfiles="$scratch/runfiles"
    mkdir -p "$runfiles"
    cp -R "$workspace" "$runfiles/shop"
    run() {
        TEST_SRCDIR="$runfiles" TEST_WORKSPACE=shop TEST_TMPDIR="$scratch/tmp" XML_OUTPUT_FILE="$scratch/test.xml" \
            TEST_UNDECLARED_OUTPUTS_DIR="$scratch/outputs" bash "$integration/run_modlint.sh" tools/modlint
    }
    mkdir -p "$scratch/tmp" "$scratch/outputs"
    run > "$scratch/pass.log" || fail "a clean tree failed: $(cat "$scratch/pass.log")"
    echo "import Core" > "$runfiles/shop/Sources/Feature/Feature.swift"
    if run > "$scratch/fail.log"; then fail "an undeclared import passed"; fi
    grep -q "undeclared-import" "$scratch/test.xml" || fail "test.xml does not name the finding"
    [[ -s "$scratch/outputs/modlint.sarif" ]] || fail "no SARIF log"
    echo "bazel integration: 2 passed, 0 failed (test script only)"
    exit 0
fi

# Repositories Bazel's own test machinery asks for, replaced by empty local ones: no download.
stubs="$scratch/stubs"
mkdir -p "$stubs/coverage" "$stubs/rules_cc/cc" "$stubs/rules_java/java"
echo 'workspace(name = "remote_coverage_tools")' > "$stubs/coverage/WORKSPACE"
printf '#!/bin/sh\nexit 0\n' > "$stubs/coverage/noop.sh"
chmod +x "$stubs/coverage/noop.sh"
cat > "$stubs/coverage/BUILD" <<'BUILD'
package(default_visibility = ["//visibility:public"])
filegroup(name = "coverage_report_generator", srcs = ["noop.sh"])
filegroup(name = "lcov_merger", srcs = ["noop.sh"])
BUILD
echo 'workspace(name = "rules_cc")' > "$stubs/rules_cc/WORKSPACE"
touch "$stubs/rules_cc/BUILD" "$stubs/rules_cc/cc/BUILD"
printf '%s = native.%s\n' cc_binary cc_binary cc_library cc_library cc_test cc_test cc_import cc_import \
    cc_toolchain cc_toolchain cc_toolchain_suite cc_toolchain_suite objc_library objc_library > "$stubs/rules_cc/cc/defs.bzl"
echo 'workspace(name = "rules_java")' > "$stubs/rules_java/WORKSPACE"
touch "$stubs/rules_java/BUILD" "$stubs/rules_java/java/BUILD"
printf '%s = native.%s\n' java_binary java_binary java_library java_library java_import java_import java_test java_test \
    java_plugin java_plugin java_runtime java_runtime java_toolchain java_toolchain > "$stubs/rules_java/java/defs.bzl"
cat > "$workspace/WORKSPACE" <<WORKSPACE
workspace(name = "shop")
local_repository(name = "modlint_bazel", path = "$integration")
WORKSPACE

bazel_test() {
    (cd "$workspace" && bazel --output_user_root="$scratch/bazel-root" test --symlink_prefix=/ \
        --override_repository=remote_coverage_tools="$stubs/coverage" --override_repository=rules_cc="$stubs/rules_cc" \
        --override_repository=rules_java="$stubs/rules_java" //:architecture)
}
logs() { (cd "$workspace" && bazel --output_user_root="$scratch/bazel-root" info --symlink_prefix=/ bazel-testlogs 2>/dev/null); }

bazel_test > "$scratch/pass.log" 2>&1 || fail "a clean tree failed: $(tail -20 "$scratch/pass.log")"
grep -q "PASSED" "$scratch/pass.log" || fail "no PASSED line: $(tail -20 "$scratch/pass.log")"
# A second run with unchanged inputs comes from Bazel's cache.
bazel_test > "$scratch/cached.log" 2>&1 || fail "the cached run failed"
grep -q "(cached) PASSED" "$scratch/cached.log" || fail "the unchanged test ran again: $(tail -5 "$scratch/cached.log")"
echo "import Core" > "$workspace/Sources/Feature/Feature.swift"
if bazel_test > "$scratch/fail.log" 2>&1; then fail "an undeclared import passed"; fi
testlogs="$(logs)"
grep -q "undeclared-import" "$testlogs/architecture/test.xml" || fail "test.xml does not name the finding"
(cd "$workspace" && bazel --output_user_root="$scratch/bazel-root" shutdown >/dev/null 2>&1) || true
echo "bazel integration: 3 passed, 0 failed"
