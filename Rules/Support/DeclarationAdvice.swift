import ModlintGraph
import ModlintWorkspace

/// What to write so that a target declares a module: the sibling target, or the product
/// (and, when missing, the package dependency) that exports it; a module that no product
/// exports cannot be declared, and the products that build it are named instead.
struct DeclarationAdvice {
    let text: String
    /// The edit `modlint fix` makes (or, for an Xcode project, reports).
    private(set) var fix: DependencyFix?

    /// Advice that declares nothing: the configuration bans the edge.
    init(banned text: String) {
        self.text = text
        fix = nil
    }

    init(context: LintContext, importer: ModuleGraph.Module, imported: ModuleGraph.Module) {
        let workspace = context.workspace
        let importerPackage = workspace.packages[importer.packageIndex]
        let importedPackage = workspace.packages[imported.packageIndex]
        let importedTarget = importedPackage.targets[imported.targetIndex].declaration.name
        let declaration = importerPackage.targets[importer.targetIndex].declaration
        let targetName = declaration.name
        let system = BuildSystems.of(importerPackage)
        // A project read from a spec is fixed in the spec, which `fix` edits.
        let isXcode = system.kind == .xcode
        func fix(_ dependency: String, package: String? = nil) -> DependencyFix {
            DependencyFix(action: .add, manifest: importerPackage.file(declaring: declaration), target: targetName, dependency: dependency,
                          packageDependency: package, isXcodeProject: isXcode)
        }
        if importerPackage.generator != nil {
            // A spec's own syntax. Podspecs and BUILD files are Ruby and Starlark: the advice
            // names the entry, `fix` leaves them to the user.
            let file = importerPackage.file(declaring: declaration)
            let entry = system.dependencyEntry(on: importedTarget, sameProject: importer.packageIndex == imported.packageIndex,
                                               from: importerPackage, to: importedPackage)
            text = system.advice(adding: entry, module: imported.name, of: importedPackage, to: targetName, in: file)
            if let entry, system.editsDependencies { self.fix = fix(entry) }
            return
        }
        if importer.packageIndex == imported.packageIndex {
            text = system.targetAdvice(importedTarget, to: targetName)
            // The manifest's own style: plain names where the target already uses them.
            let byName = declaration.dependencies.contains { if case .byName = $0.kind { return true } else { return false } }
            self.fix = fix(byName ? "\"\(importedTarget)\"" : ".target(name: \"\(importedTarget)\")")
            return
        }
        let packageName = Paths.lastComponent(importedPackage.directory.isEmpty ? importedPackage.identity : importedPackage.directory)
        let products = importedPackage.manifest.products.filter { $0.kind == .library && $0.targets.contains(importedTarget) }.map(\.name)
        guard let product = products.first(where: { $0 == imported.name }) ?? products.first else {
            let builders = importedPackage.manifest.products.filter { $0.kind == .library }.filter { product in
                product.targets.contains { Self.reaches($0, importedTarget, in: importedPackage) }
            }.map(\.name)
            text = "\(imported.name) is no product of \(packageName), so it cannot be declared"
                + (builders.isEmpty ? "." : "; depend on a product that builds it: \(builders.joined(separator: ", ")).")
            return
        }
        var advice = system.productAdvice(product, of: packageName, to: targetName)
        let element = ".product(name: \"\(product)\", package: \"\(packageName)\")"
        if !importerPackage.localDependencies.contains(importedPackage.identity) {
            if importedPackage.isContext {
                // A remote package the manifest does not declare: its URL and version are
                // the user's choice, so no edit is offered.
                advice += ", and the package dependency on \(packageName)"
            } else if importerPackage.kind == .swiftPackage {
                let path = ".package(path: \"\(Paths.relativePath(from: importerPackage.directory, to: importedPackage.directory))\")"
                if let declared = Self.urlDeclaration(of: importedPackage.identity, in: workspace) {
                    // Published packages depend on each other by URL: reuse the entry
                    // another manifest has, version requirement and all.
                    advice += ", and its .package(url:) entry (as in \(declared.file)) to the package"
                    var fix = fix(element)
                    fix.packageDependencyDeclaredAt = declared
                    self.fix = fix
                } else {
                    advice += ", and \(path) to the package"
                    self.fix = fix(element, package: path)
                }
            } else {
                advice += ", and add \(packageName) to the project as a local package"
                self.fix = fix(element)
            }
        } else {
            self.fix = fix(element)
        }
        text = advice + "."
    }

    /// The first `.package(url:)` entry for `identity` in the workspace's manifests.
    static func urlDeclaration(of identity: String, in workspace: Workspace) -> RelatedLocation? {
        for package in workspace.packages where package.kind == .swiftPackage {
            for dependency in package.manifest.dependencies where dependency.identity == identity {
                if case .url = dependency.location {
                    return RelatedLocation(file: package.manifestPath, line: dependency.line, message: "declared here")
                }
            }
        }
        return nil
    }

    /// A target of the package that depends (transitively, within the package) on `goal`.
    static func reaches(_ start: String, _ goal: String, in package: Package) -> Bool {
        var seen: Set<String> = [start]
        var queue = [start]
        while let name = queue.popLast() {
            if name == goal { return true }
            for dependency in package.targets.first(where: { $0.declaration.name == name })?.declaration.dependencies ?? [] {
                if seen.insert(dependency.name).inserted { queue.append(dependency.name) }
            }
        }
        return false
    }
}
