import Foundation
import ModlintManifest

/// The part of a manifest that is compared with `swift package dump-package`.
///
/// Normalization: package name; targets sorted by name with type, dependencies
/// (`byName:X`, `target:X`, `product:X(package)`; platform conditions ignored; sorted),
/// `path` as written, `sources` (sorted, `nil` when absent), `exclude` (sorted);
/// products sorted by name with type (`library`, `executable`, `plugin`; the library
/// linkage is ignored) and sorted target names; dependency identities, sorted.
public struct NormalizedManifest: Equatable {
    public struct Target: Equatable {
        public var name: String
        public var type: String
        public var dependencies: [String]
        public var path: String?
        public var sources: [String]?
        public var exclude: [String]
    }
    public struct Product: Equatable {
        public var name: String
        public var type: String
        public var targets: [String]
    }
    public var name: String
    public var targets: [Target]
    public var products: [Product]
    public var dependencies: [String]

    public init(name: String, targets: [Target], products: [Product], dependencies: [String]) {
        self.name = name
        self.targets = targets.sorted { $0.name < $1.name }
        self.products = products.sorted { $0.name < $1.name }
        self.dependencies = dependencies.sorted()
    }

    static func dependency(kind: String, name: String, package: String?) -> String {
        switch kind {
        case "product": return "product:\(name)(\(package ?? "-"))"
        default: return "\(kind):\(name)"
        }
    }

    /// From modlint's static reader.
    public init(_ m: PackageManifest) {
        self.init(
            name: m.name,
            targets: m.targets.map { t in
                Target(name: t.name, type: t.kind.rawValue,
                       dependencies: t.dependencies.map { d -> String in
                           switch d.kind {
                           case .byName(let n): return Self.dependency(kind: "byName", name: n, package: nil)
                           case .target(let n): return Self.dependency(kind: "target", name: n, package: nil)
                           case .product(let n, let p): return Self.dependency(kind: "product", name: n, package: p)
                           }
                       }.sorted(),
                       path: t.path, sources: t.sources?.sorted(), exclude: t.exclude.sorted())
            },
            products: m.products.map { Product(name: $0.name, type: $0.kind.rawValue, targets: $0.targets.sorted()) },
            dependencies: m.dependencies.map(\.identity))
    }

    /// From `swift package dump-package` JSON.
    public init(dumpPackageJSON data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchError("dump-package: not a JSON object")
        }
        let name = root["name"] as? String ?? ""
        var targets: [Target] = []
        for t in root["targets"] as? [[String: Any]] ?? [] {
            var deps: [String] = []
            for d in t["dependencies"] as? [[String: Any]] ?? [] {
                guard let (kind, value) = d.first, let args = value as? [Any] else { continue }
                let depName = args.first as? String ?? ""
                let package = kind == "product" && args.count > 1 ? args[1] as? String : nil
                deps.append(Self.dependency(kind: kind, name: depName, package: package))
            }
            targets.append(Target(name: t["name"] as? String ?? "", type: t["type"] as? String ?? "",
                                  dependencies: deps.sorted(), path: t["path"] as? String,
                                  sources: (t["sources"] as? [String])?.sorted(),
                                  exclude: (t["exclude"] as? [String] ?? []).sorted()))
        }
        var products: [Product] = []
        for p in root["products"] as? [[String: Any]] ?? [] {
            let type = (p["type"] as? [String: Any])?.keys.first ?? ""
            products.append(Product(name: p["name"] as? String ?? "", type: type,
                                    targets: (p["targets"] as? [String] ?? []).sorted()))
        }
        var identities: [String] = []
        for d in root["dependencies"] as? [[String: Any]] ?? [] {
            guard let (_, value) = d.first, let args = value as? [[String: Any]],
                  let identity = args.first?["identity"] as? String else { continue }
            identities.append(identity)
        }
        self.init(name: name, targets: targets, products: products, dependencies: identities)
    }
}

public struct ManifestComparison {
    public var path: String
    public var differences: [(category: String, detail: String)] = []
    public var agrees: Bool { differences.isEmpty }

    public init(path: String, modlint: NormalizedManifest, reference: NormalizedManifest) {
        self.path = path
        func add(_ category: String, _ detail: String) { differences.append((category, detail)) }
        func show(_ s: [String]?) -> String { s.map { "[" + $0.joined(separator: ", ") + "]" } ?? "nil" }
        if modlint.name != reference.name { add("name", "dump-package \(reference.name.debugDescription), modlint \(modlint.name.debugDescription)") }
        let mt = Dictionary(modlint.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let rt = Dictionary(reference.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for r in reference.targets {
            guard let m = mt[r.name] else { add("target.missing", "target \(r.name) (\(r.type)) missing"); continue }
            if m.type != r.type { add("target.type", "target \(r.name): type \(r.type) vs modlint \(m.type)") }
            if m.dependencies != r.dependencies {
                let missing = r.dependencies.filter { !m.dependencies.contains($0) }
                let extra = m.dependencies.filter { !r.dependencies.contains($0) }
                add("target.dependencies", "target \(r.name): dependencies missing \(show(missing)), extra \(show(extra))")
            }
            if m.path != r.path { add("target.path", "target \(r.name): path \(r.path ?? "nil") vs modlint \(m.path ?? "nil")") }
            if m.sources != r.sources { add("target.sources", "target \(r.name): sources \(show(r.sources)) vs modlint \(show(m.sources))") }
            if m.exclude != r.exclude { add("target.exclude", "target \(r.name): exclude \(show(r.exclude)) vs modlint \(show(m.exclude))") }
        }
        for m in modlint.targets where rt[m.name] == nil { add("target.extra", "target \(m.name) (\(m.type)) extra") }
        if modlint.targets.count != mt.count { add("target.duplicate", "modlint lists a target twice") }
        let mp = Dictionary(modlint.products.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let rp = Dictionary(reference.products.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for r in reference.products {
            guard let m = mp[r.name] else { add("product.missing", "product \(r.name) (\(r.type)) missing"); continue }
            if m.type != r.type { add("product.type", "product \(r.name): type \(r.type) vs modlint \(m.type)") }
            if m.targets != r.targets { add("product.targets", "product \(r.name): targets \(show(r.targets)) vs modlint \(show(m.targets))") }
        }
        for m in modlint.products where rp[m.name] == nil { add("product.extra", "product \(m.name) extra") }
        if modlint.dependencies != reference.dependencies {
            let missing = reference.dependencies.filter { !modlint.dependencies.contains($0) }
            let extra = modlint.dependencies.filter { !reference.dependencies.contains($0) }
            add("dependencies", "package dependencies missing \(show(missing)), extra \(show(extra))")
        }
    }
}

// MARK: - Which manifest SwiftPM loads

public enum ManifestSelection {
    /// `// swift-tools-version:5.9` → [5, 9]; `nil` when absent.
    public static func toolsVersion(of bytes: [UInt8]) -> [Int]? {
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        guard let firstLine = head.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        let lower = firstLine.lowercased()
        guard let r = lower.range(of: "swift-tools-version:") else { return nil }
        let rest = lower[r.upperBound...].drop(while: { $0 == " " })
        let digits = rest.prefix(while: { $0.isNumber || $0 == "." })
        let parts = digits.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }

    static func versionSuffix(_ fileName: String) -> [Int]? {
        guard fileName.hasPrefix("Package@swift-"), fileName.hasSuffix(".swift") else { return nil }
        let v = fileName.dropFirst("Package@swift-".count).dropLast(".swift".count)
        let parts = v.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.map { $0! }
    }

    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// SwiftPM's rule (`ManifestLoader`): an exact `Package@swift-6.3.1.swift`,
    /// `@swift-6.3`, `@swift-6` wins; otherwise take the newest `Package@swift-X.swift`
    /// with X ≤ the toolchain version: it is used when its tools version is newer than
    /// `Package.swift`'s, or when `Package.swift`'s tools version is not supported by the
    /// toolchain (newer than it, or below 4); otherwise `Package.swift`.
    /// `files` are the manifest file names in one directory.
    public static func choose(files: [String], toolchain: [Int], read: (String) -> [UInt8]?) -> String? {
        let keys = (1...min(3, toolchain.count)).reversed().map { toolchain.prefix($0).map(String.init).joined(separator: ".") }
        for key in keys where files.contains("Package@swift-\(key).swift") { return "Package@swift-\(key).swift" }
        let regular = "Package.swift"
        let candidates = files.compactMap { f in versionSuffix(f).map { (f, $0) } }
            .filter { compare($0.1, toolchain) <= 0 }
            .sorted { compare($0.1, $1.1) > 0 }
        guard let best = candidates.first else { return files.contains(regular) ? regular : nil }
        guard files.contains(regular) else { return best.0 }
        let vs = compare(best.1, [4]) < 0 ? [3, 1] : (read(best.0).flatMap(toolsVersion) ?? [3, 1])
        let rv = read(regular).flatMap(toolsVersion) ?? [3, 1]
        if compare(vs, rv) > 0 { return best.0 }
        let regularSupported = compare(rv, toolchain) <= 0 && compare(rv, [4]) >= 0
        return regularSupported ? regular : best.0
    }
}

// MARK: - dump-package with a content-keyed cache

public struct DumpPackageRunner: Sendable {
    public var cacheDirectory: String
    public var toolchainDescription: String

    public init(cacheDirectory: String, toolchainDescription: String) {
        self.cacheDirectory = cacheDirectory
        self.toolchainDescription = toolchainDescription
        try? FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    }

    /// The default cache: `$MODLINT_BENCH_CACHE`, else `<tmp>/modlint-bench-cache`.
    public static var defaultCacheDirectory: String {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["MODLINT_BENCH_CACHE"], !dir.isEmpty { return dir + "/dump-package" }
        let tmp = env["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return tmp + "/modlint-bench-cache/dump-package"
    }

    /// `swift --version`'s first line and the parsed version, e.g. [6, 3, 1].
    public static func toolchain() -> (description: String, version: [Int]) {
        guard let r = try? runProcess("swift", ["--version"]), r.status == 0 else { return ("unknown", [6, 3, 1]) }
        let text = String(decoding: r.stdout + r.stderr, as: UTF8.self)
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        if let range = line.range(of: "version ") {
            let v = line[range.upperBound...].prefix(while: { $0.isNumber || $0 == "." })
            let parts = v.split(separator: ".").compactMap { Int($0) }
            if !parts.isEmpty { return (line, parts) }
        }
        return (line, [6, 3, 1])
    }

    public enum Outcome: Sendable {
        case json(Data, cached: Bool)
        case failed(String)
    }

    /// Runs `swift package dump-package` in `directory`, whose manifest files (names and
    /// contents) form the cache key.
    public func dump(directory: String, manifestFiles: [String], useCache: Bool = true) -> Outcome {
        var hash = FNV1a64()
        hash.add("dump-package/1")
        hash.add(toolchainDescription)
        for f in manifestFiles.sorted() {
            hash.add(f)
            hash.add(readFileBytes(directory + "/" + f) ?? [])
        }
        let base = cacheDirectory + "/" + hash.hex
        if useCache {
            if let data = FileManager.default.contents(atPath: base + ".json") { return .json(data, cached: true) }
            if let data = FileManager.default.contents(atPath: base + ".fail") {
                return .failed(String(decoding: data, as: UTF8.self))
            }
        }
        do {
            let r = try runProcess("swift", ["package", "--package-path", directory, "dump-package"])
            if r.status == 0 {
                let data = Data(r.stdout)
                _ = FileManager.default.createFile(atPath: base + ".json", contents: data)
                return .json(data, cached: false)
            }
            let message = "exit \(r.status): " + String(decoding: r.stderr.prefix(600), as: UTF8.self)
            _ = FileManager.default.createFile(atPath: base + ".fail", contents: Data(message.utf8))
            return .failed(message)
        } catch {
            return .failed("\(error)")
        }
    }
}
