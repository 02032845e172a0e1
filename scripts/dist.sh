#!/usr/bin/env bash
# Builds modlint's release artifacts into dist/ from the checkout's HEAD (`make dist`):
#   modlint_<version>_<arch>.deb                         binary, man page, completions
#   modlint-<version>-<triple>.tar.gz                    the same files, for any Linux
#   modlint.artifactbundle.zip                           SwiftPM artifact bundle (binaryTarget)
#   modlint-plugins-<version>.tar.gz                     the SwiftPM plugin package that uses it
#   modlint-<version>-source.tar.gz, modlint.rb          the source and its Homebrew formula
#   SHA256SUMS                                           one line per file above
# Deterministic: file times are the commit's, owners root, entries sorted; two runs on the
# same commit give the same bytes (the binary is the same build, stripped).
# Options (environment): DIST (output folder, default dist), DIST_SCRATCH (build folder,
# default .build-dist), DIST_BASE_URL (where the release's files will be downloaded from,
# for the plugin package's binaryTarget), SWIFT (the toolchain's swift).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist=${DIST:-dist}
scratch=${DIST_SCRATCH:-.build-dist}
swift=${SWIFT:-swift}

version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' Rules/Engine/Linter.swift)
[ -n "$version" ] || { echo "dist: no version in Rules/Engine/Linter.swift" >&2; exit 2; }
commit=$(git rev-parse HEAD)
# A release is built from its tag: a tag on HEAD must name the version the binary reports.
for tag in $(git tag --points-at HEAD 'v*'); do
  [ "$tag" = "v$version" ] || { echo "dist: HEAD is tagged $tag but the sources say $version (ModlintVersion.current)" >&2; exit 2; }
done
# A tree with changes to tracked files is not the commit: say so in the binary.
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "dist: warning: the work tree has uncommitted changes; the binary is marked ${commit:0:12}-modified" >&2
  commit="$commit-modified"
fi
export SOURCE_DATE_EPOCH=$(git log -1 --format=%ct HEAD)
base_url=${DIST_BASE_URL:-https://github.com/modlint/modlint/releases/download/v$version}

case "$(uname -m)" in
  x86_64) triple=x86_64-unknown-linux-gnu; arch=amd64 ;;
  aarch64|arm64) triple=aarch64-unknown-linux-gnu; arch=arm64 ;;
  *) echo "dist: unsupported machine $(uname -m)" >&2; exit 2 ;;
esac
[ "$(uname -s)" = Linux ] || { echo "dist: builds the Linux artifacts (macOS installs through the Homebrew formula)" >&2; exit 2; }

echo "== building modlint $version ($commit) for $triple"
# The commit reaches the binary through a header in the build folder (BuildInfo.c says why).
mkdir -p "$scratch/build-info"
header="$scratch/build-info/modlint_build_commit.h"
printf '#define MODLINT_BUILD_COMMIT "%s"\n' "$commit" > "$header.new"
cmp -s "$header.new" "$header" && rm "$header.new" || mv "$header.new" "$header"
# Optimised across modules, as `make release` builds (the Makefile says why); the manual's
# generator takes the same flags, so the shared modules are not rebuilt between the two.
optimize="-Xswiftc -cross-module-optimization"
"$swift" build -c release --product modlint --static-swift-stdlib --scratch-path "$scratch" $optimize \
  -Xcc -I"$(cd "$scratch/build-info" && pwd)"
"$swift" build -c release --product generate-manual --scratch-path "$scratch" $optimize \
  -Xcc -I"$(cd "$scratch/build-info" && pwd)" >/dev/null
binary="$scratch/release/modlint"

rm -rf "$dist"
mkdir -p "$dist"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
files="$stage/files"

# The installed tree, as the .deb and the tarball both carry it.
install -d "$files/usr/bin" "$files/usr/share/man/man1" "$files/usr/share/doc/modlint" \
  "$files/usr/share/bash-completion/completions" "$files/usr/share/zsh/vendor-completions" \
  "$files/usr/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$files/usr/bin/modlint"
strip --strip-all "$files/usr/bin/modlint"
mkdir -p "$stage/man"
# The manual's date is the commit's, so that the page is the same on every run.
"$scratch/release/generate-manual" "$files/usr/bin/modlint" --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)" \
  --authors "modlint contributors" --output-directory "$stage/man" >/dev/null
gzip -9n < "$stage/man/modlint.1" > "$files/usr/share/man/man1/modlint.1.gz"
"$files/usr/bin/modlint" --generate-completion-script bash > "$files/usr/share/bash-completion/completions/modlint"
"$files/usr/bin/modlint" --generate-completion-script zsh > "$files/usr/share/zsh/vendor-completions/_modlint"
"$files/usr/bin/modlint" --generate-completion-script fish > "$files/usr/share/fish/vendor_completions.d/modlint.fish"
cat > "$files/usr/share/doc/modlint/README" <<DOC
modlint $version (commit $commit)
Architecture linter for modular Swift code bases: https://github.com/modlint/modlint
Run-time dependency: Graphviz's libgvc (Debian: libgvc6); the Swift runtime is linked in.
DOC
find "$files" -type d -exec chmod 0755 {} +
find "$files/usr/share" -type f -exec chmod 0644 {} +
find "$files" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# A sorted, root-owned archive with the commit's times and no gzip timestamp.
reproducible_tar() { # output.tar.gz folder (contents relative to it)
  tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --format=gnu -C "$2" -cf - . | gzip -9n > "$1"
}

# 1. The Debian package. Depends: what the binary links (ldd) besides the C library,
#    named by Debian's package names.
deb="$dist/modlint_${version}_${arch}.deb"
mkdir -p "$stage/deb/DEBIAN"
cp -a "$files/." "$stage/deb/"
size=$(du -sk --apparent-size "$files" | cut -f1)
cat > "$stage/deb/DEBIAN/control" <<CONTROL
Package: modlint
Version: $version
Architecture: $arch
Maintainer: modlint contributors <modlint@users.noreply.github.com>
Installed-Size: $size
Depends: libc6 (>= 2.31), libgcc-s1, libstdc++6, libgvc6, libcgraph6, libcdt5
Section: devel
Priority: optional
Homepage: https://github.com/modlint/modlint
Description: architecture linter for modular Swift code bases
 Reads SwiftPM, Xcode, Tuist, XcodeGen, CocoaPods and Bazel build descriptions and
 Swift sources without building them, and checks the module and dependency-injection
 graphs: cycles, undeclared imports, layer and boundary violations, duplicate and
 missing registrations. Renders architecture diagrams through Graphviz.
CONTROL
find "$stage/deb" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$stage/deb" "$deb" >/dev/null

# 2. The tarball: the same files under modlint-<version>-<triple>/.
tarname="modlint-$version-$triple"
mkdir -p "$stage/tar/$tarname"
cp -a "$files/usr/." "$stage/tar/$tarname/"
reproducible_tar "$dist/$tarname.tar.gz" "$stage/tar"

# 3. The SwiftPM artifact bundle: info.json and one executable variant per triple.
bundle="$stage/bundle/modlint.artifactbundle"
variant="modlint-$version-$triple"
install -d "$bundle/$variant/bin"
install -m 0755 "$files/usr/bin/modlint" "$bundle/$variant/bin/modlint"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "modlint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/bin/modlint",
          "supportedTriples": ["$triple"]
        }
      ]
    }
  }
}
JSON
find "$stage/bundle" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
python3 scripts/reproducible-zip.py "$dist/modlint.artifactbundle.zip" "$stage/bundle" "$SOURCE_DATE_EPOCH"
bundle_checksum=$(sha256sum "$dist/modlint.artifactbundle.zip" | cut -d' ' -f1)

# 4. The plugin package: the command and build-tool plugins over the bundle, ready to be
#    published beside the release (its binaryTarget names the release's download URL).
#    An archive, not a folder: a Package.swift under dist/ would join modlint's own workspace.
mkdir -p "$stage/plugins"
bash scripts/plugin-package.sh "$stage/plugins/modlint-plugins" --url "$base_url/modlint.artifactbundle.zip" "$bundle_checksum"
reproducible_tar "$dist/modlint-plugins-$version.tar.gz" "$stage/plugins"

# 5. The source archive and the Homebrew formula that builds it.
source_name="modlint-$version-source.tar.gz"
git archive --format=tar --prefix="modlint-$version/" HEAD | gzip -9n > "$dist/$source_name"
source_checksum=$(sha256sum "$dist/$source_name" | cut -d' ' -f1)
sed -e "s|@SOURCE_URL@|$base_url/$source_name|" -e "s|@SOURCE_SHA256@|$source_checksum|" -e "s|@COMMIT@|${commit%-modified}|" \
  integrations/homebrew/modlint.rb > "$dist/modlint.rb"

artifacts=("modlint_${version}_${arch}.deb" "$tarname.tar.gz" modlint.artifactbundle.zip "modlint-plugins-$version.tar.gz" "$source_name")
(cd "$dist" && sha256sum "${artifacts[@]}" > SHA256SUMS)
for file in "${artifacts[@]}"; do
  (cd "$dist" && grep " $file\$" SHA256SUMS > "$file.sha256")
done
echo "== dist/ ($version, $commit):"
(cd "$dist" && ls -l --time-style=+ "${artifacts[@]}" | awk '{print "   " $5 "  " $NF}')
cat "$dist/SHA256SUMS" | sed 's/^/   /'
