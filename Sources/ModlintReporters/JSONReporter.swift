import ModlintJSON
import Foundation
import ModlintRules

/// The versioned JSON result (version 1) that every other reporter renders.
///
/// Keys appear in the documented order, 2-space indentation, `module` is omitted when
/// unknown, `related` is always present, `edges` only when the finding is about module
/// edges, `fix` only when a manifest edit resolves it, and the output ends in a newline.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public var name: String { Self.name }

    public init() {}

    public func render(_ result: LintResult) -> String {
        Self.jsonValue(result).serialized(indent: 2) + "\n"
    }

    public static func jsonValue(_ result: LintResult) -> JSONValue {
        .object([
            ("version", .int(result.version)),
            ("tool", .object([
                ("name", .string(result.tool.name)),
                ("version", .string(result.tool.version)),
            ])),
            ("root", .string(result.root)),
            ("summary", .object([
                ("errors", .int(result.summary.errors)),
                ("warnings", .int(result.summary.warnings)),
                ("notes", .int(result.summary.notes)),
                ("packages", .int(result.summary.packages)),
                ("modules", .int(result.summary.modules)),
                ("files", .int(result.summary.files)),
                ("filesInNoTarget", .int(result.summary.filesInNoTarget)),
                ("contextPackages", .int(result.summary.contextPackages)),
            ])),
            ("diagnostics", .array(result.diagnostics.map(jsonValue))),
        ])
    }

    public static func jsonValue(_ d: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rule", .string(d.rule)),
            ("severity", .string(d.severity.rawValue)),
            ("message", .string(d.message)),
            ("file", .string(d.file)),
            ("line", .int(d.line)),
            ("column", .int(d.column)),
        ]
        if let module = d.module { members.append(("module", .string(module))) }
        members.append(("fingerprint", .string(d.fingerprint)))
        members.append(("related", .array(d.related.map {
            .object([("file", .string($0.file)), ("line", .int($0.line)), ("message", .string($0.message))])
        })))
        if !d.edges.isEmpty {
            members.append(("edges", .array(d.edges.map { .object([("from", .string($0.from)), ("to", .string($0.to))]) })))
        }
        if let fix = d.fix { members.append(("fix", jsonValue(fix))) }
        return .object(members)
    }

    static func jsonValue(_ fix: DependencyFix) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("action", .string(fix.action.rawValue)),
            ("manifest", .string(fix.manifest)),
            ("target", .string(fix.target)),
            ("dependency", .string(fix.dependency)),
        ]
        if let package = fix.packageDependency { members.append(("packageDependency", .string(package))) }
        if let declared = fix.packageDependencyDeclaredAt {
            members.append(("packageDependencyDeclaredAt", .object([
                ("file", .string(declared.file)), ("line", .int(declared.line)), ("message", .string(declared.message)),
            ])))
        }
        members.append(("platforms", .array(fix.platforms.map { .string($0) })))
        if !fix.traits.isEmpty { members.append(("traits", .array(fix.traits.map { .string($0) }))) }
        members.append(("isXcodeProject", .bool(fix.isXcodeProject)))
        return .object(members)
    }
}

/// Why a JSON result could not be read back.
public struct JSONResultError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads the output of `JSONReporter` back into a `LintResult`, so reporters can be fed
/// from a saved result (`modlint lint --reporter json:out.json`, then render later).
public enum JSONResultDecoder {
    public static func decode(_ data: Data) throws(JSONResultError) -> LintResult {
        struct VersionProbe: Decodable { var version: Int? }
        let probe: VersionProbe
        do {
            probe = try JSONDecoder().decode(VersionProbe.self, from: data)
        } catch {
            throw JSONResultError("not a modlint JSON result: \(Self.describe(error))")
        }
        guard let version = probe.version else {
            throw JSONResultError("not a modlint JSON result: missing \"version\"")
        }
        guard version == LintResult.currentVersion else {
            throw JSONResultError("unsupported modlint JSON result version \(version) (supported: \(LintResult.currentVersion))")
        }
        do {
            return try JSONDecoder().decode(LintResult.self, from: data)
        } catch {
            throw JSONResultError("invalid modlint JSON result: \(Self.describe(error))")
        }
    }

    public static func decode(_ text: String) throws(JSONResultError) -> LintResult {
        try decode(Data(text.utf8))
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let p = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return p.isEmpty ? "" : " at \(p.hasPrefix(".") ? String(p.dropFirst()) : p)"
        }
        switch error {
        case let .keyNotFound(key, context): return "missing key \"\(key.stringValue)\"\(path(context))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "\(context.debugDescription)\(path(context))"
        case let .dataCorrupted(context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(underlying ?? context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

extension LintResult {
    /// Reads a version-1 JSON result (the output of `JSONReporter`).
    public init(json: String) throws(JSONResultError) {
        self = try JSONResultDecoder.decode(json)
    }

    public init(json: Data) throws(JSONResultError) {
        self = try JSONResultDecoder.decode(json)
    }
}
