import ModlintFacts
import ModlintGraph
import ModlintWorkspace

/// A view model file imports a UI framework.
public struct ViewModelImportsUI: Rule {
    public static let description = RuleDescription(
        id: "viewmodel-imports-ui",
        defaultSeverity: .warning,
        summary: "A view model imports UIKit, AppKit or SwiftUI (MVVM, enabled in `.modlint.yml`).",
        rationale: """
        In Kaluga-style MVVM the view model is plain, platform-independent logic: it \
        exposes observable state and reacts to user intents, and the view binds to it. A \
        view model that imports a UI framework starts to hold colors, images, view \
        controllers or SwiftUI views; it can no longer be shared across platforms, unit \
        tests need a UI host, and the line between view and logic disappears.

        Checked files are those declaring a type whose name ends in `ViewModel` \
        (extensions do not count: a view module may extend a view model to bind it), and \
        every file of the modules matching `mvvm.viewmodel-modules`. Reported imports are \
        `UIKit`, `AppKit`, `SwiftUI`, and the umbrellas `Cocoa` and `WatchKit`, also \
        under `#if`. Combine and Observation are fine. Test targets are not checked: a \
        fake view model for a snapshot test may well live next to SwiftUI.

        The rule only runs when `.modlint.yml` says `mvvm: {enabled: true}`. To fix a \
        finding, move the UI-facing mapping (colors, images, formatted views) into the \
        view layer and keep the view model's state in plain types.
        """,
        examples: [
            RuleExample("a view model importing SwiftUI, and a file of the view-model module importing UIKit", files: [
                ".modlint.yml": """
                mvvm:
                  enabled: true
                  viewmodel-modules: [LoginViewModels]
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Profile"),
                        .target(name: "LoginViewModels"),
                    ]
                )
                """,
                "Sources/Profile/ProfileViewModel.swift": """
                import Combine
                \u{2193}import SwiftUI

                final class ProfileViewModel: ObservableObject {
                    @Published var tint = Color.blue
                }
                """,
                "Sources/LoginViewModels/Formatting.swift": """
                #if canImport(UIKit)
                \u{2193}import UIKit
                #endif

                func placeholderImage() -> UIImage? { nil }
                """,
            ]),
            RuleExample("plain view models, and views importing SwiftUI", files: [
                ".modlint.yml": """
                mvvm:
                  enabled: true
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [.target(name: "Profile")]
                )
                """,
                "Sources/Profile/ProfileViewModel.swift": """
                import Combine
                import Foundation

                final class ProfileViewModel: ObservableObject {
                    @Published var name = ""
                }
                """,
                "Sources/Profile/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    @ObservedObject var viewModel: ProfileViewModel
                    var body: some View { Text(viewModel.name) }
                }

                extension ProfileViewModel {
                    var title: Text { Text(name) }
                }
                """,
            ]),
        ]
    )

    static let uiModules: Set<String> = ["UIKit", "AppKit", "SwiftUI", "Cocoa", "WatchKit"]

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let settings = context.configuration.mvvm
        guard settings.enabled else { return [] }
        var findings: [Finding] = []
        for module in context.graph.modules where module.kind != .test {
            let inViewModelLayer = ViewModels.isViewModelModule(module, settings)
            for file in context.workspace.target(of: module).files {
                let viewModels = file.summary.declarations.filter { $0.kind != .extension && $0.kind != .typealias && ViewModels.isViewModelName($0.name) }
                guard inViewModelLayer || !viewModels.isEmpty else { continue }
                for fact in file.summary.imports where Self.uiModules.contains(fact.module) {
                    let reason = viewModels.first.map { "declares the view model \($0.name)" }
                        ?? "belongs to the view-model module \(module.id)"
                    findings.append(Finding(
                        site: Site(file: file.path, line: fact.line, column: fact.column),
                        message: "\(Paths.lastComponent(file.path)) \(reason) and imports \(fact.module); "
                            + "keep view models free of UI frameworks",
                        module: module.id,
                        key: [module.id, file.path, fact.module],
                        related: viewModels.map {
                            RelatedLocation(file: file.path, line: $0.line, message: "view model \($0.name)")
                        }
                    ))
                }
            }
        }
        return findings
    }
}
