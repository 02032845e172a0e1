import ModlintManifest

/// Resolved dependency sources read as context: what a library module requires (a Spezi
/// module's Standard constraint, its `@Dependency`s, a DI key's values, a product's
/// modules) is declared in the library's own sources. The loader finds checkouts by package
/// identity, reads each as a package of the workspace marked `isContext`, and records the
/// remote packages it could not find, so that rules never guess about them.
struct DependencyContext {
    /// Where checkouts are looked for, in order: explicit folders (`--dependencies`,
    /// `dependencies:`), then `.build/checkouts` beside each package and at the root, then
    /// Xcode's `SourcePackages/checkouts` beside each project and at the root, then (on
    /// macOS) the DerivedData folder of each project.
    /// `packageDirectories` and `projects` (`.xcodeproj` paths) are root-relative.
    static func checkoutFolders(root: String, packageDirectories: [String], projects: [String], explicit: [String],
                                derivedData: String?) -> [String] {
        var folders = explicit
        for directory in packageDirectories {
            folders.append(Paths.join(Paths.join(root, directory), ".build/checkouts"))
        }
        folders.append(Paths.join(root, ".build/checkouts"))
        for project in projects {
            folders.append(Paths.join(Paths.join(root, Paths.parent(project)), "SourcePackages/checkouts"))
        }
        folders.append(Paths.join(root, "SourcePackages/checkouts"))
        if let derivedData, !projects.isEmpty {
            folders += derivedDataCheckouts(for: projects.map { Paths.join(root, $0) }, in: derivedData)
        }
        var seen = Set<String>()
        return folders.filter { seen.insert(Paths.normalize($0)).inserted }
    }

    /// Xcode keeps a project's packages in `DerivedData/<Name>-<hash>/SourcePackages/checkouts`;
    /// the folder's `info.plist` names the project (`WorkspacePath`). Each `info.plist` is
    /// read once, however many projects there are (this runs on every warm run too); the
    /// result follows `projectPaths`' order, the first matching folder for each.
    static func derivedDataCheckouts(for projectPaths: [String], in derivedData: String) -> [String] {
        var found: [String: String] = [:]
        for entry in FileSystem.entries(of: derivedData) ?? [] where entry.kind == .directory {
            guard found.count < projectPaths.count else { break }
            let folder = Paths.join(derivedData, entry.name)
            guard let bytes = FileSystem.read(Paths.join(folder, "info.plist"), atMost: InputLimits.small) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            for project in projectPaths where found[project] == nil && text.contains("<string>\(project)</string>") {
                found[project] = Paths.join(folder, "SourcePackages/checkouts")
            }
        }
        return projectPaths.compactMap { found[$0] }
    }

    /// Identity (the folder's name, lower-cased) → absolute checkout directory; the first
    /// folder that has a package wins.
    static func index(_ folders: [String]) -> [String: String] {
        var checkouts: [String: String] = [:]
        for folder in folders {
            for entry in FileSystem.entries(of: folder) ?? [] where entry.kind == .directory && !entry.name.hasPrefix(".") {
                let directory = Paths.join(folder, entry.name)
                let identity = PackageDependency.identity(for: entry.name)
                guard checkouts[identity] == nil, FileSystem.kind(of: Paths.join(directory, "Package.swift")) == .file else { continue }
                checkouts[identity] = directory
            }
        }
        return checkouts
    }

    /// The remote packages a package depends on that no workspace package provides.
    static func remoteDependencies(of package: Package) -> [PackageDependency] {
        package.manifest.dependencies.filter { dependency in
            switch dependency.location {
            case .url, .registry: return package.dependencyNames[dependency.identity] == nil
            case .path: return false
            }
        }
    }
}

/// Pins of `Package.resolved` files (versions 1 to 3): identity → `1.2.3`, or
/// `revision abc1234` when a branch or revision is pinned.
enum ResolvedPins {
    /// Every `Package.resolved` SwiftPM or Xcode keeps for the packages, projects and
    /// workspaces (root-relative paths) of the tree.
    static func files(root: String, packageDirectories: [String], projects: [String], workspaces: [String]) -> [String] {
        var files: [String] = [Paths.join(root, "Package.resolved")]
        for directory in packageDirectories { files.append(Paths.join(Paths.join(root, directory), "Package.resolved")) }
        for project in projects {
            files.append(Paths.join(Paths.join(root, project), "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
        }
        for workspace in workspaces { files.append(Paths.join(Paths.join(root, workspace), "xcshareddata/swiftpm/Package.resolved")) }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// Pins by identity (the first file that pins a package wins), and the files that were
    /// found but refused (see `ReadScope`; a missing file is simply not there).
    static func read(_ paths: [String], scope: ReadScope) -> (pins: [String: String], refused: [(path: String, refusal: ReadRefusal)]) {
        var pins: [String: String] = [:]
        var refused: [(path: String, refusal: ReadRefusal)] = []
        for path in paths {
            let bytes: [UInt8]
            switch FileSystem.readInput(path, atMost: InputLimits.buildDescription, scope: scope) {
            case .success(let read): bytes = read
            case .failure(.missing): continue
            case .failure(let refusal):
                refused.append((path, refusal))
                continue
            }
            for (identity, pin) in PackageResolved.pins(in: bytes) where pins[identity] == nil { pins[identity] = pin }
        }
        return (pins, refused)
    }
}
