/// The targets rule calls declare: their sources (filegroups expanded), dependencies and
/// module name; a foreign macro's call read from its arguments.
extension StarlarkEvaluation {
    func record(rule: String, kind: BazelRuleKind, keywords: [(String, StarlarkValue)], incomplete: Bool) {
        func keyword(_ name: String) -> StarlarkValue? { keywords.first { $0.0 == name }?.1 }
        guard let name = keyword("name")?.text, !targets.contains(where: { $0.name == name }) else { return }
        var sources: [BazelSource] = []
        for attribute in ["srcs", "non_arc_srcs", "swift_srcs", "sources"] {
            sources += Self.sources(keyword(attribute))
        }
        var dependencies: [(String, Int)] = []
        // `plugins` (macros) are never imported or linked: no edge.
        var depAttributes = ["deps", "private_deps", "frameworks", "extensions", "test_host"]
        // An app embeds its clips, its watch app (`ios_application(watch_application = …)`)
        // and a watch app its extension (`watchos_application(extension = …)`).
        if kind == .application || kind == .appExtension { depAttributes += ["app_clips", "watch_application", "extension"] }
        for attribute in depAttributes {
            guard let value = keyword(attribute) else { continue }
            for item in Self.listItems(value) ?? [value] {
                if let label = item.text { dependencies.append((label, buildLine)) }
            }
        }
        var moduleName = keyword("module_name")?.text ?? ""
        if moduleName.isEmpty {
            // rules_swift derives the name from the label; rules_apple, rules_ios and
            // objc_library use the target's name.
            moduleName = rule.hasPrefix("swift_") || rule == "mixed_language_library"
                ? BazelTarget.derivedModuleName(package: package, name: name)
                : BazelTarget.derivedModuleName(package: "", name: keyword("bundle_name")?.text ?? name)
        }
        targets.append(BazelTarget(name: name, rule: rule, kind: kind, moduleName: moduleName, sources: sources,
                                   dependencies: dependencies, line: buildLine, isIncomplete: incomplete))
    }

    /// Files, globs and labels of a `srcs` list.
    static func sources(_ value: StarlarkValue?) -> [BazelSource] {
        (value.flatMap(listItems) ?? []).compactMap { item in
            switch item {
            case .string(let path): return path.hasPrefix(":") || path.hasPrefix("//") || path.hasPrefix("@") ? .label(path) : .file(path)
            case .glob(let include, let exclude): return .glob(include: include, exclude: exclude)
            default: return nil
            }
        }
    }

    /// `srcs = [":sources"]` naming a `filegroup` of the same package: its files and globs
    /// (a filegroup of filegroups too); a label of another package or rule stays a label.
    func expandingFilegroups(_ sources: [BazelSource]) -> [BazelSource] {
        var result: [BazelSource] = []
        var seen = Set<String>()
        func expand(_ sources: [BazelSource]) {
            for source in sources {
                guard case .label(let label) = source else { result.append(source); continue }
                let parsed = BazelLabel(label, in: package)
                guard parsed.repository == nil, parsed.package == package, let group = filegroups[parsed.name] else {
                    result.append(source)
                    continue
                }
                if seen.insert(parsed.name).inserted { expand(group) }
            }
        }
        expand(sources)
        return result
    }

    /// A macro of another repository: a call that names a target and passes Swift sources
    /// is read as a library from its arguments, said once per macro.
    @discardableResult
    func recordForeign(name: String, origin: String, keywords: [(String, StarlarkValue)]) -> Bool {
        let sources = (keywords.first { $0.0 == "srcs" }?.1).flatMap(Self.listItems) ?? []
        let hasSwift = sources.contains { item in
            switch item {
            case .string(let path): return path.hasSuffix(".swift")
            case .glob(let include, _): return include.contains { $0.hasSuffix(".swift") || $0.hasSuffix("*") }
            default: return false
            }
        }
        guard hasSwift, keywords.contains(where: { $0.0 == "name" }) else { return false }
        if notedForeign.insert(name).inserted {
            notes.append(BazelNote(line: buildLine, message: "`\(name)` (from \(origin)) is a rule or macro modlint does not evaluate: the targets it declares are read from their srcs and deps, and may depend on more"))
        }
        record(rule: name, kind: .library, keywords: keywords, incomplete: true)
        return true
    }
}
