import ModlintFacts
import ModlintGraph
import ModlintWorkspace

/// A view model references views or view controllers instead of a navigator.
public struct NavigationBypassesNavigator: Rule {
    public static let description = RuleDescription(
        id: "navigation-bypasses-navigator",
        defaultSeverity: .warning,
        summary: "A view model references view or view-controller types directly instead of a navigator abstraction (MVVM, enabled in `.modlint.yml`).",
        rationale: """
        In Kaluga-style MVVM a view model decides *that* the app navigates ("show the \
        profile of user 42") and a navigator decides *how* (push a view controller, present \
        a sheet, switch a tab). A view model that constructs `ProfileViewController()` or \
        holds a `ProfileView` knows the screen hierarchy: it cannot be tested without UI, \
        cannot be reused on another platform, and every navigation change touches logic.

        A reference counts when it appears in the declaration or body of a type whose \
        name ends in `ViewModel` (or anywhere in a module matching \
        `mvvm.viewmodel-modules`) and names a type matching `mvvm.view-patterns` \
        (default `*ViewController`, `*View`, `*Screen`) that does not match \
        `mvvm.navigator-patterns` (default `*Navigator`, `*Coordinator`, `*Router`). \
        Protocols and enums declared in the workspace (abstractions and destinations) \
        and types nested in a view model (its own state, such as `enum NextScreen`) do \
        not count; test targets are not checked. \
        One finding per view model and view type, at the first reference; the others are \
        related locations.

        The rule only runs when `.modlint.yml` says `mvvm: {enabled: true}`. To fix a \
        finding, declare a navigator protocol next to the view model (`protocol \
        LoginNavigator { func showProfile(userID: String) }`), call it from the view \
        model, and implement it in the UI layer or the app.
        """,
        examples: [
            RuleExample("a view model that builds the next screen itself", files: [
                ".modlint.yml": """
                mvvm:
                  enabled: true
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [.target(name: "Login", dependencies: ["ProfileUI"]), .target(name: "ProfileUI")]
                )
                """,
                "Sources/Login/LoginViewModel.swift": """
                import ProfileUI

                final class LoginViewModel {
                    var presented: \u{2193}ProfileViewController?

                    func didLogIn(userID: String) {
                        presented = ProfileViewController(userID: userID)
                        _ = \u{2193}ProfileScreen.make(userID: userID)
                    }
                }
                """,
                "Sources/ProfileUI/Profile.swift": """
                public final class ProfileViewController {
                    public init(userID: String) {}
                }
                public struct ProfileScreen {
                    public static func make(userID: String) -> ProfileViewController { ProfileViewController(userID: userID) }
                }
                """,
            ]),
            RuleExample("a view model that navigates through a navigator", files: [
                ".modlint.yml": """
                mvvm:
                  enabled: true
                """,
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "App",
                    targets: [.target(name: "Login")]
                )
                """,
                "Sources/Login/LoginViewModel.swift": """
                protocol LoginNavigator: AnyObject {
                    func showProfile(userID: String)
                }

                protocol LoginView: AnyObject {
                    func showError(_ message: String)
                }

                final class LoginViewModel {
                    struct ErrorScreen { var message: String }

                    weak var navigator: LoginNavigator?
                    weak var view: LoginView?
                    var error: ErrorScreen?

                    func didLogIn(userID: String) {
                        navigator?.showProfile(userID: userID)
                    }
                }
                """,
                "Sources/Login/LoginViewController.swift": """
                final class LoginViewController: LoginView {
                    let viewModel = LoginViewModel()
                    func showError(_ message: String) {}
                }
                """,
            ]),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        let settings = context.configuration.mvvm
        guard settings.enabled else { return [] }
        // Protocols are abstractions, enums describe destinations, and types nested in
        // a view model are its own state: none of them is a view.
        var notViews: Set<String> = []
        for package in context.workspace.packages {
            for target in package.targets {
                for file in target.files {
                    for declaration in file.summary.declarations where declaration.kind != .extension && declaration.kind != .typealias {
                        if declaration.kind == .protocol || declaration.kind == .enum
                            || declaration.enclosing.contains(where: ViewModels.isViewModelName) {
                            notViews.insert(declaration.name)
                        }
                    }
                }
            }
        }
        var isViewName: [String: Bool] = [:]
        func isView(_ name: String) -> Bool {
            if let known = isViewName[name] { return known }
            let result = !ViewModels.isViewModelName(name) && !notViews.contains(name)
                && settings.viewPatterns.contains { $0.matches(name) } && !settings.navigatorPatterns.contains { $0.matches(name) }
            isViewName[name] = result
            return result
        }
        var findings: [Finding] = []
        for module in context.graph.modules where module.kind != .test {
            let inViewModelLayer = ViewModels.isViewModelModule(module, settings)
            var sitesByKey: [String: (owner: String, view: String, sites: [Site])] = [:]
            for file in context.workspace.target(of: module).files {
                for reference in file.summary.typeReferences where reference.kind != .extension && isView(reference.name) {
                    guard let owner = Self.viewModel(enclosing: reference.enclosingType, inViewModelLayer: inViewModelLayer, file: file.path)
                    else { continue }
                    let site = Site(file: file.path, line: reference.line, column: reference.column)
                    sitesByKey["\(owner)\u{1F}\(reference.name)", default: (owner, reference.name, [])].sites.append(site)
                }
            }
            for key in sitesByKey.keys.sorted() {
                let entry = sitesByKey[key]!
                let sites = entry.sites.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
                findings.append(Finding(
                    site: sites[0],
                    message: "\(entry.owner) references the view type \(entry.view) directly; "
                        + "navigate through a navigator protocol that the UI layer implements",
                    module: module.id,
                    key: [module.id, entry.owner, entry.view],
                    related: sites.dropFirst().map {
                        RelatedLocation(file: $0.file, line: $0.line, message: "\(entry.view) is also referenced here")
                    }
                ))
            }
        }
        return findings
    }

    /// The view model a reference belongs to: the enclosing type path up to its first
    /// `…ViewModel` component; in a view-model module, the outermost type (or the file).
    static func viewModel(enclosing: String?, inViewModelLayer: Bool, file: String) -> String? {
        let components = enclosing?.split(separator: ".") ?? []
        if let index = components.firstIndex(where: { ViewModels.isViewModelName(String($0)) }) {
            return components[...index].joined(separator: ".")
        }
        guard inViewModelLayer else { return nil }
        return components.first.map(String.init) ?? Paths.lastComponent(file)
    }
}
