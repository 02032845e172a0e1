#!/usr/bin/env bash
# Proof that `modlint fix --remove-unused` never breaks a build (not part of `make test`:
# it compiles every package twice). For each package of the corpus that declares no
# remote dependency (`url:` in none of its manifests: nothing to fetch):
#   1. copy it to a work folder and `swift build` it; a package that does not build on
#      this machine before the fix is left out;
#   2. run `modlint fix --remove-unused` on the copy and `swift build` again (incremental:
#      the first build's products stay);
#   3. report how many built before, how many the fix edited, how many still build, and
#      the first errors of any that broke. Exit 1 when one broke.
# Usage: scripts/fix-build-proof.sh CORPUS_DIR MODLINT_BINARY [WORK_DIR]
#   WORK_DIR keeps the copies and their builds between runs (a package built once is not
#   built again before the fix); a temporary folder when absent.
#   PHASE=before builds the copies only; BUILD_TIMEOUT (seconds, default 900) per build;
#   BUILD_TESTS=1 builds the test targets too (`--build-tests`); ONLY="a b" limits the run
#   to those packages.
set -uo pipefail
corpus=$(cd "$1" && pwd)
modlint=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
if [ -n "${3:-}" ]; then
  mkdir -p "$3"; work=$(cd "$3" && pwd)
else
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
timeout=${BUILD_TIMEOUT:-900}
build=(swift build)
[ -n "${BUILD_TESTS:-}" ] && build+=(--build-tests)
packages="$corpus"
[ -d "$corpus/pkgs" ] && packages="$corpus/pkgs"

candidates=0 built=0 edited=0 edits=0 after=0 broken=0
for source in "$packages"/*/; do
  name=$(basename "$source")
  [ -f "$source/Package.swift" ] || continue
  if grep -q 'url:' "$source"/Package*.swift 2>/dev/null; then continue; fi
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
  candidates=$((candidates + 1))
  copy="$work/$name"
  if [ ! -f "$work/$name.before" ]; then
    rm -rf "$copy"; cp -R "$source" "$copy"; rm -rf "$copy/.build"
    if (cd "$copy" && timeout "$timeout" "${build[@]}" > "$work/$name.before.log" 2>&1); then
      echo ok > "$work/$name.before"
    else
      echo "failed ($?)" > "$work/$name.before"
    fi
  fi
  status=$(cat "$work/$name.before")
  [ "$status" = ok ] || { echo "$name: does not build before the fix ($status): left out"; continue; }
  built=$((built + 1))
  [ "${PHASE:-}" = before ] && continue
  # From the manifests as committed (a copy kept from an earlier run may hold its edits).
  (cd "$source" && find . -name 'Package*.swift' -not -path './.build/*' -exec cp --parents {} "$copy" \;)
  "$modlint" fix --no-cache --remove-unused "$copy" > "$work/$name.fix.log" 2> "$work/$name.fix.err"
  count=$(grep -c ': target .*: \(added\|removed\) ' "$work/$name.fix.log")
  if [ "$count" -gt 0 ]; then
    edited=$((edited + 1)); edits=$((edits + count))
  fi
  if (cd "$copy" && timeout "$timeout" "${build[@]}" > "$work/$name.after.log" 2>&1); then
    after=$((after + 1))
    echo "$name: builds after the fix ($count edits)"
  else
    broken=$((broken + 1))
    echo "BROKEN: $name ($count edits):"
    grep -m 5 'error:' "$work/$name.after.log" | sed 's/^/  /'
  fi
done
echo "fix-build-proof: $candidates packages without remote dependencies, $built build before the fix"
[ "${PHASE:-}" = before ] && exit 0
echo "fix-build-proof: fix edited $edited of them ($edits edits); $after build after the fix, $broken broken"
[ "$broken" -eq 0 ]
