import Foundation

/// `Name.podspec.json`: the same pod, as `pod ipc spec` writes it.
public enum PodspecJSONReader {
    /// Deeper than any podspec (they nest four or five levels); the JSON parser recurses
    /// per level, so a file nested 100,000 deep is refused before it is parsed.
    public static let maximumNesting = 64

    /// `nil` when the file declares no pod (no `name`); an error when it is no JSON.
    public static func read(_ bytes: [UInt8]) throws(PodReadError) -> Podspec? {
        if let line = lineBeyondNesting(bytes) {
            throw PodReadError(line: line, message: "arrays and objects nest more than \(maximumNesting) levels deep")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            throw PodReadError(line: 1, message: "it is not valid JSON")
        }
        guard let root = object as? [String: Any], let name = root["name"] as? String else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = LineFinder(text)
        var spec = Podspec(name: name, line: lines.line(of: "\"name\""))
        if let moduleName = root["module_name"] as? String { spec.moduleName = moduleName }
        func collect(_ dictionary: [String: Any], sources: inout [String], excluded: inout [String], dependencies: inout [PodDependency]) {
            sources += strings(dictionary["source_files"]).flatMap(GlobBraces.expand)
            excluded += strings(dictionary["exclude_files"]).flatMap(GlobBraces.expand)
            if let declared = dictionary["dependencies"] as? [String: Any] {
                for dependency in declared.keys.sorted() {
                    dependencies.append(PodDependency(name: dependency, line: lines.line(of: "\"\(dependency)\"")))
                }
            }
            for platform in PodspecReader.platformNames {
                if let specific = dictionary[platform] as? [String: Any] {
                    collect(specific, sources: &sources, excluded: &excluded, dependencies: &dependencies)
                }
            }
            for subspec in dictionary["subspecs"] as? [[String: Any]] ?? [] {
                collect(subspec, sources: &sources, excluded: &excluded, dependencies: &dependencies)
            }
        }
        collect(root, sources: &spec.sources, excluded: &spec.excluded, dependencies: &spec.dependencies)
        if let platforms = root["platforms"] as? [String: Any] {
            spec.platforms = platforms.keys.map { $0 == "osx" ? "macos" : $0 }.sorted()
        }
        spec.defaultSubspecs = strings(root["default_subspecs"])
        spec.isStaticFramework = root["static_framework"] as? Bool ?? false
        for (key, kind) in [("testspecs", PodTestSpec.Kind.unitTests), ("appspecs", .app)] {
            for entry in root[key] as? [[String: Any]] ?? [] {
                guard let specName = entry["name"] as? String else { continue }
                let isUI = (entry["test_type"] as? String) == "ui"
                var testSpec = PodTestSpec(name: specName, kind: isUI ? .uiTests : kind, line: lines.line(of: "\"\(specName)\""))
                collect(entry, sources: &testSpec.sources, excluded: &testSpec.excluded, dependencies: &testSpec.dependencies)
                spec.specs.append(testSpec)
            }
        }
        return spec
    }

    /// The line where arrays and objects first nest deeper than the limit, found in one
    /// pass that skips strings; `nil` when they never do.
    static func lineBeyondNesting(_ bytes: [UInt8]) -> Int? {
        var depth = 0, line = 1, inString = false, escaped = false
        for byte in bytes {
            if byte == 10 { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumNesting { return line }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    private static func strings(_ value: Any?) -> [String] {
        if let text = value as? String { return [text] }
        return value as? [String] ?? []
    }
}

/// The line of a text's first occurrence (1 when absent).
struct LineFinder {
    /// Each string literal of the file (quotes included) with the line it first stands on:
    /// found in one pass, so a podspec with 40,000 dependencies is not searched 40,000 times.
    private var lines: [String: Int] = [:]
    let text: String

    init(_ text: String) {
        self.text = text
        var line = 1
        var literal: [UInt8]?
        var escaped = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard literal != nil else {
                if byte == UInt8(ascii: "\"") { literal = [byte] }
                continue
            }
            literal!.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                let key = String(decoding: literal!, as: UTF8.self)
                if lines[key] == nil { lines[key] = line }
                literal = nil
            }
        }
    }

    func line(of needle: String) -> Int {
        if let known = lines[needle] { return known }
        guard let range = text.range(of: needle) else { return 1 }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
