import ModlintFacts
import ModlintGraph

/// Reads of `@Provide` / `@Collect` properties in a lifecycle function, shared by
/// `provide-in-configure` and `collect-before-configure`.
enum SpeziLifecycleMisuse {
    static func findings(
        _ context: LintContext, wrapper: SpeziWrappedProperty.Wrapper, function: SpeziLifecycleRead.Function,
        message: (String, SpeziModel.Located<SpeziLifecycleRead>) -> String
    ) -> [Finding] {
        let model = context.speziModel
        guard !model.isEmpty else { return [] }
        var wrapped: [String: SpeziModel.Located<SpeziWrappedProperty>] = [:]
        for property in model.wrappedProperties where property.fact.wrapper == wrapper {
            wrapped["\(SpeziModel.simpleName(property.fact.owner)).\(property.fact.name)"] = property
        }
        return model.lifecycleReads.compactMap { read in
            let owner = SpeziModel.simpleName(read.fact.owner)
            guard read.fact.function == function, let property = wrapped["\(owner).\(read.fact.name)"] else { return nil }
            return Finding(
                site: Site(file: read.file, line: read.fact.line, column: read.fact.column),
                message: message(owner, read),
                module: read.module,
                key: [owner, read.fact.name],
                related: [RelatedLocation(file: property.file, line: property.fact.line,
                                          message: "`@\(wrapper.rawValue) var \(property.fact.name)` is declared here")]
            )
        }
    }
}
