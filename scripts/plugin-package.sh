#!/usr/bin/env bash
# Writes modlint's SwiftPM plugin package (the command and build-tool plugins over the
# artifact bundle) into DEST, from integrations/swiftpm-plugins and the command plugin's
# one source in Sources/ModlintCommandPlugin.
#   scripts/plugin-package.sh DEST --url URL CHECKSUM   # a release: the bundle is downloaded
#   scripts/plugin-package.sh DEST --path BUNDLE.zip    # a local bundle, copied into DEST
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$1 mode=$2
version=$(sed -n 's/^ *public static let current = "\(.*\)"$/\1/p' Rules/Engine/Linter.swift)
rm -rf "$dest"
mkdir -p "$dest/Plugins/ModlintCommandPlugin" "$dest/Plugins/ModlintBuildToolPlugin"
case "$mode" in
  --url) source="url: \"$3\",\n            checksum: \"$4\"" ;;
  --path) cp "$3" "$dest/modlint.artifactbundle.zip"; source="path: \"modlint.artifactbundle.zip\"" ;;
  *) echo "usage: $0 DEST (--url URL CHECKSUM | --path BUNDLE.zip)" >&2; exit 2 ;;
esac
sed -e "s|@BINARY_SOURCE@|$source|" -e "s|@VERSION@|$version|" integrations/swiftpm-plugins/Package.swift.in > "$dest/Package.swift"
cp Sources/ModlintCommandPlugin/ModlintCommandPlugin.swift "$dest/Plugins/ModlintCommandPlugin/"
cp integrations/swiftpm-plugins/Plugins/ModlintBuildToolPlugin/ModlintBuildToolPlugin.swift "$dest/Plugins/ModlintBuildToolPlugin/"
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then find "$dest" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; fi
