import ModlintTokenizer

/// Reads a manifest without running it.
public struct ManifestReader: Sendable {
    /// Environment used for `#if` blocks in manifests.
    public var environment: BuildEnvironment

    public init(environment: BuildEnvironment = .host) {
        self.environment = environment
    }

    /// Parses manifest source text. Never throws: problems become `notes`.
    public func read(bytes: [UInt8]) -> PackageManifest {
        // Placeholder until the reader lands.
        PackageManifest(name: "")
    }
}

/// What `#if` conditions in a manifest evaluate against.
public struct BuildEnvironment: Sendable, Equatable {
    /// `os(...)` value, lower-case: `linux`, `macos`, `windows` …
    public var os: String
    /// Compiler / language version used for `swift(>=…)` and `compiler(>=…)`.
    public var swiftVersion: [Int]
    /// Modules for which `canImport(X)` is true.
    public var importableModules: Set<String>
    /// Custom flags that are set (`-D FLAG`).
    public var flags: Set<String>

    public init(os: String, swiftVersion: [Int], importableModules: Set<String>, flags: Set<String> = []) {
        self.os = os
        self.swiftVersion = swiftVersion
        self.importableModules = importableModules
        self.flags = flags
    }

    /// The machine modlint runs on, as SwiftPM itself would evaluate the manifest.
    public static var host: BuildEnvironment {
        #if os(Linux)
        return BuildEnvironment(os: "linux", swiftVersion: [6, 3, 1], importableModules: ["Foundation", "Glibc", "PackageDescription"])
        #elseif os(Windows)
        return BuildEnvironment(os: "windows", swiftVersion: [6, 3, 1], importableModules: ["Foundation", "WinSDK", "PackageDescription"])
        #else
        return BuildEnvironment(os: "macos", swiftVersion: [6, 3, 1], importableModules: ["Foundation", "Darwin", "PackageDescription"])
        #endif
    }
}
