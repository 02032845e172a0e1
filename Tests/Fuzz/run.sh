#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer (swiftc -sanitize=fuzzer,address) from the
# library sources and runs each for a bounded time. Crashes are written to
# .build/fuzz/<target>/crash-*. Leak detection is off: the Swift runtime keeps metadata
# caches that LeakSanitizer reports on the first input; the Swift runtime's backtracer is
# off too (ASan reports its reads of the crashed stack instead of the crash). The seed
# corpus is the repository's own files and the seeds written below.
# Targets: tokenizer + fact extractor, manifest reader, Xcode project reader (old-style and
# XML property lists), and — each on its own, since one input format per target is what
# finds a reader's own blow-ups — the xcconfig, workspace and Package.resolved readers,
# the CocoaPods (Ruby DSL) readers, the Bazel (Starlark) reader, the Tuist Project.swift
# reader (with helpers), the XcodeGen spec reader (with includes) and its YAML decoder.
# The last two link Yams and libyaml from the package's checkout, instrumented the same way.
# Usage: Tests/Fuzz/run.sh [seconds per target, default 60] [target …, default all]
#   e.g. Tests/Fuzz/run.sh 60 tuist xcodegen yaml
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET="${1:-60}"
ALL=(tokenizer manifest xcode xcconfig workspace resolved cocoapods bazel tuist xcodegen yaml)
if [ $# -gt 1 ]; then shift; TARGETS=("$@"); else TARGETS=("${ALL[@]}"); fi
for name in "${TARGETS[@]}"; do
  [[ " ${ALL[*]} " == *" $name "* ]] || { echo "unknown fuzz target '$name' (targets: ${ALL[*]})" >&2; exit 2; }
done
OUT=.build/fuzz
mkdir -p "$OUT"
TOKENIZER=(Sources/ModlintTokenizer/*.swift)
FACTS=(Sources/ModlintFacts/*.swift Sources/ModlintFacts/*/*.swift)
MANIFEST=(Sources/ModlintManifest/*.swift Sources/ModlintManifest/Tuist/*.swift)
XCODE=(Sources/ModlintXcode/*.swift)
PODS=(Sources/ModlintCocoaPods/*.swift)
BAZEL=(Sources/ModlintBazel/*.swift)
XCODEGEN=(Sources/ModlintXcode/XcodeGen/*.swift Tests/Fuzz/YAMLLines.swift)
YAMS_SOURCES=.build/checkouts/Yams/Sources
YAMS="$OUT/yams"
build_yams() { # Yams (a separate module, as the readers import it) and libyaml, once per run.
  [ -d "$YAMS_SOURCES/Yams" ] || swift package resolve
  rm -rf "$YAMS"; mkdir -p "$YAMS"
  for file in "$YAMS_SOURCES"/CYaml/src/*.c; do
    "${CC:-clang}" -O1 -fsanitize=fuzzer-no-link,address -DYAML_DECLARE_STATIC -I "$YAMS_SOURCES/CYaml/include" -c "$file" -o "$YAMS/$(basename "$file" .c).o"
  done
  swiftc -O -sanitize=fuzzer,address -parse-as-library -wmo -module-name Yams -D SWIFT_PACKAGE -Xcc -DYAML_DECLARE_STATIC -I "$YAMS_SOURCES/CYaml/include" \
    -emit-module -emit-module-path "$YAMS/Yams.swiftmodule" -c "$YAMS_SOURCES"/Yams/*.swift -o "$YAMS/Yams.swift.o"
}
build() { # name, sources... [-- swiftc arguments] — compiled as one module, so the stage imports are dropped.
  local name="$1"; shift
  local flat="$OUT/src-$name"; rm -rf "$flat"; mkdir -p "$flat"
  local index=0
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    index=$((index + 1))
    sed -E '/^(@_exported )?import Modlint(Tokenizer|Facts|Manifest|Xcode|XcodeGen|CocoaPods|Bazel)$/d' "$1" > "$flat/$index-$(basename "$1")"
    shift
  done
  [ $# -gt 0 ] && shift
  swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$name" "$flat"/*.swift "$@" -o "$OUT/fuzz-$name"
}
for name in "${TARGETS[@]}"; do
  case "$name" in
    tokenizer) build tokenizer Tests/Fuzz/TokenizerFuzz.swift "${TOKENIZER[@]}" "${FACTS[@]}" ;;
    manifest) build manifest Tests/Fuzz/ManifestFuzz.swift "${TOKENIZER[@]}" "${MANIFEST[@]}" ;;
    xcode) build xcode Tests/Fuzz/XcodeProjectFuzz.swift "${XCODE[@]}" ;;
    xcconfig) build xcconfig Tests/Fuzz/XCConfigFuzz.swift "${XCODE[@]}" ;;
    workspace) build workspace Tests/Fuzz/WorkspaceFuzz.swift "${XCODE[@]}" ;;
    resolved) build resolved Tests/Fuzz/ResolvedFuzz.swift "${TOKENIZER[@]}" "${MANIFEST[@]}" ;;
    cocoapods) build cocoapods Tests/Fuzz/CocoaPodsFuzz.swift "${PODS[@]}" ;;
    bazel) build bazel Tests/Fuzz/BazelFuzz.swift "${BAZEL[@]}" ;;
    tuist) build tuist Tests/Fuzz/TuistFuzz.swift "${TOKENIZER[@]}" "${MANIFEST[@]}" ;;
    xcodegen|yaml)
      [ -n "${YAMS_BUILT:-}" ] || { build_yams; YAMS_BUILT=1; }
      if [ "$name" = xcodegen ]; then source=Tests/Fuzz/XcodeGenFuzz.swift; else source=Tests/Fuzz/YAMLFuzz.swift; fi
      build "$name" "$source" "${XCODE[@]}" "${XCODEGEN[@]}" -- -I "$YAMS" -I "$YAMS_SOURCES/CYaml/include" -Xcc -DYAML_DECLARE_STATIC "$YAMS"/*.o ;;
  esac
done
SEEDS="$OUT/seeds"; mkdir -p "$SEEDS"
printf '// comment\nPRODUCT_NAME = App\n#include "1.xcconfig"\n\0#include? "0.xcconfig"\nA[sdk=iphoneos*] = 1\n' > "$SEEDS/pair.xcconfig"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n<Group location = "container:Apps" name = "Apps">\n<FileRef location = "group:App.xcodeproj"></FileRef>\n</Group>\n<FileRef location = "absolute:/tmp/Kit"/>\n</Workspace>\n' > "$SEEDS/contents.xcworkspacedata"
printf '{\n  "pins" : [\n    {\n      "identity" : "yams",\n      "state" : {\n        "revision" : "abc",\n        "version" : "5.0.1"\n      }\n    }\n  ],\n  "version" : 2\n}\n' > "$SEEDS/Package.resolved"
printf '<?xml version="1.0"?>\n<plist version="1.0"><dict><key>objects</key><dict><key>A</key><dict><key>isa</key><string>PBXProject</string></dict></dict><key>rootObject</key><string>A</string></dict></plist>\n' > "$SEEDS/project.xml"
printf 'Pod::Spec.new do |s|\n  s.name = "Kit"\n  s.source_files = "Sources/**/*.{swift,h}"\n  s.dependency "Core", "~> 1"\n  s.subspec "UI" do |ui|\n    ui.source_files = %%w[UI/a.swift]\n  end\nend\n' > "$SEEDS/Kit.podspec"
printf 'load("//:1.bzl", "feature")\nfeature(name = "A", deps = ["//B", ":C"] + select({"//c:ios": ["D"]}))\n\0def feature(name, deps = [], **kwargs):\n    native.swift_library(name = name, srcs = native.glob(["**/*.swift"]), deps = [d for d in deps if d], **kwargs)\n' > "$SEEDS/BUILD"
# Tuist: a manifest alone, and a manifest with a ProjectDescriptionHelpers file after a NUL.
TUIST_APP=$(cat <<'SEED'
import ProjectDescription

let project = Project(
    name: "Shop",
    targets: [
        .target(name: "Shop", destinations: [.iPhone, .iPad], product: .app, bundleId: "com.example.shop",
                sources: ["Shop/Sources/**"], dependencies: [.target(name: "Checkout"), .external(name: "Alamofire")]),
        .target(name: "Checkout", destinations: .iOS, product: .framework, bundleId: "com.example.checkout",
                sources: .paths(["Checkout/**"]), dependencies: [.project(target: "Core", path: .relativeToRoot("Core"))],
                settings: .settings(base: ["PRODUCT_MODULE_NAME": "CheckoutKit"])),
        .target(name: "ShopTests", destinations: .iOS, product: .unitTests, bundleId: "com.example.shop.tests",
                sources: [.glob("Shop/Tests/**", excluding: ["Shop/Tests/Old/**"])], dependencies: [.target(name: "Shop"), .xctest]),
    ]
)
SEED
)
TUIST_MODULES=$(cat <<'SEED'
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(name: "Modules", targets: Feature.allCases.flatMap { Project.module($0.name, kind: $0.kind, dependencies: $0.dependencies) })
SEED
)
TUIST_HELPER=$(cat <<'SEED'
import ProjectDescription

public enum Kind { case feature, core }

public enum Feature: String, CaseIterable {
    case home = "Home", search = "Search", core = "Core"

    public var name: String {
        switch self {
        case .home: return "Home"
        case .search: return "Search"
        case .core: return "Core"
        }
    }

    public var kind: Kind {
        switch self {
        case .core: return .core
        case .home, .search: return .feature
        }
    }

    public var dependencies: [TargetDependency] {
        switch self {
        case .core: return [.external(name: "Collections")]
        default: return [.target(name: Feature.core.name)]
        }
    }
}

extension Project {
    public static func module(_ name: String, kind: Kind, dependencies: [TargetDependency] = []) -> [Target] {
        let product: Product = kind == .core ? .staticFramework : .framework
        return [
            .target(name: name, destinations: .iOS, product: product, bundleId: "com.example.\(name.lowercased())",
                    sources: ["Modules/\(name)/Sources/**"], dependencies: dependencies),
            .target(name: "\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "com.example.\(name.lowercased()).tests",
                    sources: ["Modules/\(name)/Tests/**"], dependencies: [.target(name: name)]),
        ]
    }
}
SEED
)
printf '%s\n' "$TUIST_APP" > "$SEEDS/tuist-app.swift"
printf '%s\n\0%s\n' "$TUIST_MODULES" "$TUIST_HELPER" > "$SEEDS/tuist-modules.swift"
# XcodeGen: project.yml, then (after NULs) a spec it includes, the xcconfig it names and a second include.
XCODEGEN_SPEC=$(cat <<'SEED'
name: Shop
include:
  - 1.yml
  - path: 3.yml
    relativePaths: false
  - {path: 4.yml, enable: false}
options:
  bundleIdPrefix: com.example
  transitivelyLinkDependencies: true
configFiles:
  Debug: 2.xcconfig
packages:
  Alamofire: {url: https://github.com/Alamofire/Alamofire, from: 5.8.0}
  Core: {path: Packages/Core}
settings:
  base: &base
    SWIFT_VERSION: "5.9"
  configs:
    Debug: {SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG}
targetTemplates:
  Framework:
    type: framework
    platform: [iOS, tvOS]
    sources: ["Modules/${target_name}"]
    settings:
      base:
        <<: *base
        PRODUCT_MODULE_NAME: ${target_name}Kit
  Tested:
    templates: [Framework]
    dependencies:
      - target: ${testHost}
targets:
  Shop:
    type: application
    platform: iOS
    sources:
      - path: App
        excludes: ["**/*.md"]
      - {path: Resources, type: folder}
    dependencies:
      - target: Checkout_iOS
      - package: Alamofire
      - package: Core
        products: [CoreUI, CoreData]
      - sdk: Contacts.framework
      - carthage: Kingfisher
  Checkout:
    templates: [Tested]
    templateAttributes:
      testHost: Shop
  Legacy:
    type: ""
    legacy: {toolPath: scripts/build.sh}
SEED
)
XCODEGEN_INCLUDE=$(cat <<'SEED'
targets:
  Widget:
    type: app-extension
    platform: iOS
    productName: Shop Widget
    sources: Widget
    configFiles: {Debug: 2.xcconfig}
    dependencies: [{framework: Vendor/Lottie.framework}, {target: Shop}]
SEED
)
XCODEGEN_SECOND=$(cat <<'SEED'
include: [1.yml, project.yml]
targets:
  Shop:
    settings:
      PRODUCT_NAME: Shop App
    dependencies:
      - target: Widget
  Kit:
    type: library.static
    platform: [macOS]
    sources: ${platform}/Kit
SEED
)
printf '%s\n\0%s\n\0PRODUCT_MODULE_NAME = $(TARGET_NAME:c99extidentifier)\nSWIFT_VERSION = 5.10\n\0%s\n' \
  "$XCODEGEN_SPEC" "$XCODEGEN_INCLUDE" "$XCODEGEN_SECOND" > "$SEEDS/xcodegen-project.yml"
printf 'name: Flow\ntargets: {App: {type: application, platform: macOS, sources: [A, B], dependencies: [{target: Kit}]}, Kit: {type: framework, platform: macOS}}\n' > "$SEEDS/xcodegen-flow.yml"
printf 'defaults: &d\n  type: framework\n  list: &l [a, b, {c: d}]\nA:\n  <<: *d\n  list: *l\nB: [*d, *l, *d]\nkey: 1\nkey: 2\n"quoted": |\n  block\n  text\nfolded: >-\n  more\n' > "$SEEDS/anchors.yml"
for name in "${TARGETS[@]}"; do
  corpus="$OUT/$name/corpus"; mkdir -p "$corpus"
  if [ "$name" = manifest ]; then seeds=(Package.swift Examples/DemoApp/*/Package.swift Examples/DemoApp/Package.swift)
  elif [ "$name" = xcode ]; then seeds=(Examples/XcodeApp/*.xcodeproj/project.pbxproj Sources/ModlintTestSupport/XcodeFixtures.swift "$SEEDS/project.xml")
  elif [ "$name" = xcconfig ]; then seeds=("$SEEDS/pair.xcconfig")
  elif [ "$name" = workspace ]; then seeds=("$SEEDS/contents.xcworkspacedata")
  elif [ "$name" = resolved ]; then seeds=("$SEEDS/Package.resolved")
  elif [ "$name" = cocoapods ]; then seeds=("$SEEDS/Kit.podspec")
  elif [ "$name" = bazel ]; then seeds=("$SEEDS/BUILD")
  elif [ "$name" = tuist ]; then seeds=("$SEEDS"/tuist-*.swift)
  elif [ "$name" = xcodegen ]; then seeds=("$SEEDS"/xcodegen-*.yml)
  elif [ "$name" = yaml ]; then seeds=("$SEEDS"/xcodegen-*.yml "$SEEDS/anchors.yml" .modlint.yml .pre-commit-hooks.yaml)
  else seeds=(Sources/ModlintTokenizer/Lexer*.swift Rules/*.swift); fi
  for seed in "${seeds[@]}"; do [ -f "$seed" ] && cp "$seed" "$corpus/" || true; done
  echo "== fuzz $name for ${SECONDS_PER_TARGET}s"
  (cd "$OUT/$name" && ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "../fuzz-$name" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 corpus) \
    2>&1 | grep -E "^(#[0-9]+.*DONE|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)" || true
done
shopt -s nullglob
found=()
for name in "${TARGETS[@]}"; do found+=("$OUT/$name"/crash-* "$OUT/$name"/timeout-* "$OUT/$name"/oom-*); done
[ ${#found[@]} -gt 0 ] && ls "${found[@]}" && { echo "== fuzzing found problems (see above)"; exit 1; } || echo "== no crashes"
