#!/usr/bin/env bash
# Mutation check for the rule tests: applies one-line mutations, three per rule family,
# one at a time, and runs the rule examples (locations), their golden findings (messages,
# edges, fixes) and the reader fixtures. A mutation the tests do not notice "survives":
# the tests around that line cannot fail. Not part of `make test` (each mutation rebuilds
# the tests: ~1–2 minutes each). Usage: scripts/mutations.sh; the tree is restored after.
set -uo pipefail
cd "$(dirname "$0")/.."
if ! git diff --quiet; then echo "mutations: commit or stash your changes first" >&2; exit 2; fi
FILTER='RuleExamplesTests|RuleExampleFindingsTests|CocoaPodsProjectTests|BazelProjectTests|PodspecReaderTests|BazelReaderTests'

# family ~ file ~ line as written ~ mutated line
MUTATIONS=$(cat <<'LIST'
module graph~Rules/LayerViolation.swift~            if to < from {~            if to <= from {
module graph~Rules/UndeclaredImport.swift~                severity = transitiveSeverity~                severity = nil
module graph~Sources/ModlintGraph/Imports/UndeclaredImports.swift~            if let condition = edge.fact.condition, condition.contains("canImport(\(imported.name))") { continue }~            if let condition = edge.fact.condition, !condition.contains("canImport(\(imported.name))") { continue }
module graph~Sources/ModlintGraph/Imports/UnusedDependencies.swift~                    guard providers.count == declaration.modules.count, !providers.isEmpty else { continue }~                    guard !providers.isEmpty else { continue }
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~        for members in groups.values where members.count > 1 {~        for members in groups.values where members.count > 2 {
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~            guard providers.contains(framework) else { continue }~            guard !providers.isEmpty else { continue }
dependency injection~Sources/ModlintGraph/DI/DIAnalysis.swift~            guard !members.contains(where: { graph.keyDeclarations[$0].fact.testValue != nil }) else { continue }~            guard !members.contains(where: { graph.keyDeclarations[$0].fact.testValue == nil }) else { continue }
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                        for use in fact.types where !conformances.contains(use.name) && model.isStandard(use.name) {~                        for use in fact.types where conformances.contains(use.name) && model.isStandard(use.name) {
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                        for use in fact.types where !conformances.contains(use.name) && model.isConstraintProtocol(use.name) {~                        for use in fact.types where !conformances.contains(use.name) && !model.isConstraintProtocol(use.name) {
Spezi~Sources/ModlintGraph/Spezi/SpeziChecks.swift~                guard let info = model.types[use.name], info.isProtocol, !info.conformances.contains("Standard") else { continue }~                guard let info = model.types[use.name], info.isProtocol, info.conformances.contains("Standard") else { continue }
build descriptions~Sources/ModlintWorkspace/BuildSystems/BazelBuildSystem.swift~                    if parsed.package == read.path {~                    if parsed.package != read.path {
build descriptions~Sources/ModlintWorkspace/BuildSystems/XcodeProjectLayout.swift~        guard claimed > 0, anyClaim || claimed * 2 >= files.count else { return nil }~        guard claimed > 0, claimed * 2 >= files.count else { return nil }
build descriptions~Sources/ModlintCocoaPods/Podfile.swift~                if inherits { pods = current.pods.map { pod in~                if !inherits { pods = current.pods.map { pod in
LIST
)

restore() { git checkout -q -- Rules Sources; }
trap restore EXIT
killed=0; survived=0
printf '%-22s %-48s %s\n' "family" "mutation" "result"
while IFS='~' read -r family file original mutated; do
    python3 - "$file" "$original" "$mutated" <<'PY' || { echo "mutations: line not found in $file: $original" >&2; exit 2; }
import sys
path, original, mutated = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read()
if text.count(original + "\n") != 1: sys.exit(1)
open(path, "w").write(text.replace(original + "\n", mutated + "\n"))
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
