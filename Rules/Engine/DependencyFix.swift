import Foundation

/// A manifest edit that resolves a finding: add a dependency a target's imports need, or
/// remove one no source imports. Rules that know the edit attach it (`Finding.fix`);
/// `modlint fix` applies it to `Package.swift` and reports it for Xcode projects, which
/// it never edits.
public struct DependencyFix: Sendable, Equatable, Codable {
    public enum Action: String, Sendable, Codable {
        case add
        case remove
    }

    public var action: Action
    /// Root-relative path of the manifest that declares the target (`Package.swift`, or an
    /// Xcode project's `project.pbxproj`).
    public var manifest: String
    /// The target as the manifest names it.
    public var target: String
    /// For `add`: the element to insert into the target's `dependencies:`, as Swift text
    /// (`.target(name: "Models")`, `.product(name: "Kit", package: "Kit")`); for `remove`:
    /// the name of the declared dependency to take out.
    public var dependency: String
    /// For `add`: the package dependency to declare too when the package lacks it
    /// (`.package(path: "../Kit")`).
    public var packageDependency: String?
    /// For `add`: where another manifest of the workspace already declares that package
    /// by URL (`.package(url: …, from: …)`): the fixer copies that entry, with its
    /// version requirement, instead of a path to the local checkout.
    public var packageDependencyDeclaredAt: RelatedLocation?
    /// For `add`: the platforms an import under `#if os(…)` is compiled for, as
    /// `Platform` member names (`iOS`, `macOS`); empty for an unconditional dependency.
    public var platforms: [String]
    /// For `add`: the package traits an import under `#if Trait` is compiled with; empty
    /// for a dependency no trait conditions.
    public var traits: [String] = []
    /// The manifest is an Xcode project: reported, never edited.
    public var isXcodeProject: Bool

    private enum CodingKeys: String, CodingKey {
        case action, manifest, target, dependency, packageDependency, packageDependencyDeclaredAt, platforms, traits, isXcodeProject
    }

    /// `traits` is written only when there are some, as the JSON result does, so results
    /// written before it existed still read. Encoding and decoding mirror each other field
    /// for field: the cache's binary coder reads fields by position.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(Action.self, forKey: .action)
        manifest = try container.decode(String.self, forKey: .manifest)
        target = try container.decode(String.self, forKey: .target)
        dependency = try container.decode(String.self, forKey: .dependency)
        packageDependency = try container.decodeIfPresent(String.self, forKey: .packageDependency)
        packageDependencyDeclaredAt = try container.decodeIfPresent(RelatedLocation.self, forKey: .packageDependencyDeclaredAt)
        platforms = try container.decode([String].self, forKey: .platforms)
        traits = try container.decodeIfPresent([String].self, forKey: .traits) ?? []
        isXcodeProject = try container.decode(Bool.self, forKey: .isXcodeProject)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(manifest, forKey: .manifest)
        try container.encode(target, forKey: .target)
        try container.encode(dependency, forKey: .dependency)
        try container.encodeIfPresent(packageDependency, forKey: .packageDependency)
        try container.encodeIfPresent(packageDependencyDeclaredAt, forKey: .packageDependencyDeclaredAt)
        try container.encode(platforms, forKey: .platforms)
        try container.encodeIfPresent(traits.isEmpty ? nil : traits, forKey: .traits)
        try container.encode(isXcodeProject, forKey: .isXcodeProject)
    }

    public init(action: Action, manifest: String, target: String, dependency: String, packageDependency: String? = nil,
                packageDependencyDeclaredAt: RelatedLocation? = nil, platforms: [String] = [], isXcodeProject: Bool = false) {
        self.action = action
        self.manifest = manifest
        self.target = target
        self.dependency = dependency
        self.packageDependency = packageDependency
        self.packageDependencyDeclaredAt = packageDependencyDeclaredAt
        self.platforms = platforms
        self.isXcodeProject = isXcodeProject
    }

    /// The element as it is inserted, with its platform and trait condition.
    public var element: String {
        guard action == .add, !platforms.isEmpty || !traits.isEmpty else { return dependency }
        var parts: [String] = []
        if !platforms.isEmpty { parts.append("platforms: [" + platforms.map { "." + $0 }.joined(separator: ", ") + "]") }
        if !traits.isEmpty { parts.append("traits: [" + traits.map { "\"\($0)\"" }.joined(separator: ", ") + "]") }
        let condition = "condition: .when(" + parts.joined(separator: ", ") + ")"
        if dependency.hasPrefix("\"") {
            return ".target(name: \(dependency), \(condition))"
        }
        return String(dependency.dropLast()) + ", \(condition))"
    }

    /// The `Platform` member for a lower-cased platform name (`ios` → `iOS`).
    public static func platformMember(_ name: String) -> String {
        let members = ["ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
                       "maccatalyst": "macCatalyst", "driverkit": "driverKit"]
        return members[name] ?? name
    }

    /// `Platform` member names for an `#if` condition that only names platforms
    /// (`os(iOS) || os(macOS)`); `nil` for any other condition.
    public static func platforms(ofCondition condition: String) -> [String]? {
        let names = ["iOS": "iOS", "macOS": "macOS", "OSX": "macOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS",
                     "Linux": "linux", "Windows": "windows", "Android": "android", "WASI": "wasi", "OpenBSD": "openbsd"]
        var result: [String] = []
        for part in condition.components(separatedBy: "||") {
            let term = part.trimmingCharacters(in: .whitespaces)
            guard term.hasPrefix("os("), term.hasSuffix(")"), let name = names[String(term.dropFirst(3).dropLast())] else { return nil }
            if !result.contains(name) { result.append(name) }
        }
        return result.isEmpty ? nil : result
    }
}
