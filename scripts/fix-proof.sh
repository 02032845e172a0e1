#!/usr/bin/env bash
# Proof for `modlint fix` on a corpus of real packages (not part of `make test`: it
# compiles every edited manifest with SwiftPM, twice).
#   1. copy the corpus to a scratch folder and run `modlint fix --all --remove-unused` there
#      (every edit fix can make, warnings' too);
#   2. every edited manifest must still load with `swift package dump-package` wherever
#      the original did;
#   3. no undeclared-import or unused-dependency finding whose edit was applied may remain,
#      and no new finding may appear (a new dependency must not close a cycle).
# Usage: scripts/fix-proof.sh CORPUS_DIR MODLINT_BINARY
set -euo pipefail
corpus=$(cd "$1" && pwd)
modlint=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
scratch=$(mktemp -d)
results=$(mktemp -d)
trap 'rm -rf "$scratch" "$results"' EXIT
cp -R "$corpus/." "$scratch/"

"$modlint" lint --no-cache --reporter json "$scratch" > "$results/before.json" || true
"$modlint" fix --no-cache --all --remove-unused "$scratch" > "$results/fix.log" 2> "$results/fix.err" || true
"$modlint" lint --no-cache --reporter json "$scratch" > "$results/after.json" || true
tail -1 "$results/fix.log"

# 2. Manifests that changed still load.
manifests=$(sed -n 's/^\([^:]*Package[^:/]*\.swift\): target .*: \(added\|removed\) .*/\1/p' "$results/fix.log" | sort -u)
checked=0 broken=0 skipped=0
for manifest in $manifests; do
  directory=$(dirname "$manifest")
  if ! (cd "$corpus/$directory" && swift package dump-package > /dev/null 2>&1); then
    skipped=$((skipped + 1)); continue   # did not load before either
  fi
  checked=$((checked + 1))
  if ! (cd "$scratch/$directory" && swift package dump-package > /dev/null 2> "$results/err.txt"); then
    broken=$((broken + 1)); echo "BROKEN: $manifest"; head -5 "$results/err.txt"
  fi
done
echo "dump-package: $checked edited manifests load as before, $broken broken, $skipped did not load before the edit"

# 3. The findings whose edits were applied are gone.
python3 - "$results/before.json" "$results/after.json" "$results/fix.log" <<'PY'
import json, sys
before, after = (json.load(open(p))["diagnostics"] for p in sys.argv[1:3])
applied = set()
for line in open(sys.argv[3]):
    parts = line.rstrip("\n").split(": ", 2)
    if len(parts) == 3 and parts[1].startswith("target ") and parts[2].split(" ")[0] in ("added", "removed"):
        applied.add((parts[0], parts[1][len("target "):], parts[2].split(" ", 1)[1].split(" and .package(")[0]))
def element(fix):
    if fix["action"] != "add" or not (fix["platforms"] or fix.get("traits")):
        return fix["dependency"]
    parts = []
    if fix["platforms"]: parts.append("platforms: [" + ", ".join("." + p for p in fix["platforms"]) + "]")
    if fix.get("traits"): parts.append("traits: [" + ", ".join('"%s"' % t for t in fix["traits"]) + "]")
    condition = "condition: .when(" + ", ".join(parts) + ")"
    d = fix["dependency"]
    return (f'.target(name: {d}, {condition})' if d.startswith('"') else d[:-1] + f', {condition})')
touched = {d["fingerprint"] for d in before if d.get("fix") and (d["fix"]["manifest"], d["fix"]["target"], element(d["fix"])) in applied}
left = [d for d in after if d["fingerprint"] in touched]
known = {d["fingerprint"] for d in before}
new = [d for d in after if d["fingerprint"] not in known]
print(f"findings: {len(touched)} fixed, {len(left)} still reported, {len(new)} new; "
      f"{len(before)} findings before, {len(after)} after")
for d in (left + new)[:10]:
    print("LEFT:" if d in left else "NEW:", d["rule"], d["file"], d["line"], d["message"][:160])
sys.exit(1 if left or new else 0)
PY
[ "$broken" -eq 0 ]
