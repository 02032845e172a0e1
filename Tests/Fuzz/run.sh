#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (swiftc -sanitize=fuzzer,address) from the
# library sources and runs each for a bounded time. Crashes are written to
# .build/fuzz/<target>/crash-*. Leak detection is off: the Swift runtime keeps metadata
# caches that LeakSanitizer reports on the first input. The seed corpus is the repository's own Swift files.
# Targets: tokenizer + fact extractor, manifest reader, Xcode project reader (old-style and
# XML property lists), and — each on its own, since one input format per target is what
# finds a reader's own blow-ups — the xcconfig, workspace and Package.resolved readers,
# the CocoaPods (Ruby DSL) readers and the Bazel (Starlark) reader.
# Usage: Tests/Fuzz/run.sh [seconds per target, default 60]
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET="${1:-60}"
OUT=.build/fuzz
mkdir -p "$OUT"
TOKENIZER=(Sources/ModlintTokenizer/*.swift)
FACTS=(Sources/ModlintFacts/*.swift Sources/ModlintFacts/*/*.swift)
MANIFEST=(Sources/ModlintManifest/*.swift)
XCODE=(Sources/ModlintXcode/*.swift)
PODS=(Sources/ModlintCocoaPods/*.swift)
BAZEL=(Sources/ModlintBazel/*.swift)
build() { # name, sources... — compiled as one module, so the stage imports are dropped.
  local name="$1"; shift
  local flat="$OUT/src-$name"; rm -rf "$flat"; mkdir -p "$flat"
  local index=0
  for file in "$@"; do
    index=$((index + 1))
    sed -E '/^(@_exported )?import Modlint(Tokenizer|Facts|Manifest|Xcode|CocoaPods|Bazel)$/d' "$file" > "$flat/$index-$(basename "$file")"
  done
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$name" "$flat"/*.swift -o "$OUT/fuzz-$name"
}
build tokenizer Tests/Fuzz/TokenizerFuzz.swift "${TOKENIZER[@]}" "${FACTS[@]}"
build manifest Tests/Fuzz/ManifestFuzz.swift "${TOKENIZER[@]}" "${MANIFEST[@]}"
build xcode Tests/Fuzz/XcodeProjectFuzz.swift "${XCODE[@]}"
build xcconfig Tests/Fuzz/XCConfigFuzz.swift "${XCODE[@]}"
build workspace Tests/Fuzz/WorkspaceFuzz.swift "${XCODE[@]}"
build resolved Tests/Fuzz/ResolvedFuzz.swift "${TOKENIZER[@]}" "${MANIFEST[@]}"
build cocoapods Tests/Fuzz/CocoaPodsFuzz.swift "${PODS[@]}"
build bazel Tests/Fuzz/BazelFuzz.swift "${BAZEL[@]}"
SEEDS="$OUT/seeds"; mkdir -p "$SEEDS"
printf '// comment\nPRODUCT_NAME = App\n#include "1.xcconfig"\n\0#include? "0.xcconfig"\nA[sdk=iphoneos*] = 1\n' > "$SEEDS/pair.xcconfig"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n<Group location = "container:Apps" name = "Apps">\n<FileRef location = "group:App.xcodeproj"></FileRef>\n</Group>\n<FileRef location = "absolute:/tmp/Kit"/>\n</Workspace>\n' > "$SEEDS/contents.xcworkspacedata"
printf '{\n  "pins" : [\n    {\n      "identity" : "yams",\n      "state" : {\n        "revision" : "abc",\n        "version" : "5.0.1"\n      }\n    }\n  ],\n  "version" : 2\n}\n' > "$SEEDS/Package.resolved"
printf '<?xml version="1.0"?>\n<plist version="1.0"><dict><key>objects</key><dict><key>A</key><dict><key>isa</key><string>PBXProject</string></dict></dict><key>rootObject</key><string>A</string></dict></plist>\n' > "$SEEDS/project.xml"
printf 'Pod::Spec.new do |s|\n  s.name = "Kit"\n  s.source_files = "Sources/**/*.{swift,h}"\n  s.dependency "Core", "~> 1"\n  s.subspec "UI" do |ui|\n    ui.source_files = %%w[UI/a.swift]\n  end\nend\n' > "$SEEDS/Kit.podspec"
printf 'load("//:1.bzl", "feature")\nfeature(name = "A", deps = ["//B", ":C"] + select({"//c:ios": ["D"]}))\n\0def feature(name, deps = [], **kwargs):\n    native.swift_library(name = name, srcs = native.glob(["**/*.swift"]), deps = [d for d in deps if d], **kwargs)\n' > "$SEEDS/BUILD"
for name in tokenizer manifest xcode xcconfig workspace resolved cocoapods bazel; do
  corpus="$OUT/$name/corpus"; mkdir -p "$corpus"
  if [ "$name" = manifest ]; then seeds=(Package.swift Examples/DemoApp/*/Package.swift Examples/DemoApp/Package.swift)
  elif [ "$name" = xcode ]; then seeds=(Examples/XcodeApp/*.xcodeproj/project.pbxproj Sources/ModlintTestSupport/XcodeFixtures.swift "$SEEDS/project.xml")
  elif [ "$name" = xcconfig ]; then seeds=("$SEEDS/pair.xcconfig")
  elif [ "$name" = workspace ]; then seeds=("$SEEDS/contents.xcworkspacedata")
  elif [ "$name" = resolved ]; then seeds=("$SEEDS/Package.resolved")
  elif [ "$name" = cocoapods ]; then seeds=("$SEEDS/Kit.podspec")
  elif [ "$name" = bazel ]; then seeds=("$SEEDS/BUILD")
  else seeds=(Sources/ModlintTokenizer/Lexer.swift Rules/*.swift); fi
  for seed in "${seeds[@]}"; do [ -f "$seed" ] && cp "$seed" "$corpus/" || true; done
  echo "== fuzz $name for ${SECONDS_PER_TARGET}s"
  (cd "$OUT/$name" && ASAN_OPTIONS=detect_leaks=0 "../fuzz-$name" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 corpus) \
    2>&1 | grep -E "^(#[0-9]+.*DONE|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" || true
done
ls "$OUT"/*/crash-* "$OUT"/*/timeout-* "$OUT"/*/oom-* 2>/dev/null && { echo "== fuzzing found problems (see above)"; exit 1; } || echo "== no crashes"
