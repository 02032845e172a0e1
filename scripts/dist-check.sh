#!/usr/bin/env bash
# Proves the release artifacts as a new user meets them (`make dist-check`, run by CI):
#   1. `make dist` twice on the checkout gives the same bytes (SHA256SUMS);
#   2. the .deb unpacked into a temporary root (dpkg-deb -x) runs on the demo from a folder
#      outside the checkout: version and commit, findings, an SVG through libgvc, the man
#      page and completions;
#   3. where this runs as root with apt-get, `apt-get install ./dist/modlint_*.deb`
#      installs it (timed) and it runs from PATH; it is removed again;
#   4. the tarball matches its checksum and runs;
#   5. the SwiftPM plugins resolve the artifact bundle from a local path: the command plugin
#      reports a consumer's undeclared import, the build-tool plugin lints before a build
#      and fails it on an error. Nothing of modlint is built in the consumer.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
swift=${SWIFT:-swift}
fail() { echo "dist-check: FAILED: $*" >&2; exit 1; }
ok() { echo "dist-check: ok: $*"; }

bash scripts/dist.sh
first=$(cat dist/SHA256SUMS)
bash scripts/dist.sh > /dev/null
[ "$first" = "$(cat dist/SHA256SUMS)" ] || fail "a second make dist gave other bytes: $(diff <(echo "$first") dist/SHA256SUMS)"
ok "make dist twice: the same bytes"

version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' Rules/Engine/Linter.swift)
commit=$(git rev-parse HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-modified"
deb=$(ls dist/modlint_"$version"_*.deb)
outside=$(mktemp -d)
trap 'rm -rf "$outside"' EXIT
cd "$outside"

# 2. The .deb, unpacked.
dpkg-deb -x "$checkout/$deb" root
modlint="$outside/root/usr/bin/modlint"
[ "$("$modlint" version)" = "modlint $version (commit $commit)" ] || fail "version says '$("$modlint" version)'"
set +e; "$modlint" lint --no-cache "$checkout/Examples/DemoApp" > lint.txt 2>&1; status=$?; set -e
[ "$status" = 1 ] && grep -q "\[undeclared-import\]" lint.txt || fail "lint of the demo: exit $status: $(tail -3 lint.txt)"
"$modlint" graph --no-cache "$checkout/Examples/DemoApp" --format svg -o modules.svg > /dev/null 2>&1 || fail "graph --format svg"
grep -q "<svg" modules.svg || fail "no SVG written"
zcat root/usr/share/man/man1/modlint.1.gz | grep -q '^\.Dt MODLINT 1' || fail "no man page"
[ "$(stat -c %a root/usr/share/man/man1)" = 755 ] && [ "$(stat -c %a root/usr/share/man/man1/modlint.1.gz)" = 644 ] || fail "file modes"
for completion in root/usr/share/bash-completion/completions/modlint root/usr/share/zsh/vendor-completions/_modlint \
                  root/usr/share/fish/vendor_completions.d/modlint.fish; do
  grep -q "graph" "$completion" || fail "completion $completion lacks the subcommands"
done
dpkg-deb -f "$checkout/$deb" Depends | grep -q libgvc6 || fail "the package does not depend on libgvc6"
ok "the .deb unpacked runs outside the checkout: $("$modlint" version), $(du -h "$checkout/$deb" | cut -f1) package"

# 3. Installed with apt-get, where CI may.
if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  start=$(date +%s%N)
  apt-get install -y -qq "$checkout/$deb" > apt.log 2>&1 || fail "apt-get install: $(tail -5 apt.log)"
  milliseconds=$(( ($(date +%s%N) - start) / 1000000 ))
  [ "$(command -v modlint)" = /usr/bin/modlint ] || fail "modlint is not on PATH after apt-get install"
  set +e; modlint lint --no-cache --quiet "$checkout/Examples/DemoApp" > /dev/null 2>&1; status=$?; set -e
  [ "$status" = 1 ] || fail "the installed modlint exits $status on the demo"
  apt-get remove -y -qq modlint > /dev/null 2>&1
  ok "apt-get install ./$(basename "$deb"): ${milliseconds} ms, runs from PATH (removed again)"
else
  echo "dist-check: skipped: apt-get install (not root)"
fi

# 4. The tarball.
tarball=$(basename "$(ls "$checkout"/dist/modlint-"$version"-*.tar.gz | grep -v source)")
(cd "$checkout/dist" && sha256sum -c --quiet "$tarball.sha256") || fail "tarball checksum"
tar -xzf "$checkout/dist/$tarball"
[ "$("./${tarball%.tar.gz}/bin/modlint" --version)" = "$version" ] || fail "the tarball's modlint"
ok "tarball $tarball: checksum and binary"

# 5. The published plugin package names the bundle by its release URL and checksum; the
#    same package over the bundle from a local path is what a consumer resolves here.
tar -xzf "$checkout/dist/modlint-plugins-$version.tar.gz"
grep -q "checksum: \"$(cut -d' ' -f1 "$checkout/dist/modlint.artifactbundle.zip.sha256")\"" modlint-plugins/Package.swift \
  || fail "the plugin package does not pin the bundle's checksum"
rm -rf modlint-plugins
bash "$checkout/scripts/plugin-package.sh" "$outside/modlint-plugins" --path "$checkout/dist/modlint.artifactbundle.zip"
mkdir -p consumer/Sources/App consumer/Sources/Core
cat > consumer/Package.swift <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "../modlint-plugins")],
    targets: [
        .target(name: "Core"),
        .target(name: "App", dependencies: ["Core"],
                plugins: [.plugin(name: "ModlintBuildToolPlugin", package: "modlint-plugins")]),
    ]
)
SWIFT
echo 'public struct Core { public init() {} }' > consumer/Sources/Core/Core.swift
printf 'import Core\npublic func makeCore() -> Core { Core() }\n' > consumer/Sources/App/App.swift
cd consumer
"$swift" build > build.log 2>&1 || fail "swift build of a clean consumer with the build-tool plugin: $(tail -5 build.log)"
# The plugin ran: its cache (in the plugin's work folder) holds the lint's result.
find .build/plugins -path '*ModlintBuildToolPlugin/cache/*' -type f | grep -q . || fail "the build-tool plugin did not run: $(tail -5 build.log)"
if find .build -name 'ModlintCommandPlugin*' -path '*release*' | grep -q . || find .build -path '*/modlint.build/*' | grep -q .; then
  fail "modlint was built in the consumer"
fi
# An undeclared import: the build fails, saying why.
printf 'import Core\nimport Foundation\n' > Sources/App/Extra.swift
sed -i 's/.target(name: "App", dependencies: \["Core"\],/.target(name: "App",/' Package.swift
set +e; "$swift" build > broken.log 2>&1; status=$?; set -e
[ "$status" != 0 ] && grep -q "undeclared-import" broken.log || fail "the build-tool plugin let an undeclared import build (exit $status): $(tail -5 broken.log)"
set +e; "$swift" package modlint --no-cache > command.log 2>&1; status=$?; set -e
[ "$status" != 0 ] && grep -q "\[undeclared-import\]" command.log && grep -q "modlint: findings at error severity" command.log \
  || fail "swift package modlint (exit $status): $(tail -5 command.log)"
ok "SwiftPM plugins over the local artifact bundle: the build-tool plugin fails the build on the undeclared import, the command plugin reports it"
