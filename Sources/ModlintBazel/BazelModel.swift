/// The Swift and Apple rules modular apps are built with, and the role each plays.
public enum BazelRuleKind: String, Sendable, Equatable {
    case library, binary, test, uiTest, application, appExtension, appClip, framework

    /// rules_swift, rules_apple, rules_ios and the native `objc_library`.
    public static let known: [String: BazelRuleKind] = {
        var table: [String: BazelRuleKind] = [
            "swift_library": .library, "swift_binary": .binary, "swift_test": .test, "objc_library": .library,
            "mixed_language_library": .library, "apple_framework": .framework, "apple_library": .library,
            "swift_compiler_plugin": .library, "swift_import": .library, "ios_app_clip": .appClip, "ios_imessage_application": .application,
            "ios_unit_snapshot_test": .test, "ios_imessage_extension": .appExtension, "ios_sticker_pack_extension": .appExtension,
            "watchos_extension": .appExtension, "ios_framework": .framework, "macos_command_line_application": .binary,
        ]
        for platform in ["ios", "macos", "tvos", "watchos", "visionos"] {
            table["\(platform)_application"] = .application
            table["\(platform)_extension"] = .appExtension
            table["\(platform)_framework"] = .framework
            table["\(platform)_dynamic_framework"] = .framework
            table["\(platform)_static_framework"] = .framework
            table["\(platform)_unit_test"] = .test
            table["\(platform)_ui_test"] = .uiTest
            table["\(platform)_build_test"] = nil
        }
        return table
    }()
}

/// One target of a `BUILD` package.
public struct BazelTarget: Sendable, Equatable {
    public var name: String
    public var rule: String
    public var kind: BazelRuleKind
    /// `module_name`, else the rule's default (`derivedModuleName`).
    public var moduleName: String
    /// Files (`Sources/App.swift`) and globs, relative to the package.
    public var sources: [BazelSource]
    /// Labels as written (`:Core`, `//Features/Login`, `@swiftpkg_alamofire//:Alamofire`), with lines.
    public var dependencies: [(label: String, line: Int)]
    /// Line of the call in the `BUILD` file (of the macro call for a macro's targets).
    public var line: Int
    /// Declared through a macro modlint could not evaluate: its dependencies may be more.
    public var isIncomplete = false

    public static func == (lhs: BazelTarget, rhs: BazelTarget) -> Bool {
        lhs.name == rhs.name && lhs.rule == rhs.rule && lhs.kind == rhs.kind && lhs.moduleName == rhs.moduleName
            && lhs.sources == rhs.sources && lhs.dependencies.map(\.label) == rhs.dependencies.map(\.label)
            && lhs.dependencies.map(\.line) == rhs.dependencies.map(\.line) && lhs.line == rhs.line && lhs.isIncomplete == rhs.isIncomplete
    }

    /// rules_swift's default: the package and the name, each with runs of non-identifier
    /// characters made one `_` (leading and trailing ones dropped), joined by `_`; a
    /// leading digit gets `_` before it. rules_apple and rules_ios use the name.
    public static func derivedModuleName(package: String, name: String) -> String {
        func clean(_ text: String) -> String {
            var result = ""
            var pendingUnderscore = false
            for character in text {
                if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                    if pendingUnderscore && !result.isEmpty { result.append("_") }
                    pendingUnderscore = false
                    result.append(character)
                } else {
                    pendingUnderscore = true
                }
            }
            return result
        }
        let packagePart = clean(package), namePart = clean(name)
        var result = packagePart.isEmpty ? namePart : packagePart + "_" + namePart
        if let first = result.first, first.isNumber { result = "_" + result }
        return result
    }
}

public enum BazelSource: Sendable, Equatable {
    case file(String)
    case glob(include: [String], exclude: [String])
    /// A label in `srcs` (`:generated`): a rule's output, not a file of the tree.
    case label(String)
}

/// A `BUILD` file, evaluated.
public struct BazelPackage: Sendable, Equatable {
    /// Relative to the Bazel workspace root (`Features/Login`; empty at the root).
    public var path: String
    public var targets: [BazelTarget] = []
    /// Targets of other rules by name, with the labels they pass on (`swift_library_group`,
    /// `alias`, a transition): a dependency on one reaches those.
    public var forwarders: [String: [String]] = [:]
    public var notes: [BazelNote] = []
    /// Calls through a macro or rule whose `load()` could not be followed and that passed no
    /// Swift sources, each named (`` `company_lib`, loaded by tools/defs.bzl from @company//:rules.bzl ``)
    /// once with the first line it was called from: the package may declare more than `targets`.
    public var unfollowed: [BazelNote] = []

    public init(path: String) {
        self.path = path
    }
}

/// Something of a BUILD file the reader could not follow (a macro of another repository).
public struct BazelNote: Sendable, Equatable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

/// A label, split: `@repo//pkg:name`, `//pkg` (the name is the package's last folder),
/// `:name` and `name` (of the package the label is written in). `@//…` and `@@//…` are the
/// main repository.
public struct BazelLabel: Sendable, Equatable {
    /// `nil` for the main repository.
    public var repository: String?
    public var package: String
    public var name: String
    /// Whether the label names its target (`//pkg:name`, `:name`, `name`) rather than
    /// letting the package stand for it (`//pkg`).
    public var namesTarget: Bool

    public init(_ label: String, in package: String) {
        var rest = Substring(label)
        repository = nil
        if rest.hasPrefix("@") {
            rest = rest.drop { $0 == "@" }
            guard let slashes = rest.firstRange(of: "//") else {
                // `@repo`: the repository's target of its own name.
                (repository, self.package, name, namesTarget) = (String(rest), "", String(rest), false)
                return
            }
            let name = String(rest[..<slashes.lowerBound])
            repository = name.isEmpty ? nil : name
            rest = rest[slashes.lowerBound...]
        }
        if rest.hasPrefix("//") {
            let body = rest.dropFirst(2)
            if let colon = body.firstIndex(of: ":") {
                (self.package, name, namesTarget) = (String(body[..<colon]), String(body[body.index(after: colon)...]), true)
            } else {
                let packagePath = String(body)
                let last = packagePath.isEmpty ? (repository ?? "") : packagePath
                (self.package, name, namesTarget) = (packagePath, String(last.split(separator: "/").last ?? ""), false)
            }
            return
        }
        if rest.hasPrefix(":") { rest = rest.dropFirst() }
        (self.package, name, namesTarget) = (package, String(rest), true)
    }
}

/// Repositories of rules for other languages and packaging (`@rules_cc//cc:defs.bzl`): a
/// BUILD file's own call of one of their rules declares no Swift module, and a BUILD file
/// that loads only from them (and names no Swift rule) is not read.
public enum BazelRuleSets {
    /// `origin`: a label (`@rules_cc//cc:defs.bzl`) or a repository name (`rules_cc`).
    public static func isOtherLanguage<Name: Collection>(_ origin: Name) -> Bool where Name.Element == UInt8 {
        otherLanguage.contains(repository(of: origin))
    }

    /// `rules_cc` of `@rules_cc//cc:defs.bzl` (or of `@rules_cc"` as a BUILD file's bytes
    /// end it).
    private static func repository<Name: Collection>(of origin: Name) -> [UInt8] where Name.Element == UInt8 {
        Array(origin.drop { $0 == UInt8(ascii: "@") }.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") })
    }

    public static func isOtherLanguage(_ origin: String) -> Bool { isOtherLanguage(Array(origin.utf8)) }

    /// rules_swift's and rules_apple's own repositories (and their support rules): modlint
    /// reads their module rules from its table, and another of their rules (a test runner,
    /// a toolchain) declares no module.
    static func isModelled(_ origin: String) -> Bool {
        modelled.contains(repository(of: origin.utf8))
    }

    static let modelled: Set<[UInt8]> = Set([
        "rules_swift", "build_bazel_rules_swift", "rules_apple", "build_bazel_rules_apple", "apple_support", "build_bazel_apple_support",
        "rules_xcodeproj", "com_github_buildbuddy_io_rules_xcodeproj",
    ].map { Array($0.utf8) })

    static let otherLanguage: Set<[UInt8]> = Set([
        "rules_cc", "rules_java", "rules_python", "rules_go", "io_bazel_rules_go", "rules_kotlin", "io_bazel_rules_kotlin",
        "rules_jvm_external", "rules_android", "build_bazel_rules_android", "rules_proto", "rules_pkg", "rules_shell",
        "bazel_skylib", "aspect_bazel_lib", "aspect_rules_js", "aspect_rules_ts", "aspect_rules_jest", "aspect_rules_esbuild",
        "aspect_rules_lint", "rules_nodejs", "build_bazel_rules_nodejs", "rules_rust", "rules_foreign_cc", "rules_license",
        "rules_oci", "io_bazel_rules_docker", "rules_multirun", "com_github_bazelbuild_buildtools", "buildifier_prebuilt",
        "bazel_gazelle", "rules_detekt", "rules_ktlint", "platforms",
    ].map { Array($0.utf8) })
}
