import ModlintXcode

/// Build descriptions modlint could not read (an XcodeGen spec or a Tuist manifest with an
/// error, a Package.swift that makes no package, an .xcodeproj without its project file).
/// Podspecs and BUILD files that fail to read are errors of their own reading. Where one leaves Swift files in no target
/// below its folder, the gate must not pass blind: an `unread-build-description` error
/// names the file, how many files it leaves unread and the remedy.
enum UnreadSpecs {
    /// One note per description whose folder holds Swift files in no target: each unread
    /// file counts for the deepest description above it. A description whose text shows it
    /// describes no Swift code (a BUILD file with no Swift or Apple rule, a YAML file that
    /// is no XcodeGen spec) is skipped; one that leaves nothing unread says nothing.
    /// `projectFolders`: folders holding a committed `.xcodeproj`; a spec beside one was
    /// generated into it, and the project is read instead.
    /// `bazelGaps`: BUILD files read in part or not at all (`BazelBuildSystem`), and why.
    /// `bazelPackages`: the folders of every BUILD file.
    static func notes(specs: [String], filesInNoTarget: [String], projectFolders: Set<String>, root: String, scope: ReadScope,
                      bazelGaps: [String: BazelGap] = [:], bazelPackages: Set<String> = []) -> [WorkspaceNote] {
        guard !specs.isEmpty || !bazelGaps.isEmpty, !filesInNoTarget.isEmpty else { return [] }
        var relevant: [String: (spec: String, kind: Kind)] = [:]   // folder → description
        for (spec, gap) in bazelGaps.sorted(by: { $0.key < $1.key }) { relevant[Paths.parent(spec)] = (spec, .bazel(gap)) }
        for spec in specs.sorted() {
            guard let kind = Kind(path: spec) else { continue }
            let folder = Paths.parent(spec)
            if (kind == .xcodeGen || kind == .tuist) && projectFolders.contains(folder) { continue }
            guard kind.describesSwift(at: spec, root: root, scope: scope) else { continue }
            // Tuist's Workspace.swift and Project.swift may share a folder: one is enough.
            if relevant[folder] == nil { relevant[folder] = (spec, kind) }
        }
        guard !relevant.isEmpty else { return [] }
        var unread: [String: [String]] = [:]
        for file in filesInNoTarget where !TuistBuildSystem.isManifest(file) {
            var folder = Paths.parent(file)
            // A BUILD file answers for its own package only: a file below another package's
            // BUILD file is that package's.
            var package: String?
            while true {
                if let description = relevant[folder] {
                    if case .bazel = description.kind, let package, package != folder { break }
                    unread[folder, default: []].append(file)
                    break
                }
                if package == nil && bazelPackages.contains(folder) { package = folder }
                if folder.isEmpty { break }
                folder = Paths.parent(folder)
            }
        }
        return unread.keys.sorted().compactMap { folder in
            guard let (spec, kind) = relevant[folder], let files = unread[folder] else { return nil }
            let place = "under \(folder.isEmpty ? "./" : folder + "/")"
            let lead = kind.lead
            return WorkspaceNote(kind: .unreadBuildDescription, file: spec, line: 1, column: 1,
                                 message: "\(lead): \(files.count) Swift file\(files.count == 1 ? "" : "s") \(place) "
                                    + "\(files.count == 1 ? "is" : "are") in no target and not analysed; \(kind.remedy)")
        }
    }

    /// Why a BUILD file's targets are not all read.
    enum BazelGap: Sendable, Equatable {
        /// A macro or rule whose `load()` could not be followed, named with its line
        /// (`` `company_lib` (…), line 3 ``): its targets may be more than read.
        case unfollowedMacro(String)
        /// No `MODULE.bazel`, `REPO.bazel` or `WORKSPACE` above it, in the tree or above the
        /// linted root: no Bazel workspace holds it, so Bazel builds none of its targets
        /// (a library's vendored copy of another project's BUILD files).
        case outsideWorkspace
    }

    enum Kind: Equatable {
        case xcodeGen, tuist
        /// A `Package.swift` that makes no package (an empty file).
        case swiftPackage
        /// An `.xcodeproj` folder without its `project.pbxproj`.
        case xcodeProject
        /// A BUILD file read in part, or not read at all.
        case bazel(BazelGap)

        init?(path: String) {
            switch Paths.lastComponent(path) {
            case "project.yml", "project.yaml": self = .xcodeGen
            case "Project.swift", "Workspace.swift": self = .tuist
            case "Package.swift": self = .swiftPackage
            case let name where name.hasSuffix(".xcodeproj"): self = .xcodeProject
            default: return nil
            }
        }

        /// How the finding opens: a description modlint reads failed (and says why in a
        /// note of its own), one it has no reader for yet, or a manifest with no package.
        var lead: String {
            switch self {
            case .xcodeGen, .tuist: return "\(what) that modlint could not read"
            case .swiftPackage, .xcodeProject: return what
            case .bazel(.unfollowedMacro(let macro)): return "\(what) (\(macro))"
            case .bazel(.outsideWorkspace): return what
            }
        }

        var what: String {
            switch self {
            case .xcodeGen: return "an XcodeGen spec"
            case .tuist: return "a Tuist manifest"
            case .swiftPackage: return "a Package.swift that makes no package"
            case .xcodeProject: return "an .xcodeproj without its project.pbxproj"
            case .bazel(.unfollowedMacro): return "a BUILD file whose macro modlint could not follow"
            case .bazel(.outsideWorkspace): return "a BUILD file outside any Bazel workspace (no MODULE.bazel, REPO.bazel or WORKSPACE above it), which Bazel does not build"
            }
        }

        var remedy: String {
            switch self {
            case .xcodeGen: return "fix the problem reported for the spec, or run `xcodegen generate` before modlint and it reads the project written"
            case .tuist: return "fix the problem reported for the manifest, or run `tuist generate --no-open` before modlint and it reads the projects written"
            case .swiftPackage: return "declare `let package = Package(…)` in it, or exclude the folder in .modlint.yml"
            case .xcodeProject: return "commit its project.pbxproj, or exclude the folder in .modlint.yml"
            case .bazel(.outsideWorkspace): return "add the workspace's MODULE.bazel, or exclude the folder in .modlint.yml"
            case .bazel(.unfollowedMacro): return "modlint reads rules_swift's and rules_apple's rules and the workspace's own .bzl files, and another repository's macro only from its srcs; pass the Swift files as srcs, or exclude the folder in .modlint.yml"
            }
        }

        /// Whether the file's text shows it describes Swift code: read with the same care
        /// as every other build description (inside the tree, a regular file, capped).
        func describesSwift(at path: String, root: String, scope: ReadScope) -> Bool {
            switch self {
            case .swiftPackage, .xcodeProject, .bazel:
                return true   // listed only when it made no package or has no project file
            case .tuist:
                guard case .success(let bytes) = FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.buildDescription, scope: scope) else {
                    return true
                }
                return TuistBuildSystem.isManifestText(bytes)
            case .xcodeGen:
                guard case .success(let bytes) = FileSystem.readInput(Paths.join(root, path), atMost: InputLimits.small, scope: scope) else {
                    return true   // unreadable: what it describes is unknown, so it may be Swift
                }
                return XcodeGenReader.declaresTargets(bytes)
            }

        }
    }
}
