import ModlintGraph

/// A hard `@StandardActor` constraint names a protocol that does not refine `Standard`.
public struct ConstraintNotStandard: Rule {
    public static let description = RuleDescription(
        id: "constraint-not-standard",
        defaultSeverity: .error,
        summary: "A protocol used as a hard @StandardActor constraint does not refine Standard.",
        rationale: """
        `@StandardActor var standard: any P` asks Spezi for the app's Standard as a `P`. \
        Spezi finds the Standard only through protocols that refine `Standard`; with a \
        plain protocol the requirement can never be satisfied and the app stops at launch \
        (`unsatisfiedStandardConstraint`), whatever the app's Standard conforms to. The \
        protocol may be declared in another package of the workspace; its refinements are \
        followed through every protocol it inherits from.

        Declare the constraint as `protocol P: Standard { … }`. Optional requirements \
        (`(any P)?`) are not reported.
        """,
        examples: [
            RuleExample("a constraint protocol exported by a module package forgets to refine Standard", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/Constraint.swift": """
                import Foundation

                public protocol ExportConstraint: AnyObject, Sendable {
                    func export(_ data: Data) async
                }
                """,
                "Sources/App/ExportModule.swift": """
                import Spezi

                public final class ExportModule: Module {
                    @StandardActor var standard: any \u{2193}ExportConstraint

                    public init() {}
                }
                """,
            ]),
            RuleExample("constraints that refine Standard, directly or through another protocol", files: [
                "Package.swift": SpeziExampleManifest.app,
                "Sources/App/Constraints.swift": """
                import Spezi

                public protocol UploadConstraint: Standard {}
                public protocol ExportConstraint: UploadConstraint {}
                public protocol LoggingDelegate: AnyObject {}
                """,
                "Sources/App/ExportModule.swift": """
                import Spezi

                public final class ExportModule: Module {
                    @StandardActor var standard: any ExportConstraint
                    @StandardActor var logger: (any LoggingDelegate)?

                    public init() {}
                }
                """,
            ]),
        ],
        edgeView: .spezi,
        analyses: [.speziModel, .speziChecks]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let model = context.speziModel
        guard !model.isEmpty else { return [] }
        return context.speziChecks.nonStandardConstraints.map { item in
            let requirement = item.requirement
            let owner = SpeziModel.simpleName(requirement.fact.owner)
            var related: [RelatedLocation] = []
            if let declaration = model.types[item.use.name]?.site {
                related.append(RelatedLocation(file: declaration.file, line: declaration.line,
                                               message: "`\(item.use.name)` is declared here; make it refine `Standard`"))
            }
            return Finding(
                site: Site(file: requirement.file, line: item.use.line, column: item.use.column),
                message: "`\(item.use.name)` is used as a Standard constraint of `\(owner)` (`@StandardActor var "
                    + "\(requirement.fact.property): \(requirement.fact.typeText)`) but does not refine `Standard`: "
                    + "no Standard can satisfy it",
                module: requirement.module,
                key: [owner, requirement.fact.property, item.use.name],
                related: related,
                edges: [ModuleEdge(from: owner, to: item.use.name)]
            )
        }
    }
}
