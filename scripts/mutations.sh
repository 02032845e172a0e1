#!/usr/bin/env bash
# Mutation check for the rule tests: applies one-line mutations, three per rule family (and
# three in the architecture diff),
# one at a time, and runs the rule examples (locations), their golden findings (messages,
# edges, fixes) and the reader fixtures. A mutation the tests do not notice "survives":
# the tests around that line cannot fail. The run is not part of `make test` (each mutation
# rebuilds the tests: ~1–2 minutes each). Usage: scripts/mutations.sh; the tree is restored after.
# `scripts/mutations.sh --check` only verifies, in seconds and without building, that every
# mutation's line is still written exactly once in its file (`make test` runs it), so that
# an edit that moves a line makes the list fail at once instead of in the next full run.
set -uo pipefail
cd "$(dirname "$0")/.."
check_only=0
case "${1:-}" in
    --check) check_only=1 ;;
    "") ;;
    *) echo "usage: scripts/mutations.sh [--check]" >&2; exit 2 ;;
esac
FILTER='RuleExamplesTests|RuleExampleFindingsTests|CocoaPodsProjectTests|BazelProjectTests|PodspecReaderTests|BazelReaderTests|ArchitectureDiffTests|DiffCommandTests'

# family ~ file ~ line as written ~ mutated line
MUTATIONS=$(cat <<'LIST'
module graph~Rules/Engine/ArchitectureModel.swift~        if toLayer < fromLayer { return (source, configuration.layers[toLayer], true) }~        if toLayer <= fromLayer { return (source, configuration.layers[toLayer], true) }
module graph~Rules/UndeclaredImport.swift~                severity = transitiveSeverity~                severity = nil
module graph~Sources/ModlintGraph/Imports/UndeclaredImports.swift~            if let condition = edge.condition, condition.contains("canImport(\(imported.name))") { continue }~            if let condition = edge.condition, !condition.contains("canImport(\(imported.name))") { continue }
module graph~Sources/ModlintGraph/Imports/UnusedDependencies.swift~                    guard providers.count == declaration.modules.count, !providers.isEmpty else { continue }~                    guard !providers.isEmpty else { continue }
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~        for members in groups.values where members.count > 1 {~        for members in groups.values where members.count > 2 {
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~            guard providers.contains(framework) else { continue }~            guard !providers.isEmpty else { continue }
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~            guard !members.contains(where: { graph.keyDeclarations[$0].fact.testValue != nil }) else { continue }~            guard !members.contains(where: { graph.keyDeclarations[$0].fact.testValue == nil }) else { continue }
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                        for use in fact.types where !conformances.contains(use.name) && model.isStandard(use.name) {~                        for use in fact.types where conformances.contains(use.name) && model.isStandard(use.name) {
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                        for use in fact.types where !conformances.contains(use.name) && model.isConstraintProtocol(use.name) {~                        for use in fact.types where !conformances.contains(use.name) && !model.isConstraintProtocol(use.name) {
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                guard let info = model.types[use.name], info.isProtocol, !info.conformances.contains("Standard") else { continue }~                guard let info = model.types[use.name], info.isProtocol, info.conformances.contains("Standard") else { continue }
build descriptions~Sources/ModlintWorkspace/BuildSystems/BazelBuildSystem.swift~                if otherFolder == ownFolder {~                if otherFolder != ownFolder {
build descriptions~Sources/ModlintWorkspace/BuildSystems/XcodeProjectLayout.swift~        guard claimed > 0, anyClaim || claimed * 2 >= files.count else { return nil }~        guard claimed > 0, claimed * 2 >= files.count else { return nil }
build descriptions~Sources/ModlintCocoaPods/Podfile.swift~                if inherits { pods = current.pods.map { pod in~                if !inherits { pods = current.pods.map { pod in
architecture diff~Sources/ModlintDiff/ArchitectureDiff.swift~            if let count = remaining[found], count > 0 {~            if let count = remaining[found], count > 1 {
architecture diff~Sources/ModlintDiff/ArchitectureDiff.swift~            .filter { $0.count > 1 }~            .filter { $0.count > 2 }
architecture diff~Sources/ModlintDiff/ArchitectureDiff.swift~            guard let was = baseEdges[edge.key], was != edge else { return nil }~            guard let was = baseEdges[edge.key] else { return nil }
LIST
)

# How many times `original`, as a whole line, is written in `file` (the run below mutates
# a line only when it is there exactly once).
occurrences() {
    python3 - "$1" "$2" <<'PY'
import sys
path, original = sys.argv[1], sys.argv[2]
try:
    lines = open(path).read().split("\n")
except OSError:
    print(0); sys.exit(0)
print(lines.count(original))
PY
}

if [ "$check_only" -eq 1 ]; then
    missing=0; total=0
    while IFS='~' read -r family file original mutated; do
        total=$((total + 1))
        count=$(occurrences "$file" "$original")
        if [ "$count" != "1" ]; then
            echo "mutations: $family: $file has the line $count times (expected once): $(echo "$original" | sed -E 's/^ +//')" >&2
            missing=$((missing + 1))
        fi
    done <<< "$MUTATIONS"
    if [ "$missing" -ne 0 ]; then
        echo "mutations: $missing of $total mutation lines not found once: update the list in scripts/mutations.sh" >&2
        exit 1
    fi
    echo "mutations: all $total mutation lines present"
    exit 0
fi

if ! git diff --quiet; then echo "mutations: commit or stash your changes first" >&2; exit 2; fi
restore() { git checkout -q -- Rules Sources; }
trap restore EXIT
killed=0; survived=0
printf '%-22s %-48s %s\n' "family" "mutation" "result"
while IFS='~' read -r family file original mutated; do
    python3 - "$file" "$original" "$mutated" <<'PY' || { echo "mutations: line not found in $file: $original" >&2; exit 2; }
import sys
path, original, mutated = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(path).read().split("\n")
if lines.count(original) != 1: sys.exit(1)
lines[lines.index(original)] = mutated
open(path, "w").write("\n".join(lines))
PY
    label="$(basename "$file"): $(echo "$mutated" | sed -E 's/^ +//' | cut -c1-40)"
    if swift build --build-tests >/tmp/mutation-build.log 2>&1 && swift test --skip-build --filter "$FILTER" >/tmp/mutation-test.log 2>&1; then
        result="SURVIVED"; survived=$((survived + 1))
    else
        result="killed"; killed=$((killed + 1))
    fi
    printf '%-22s %-48s %s\n' "$family" "$label" "$result"
    restore
done <<< "$MUTATIONS"
echo "mutations: $killed killed, $survived survived"
[ "$survived" -eq 0 ]
