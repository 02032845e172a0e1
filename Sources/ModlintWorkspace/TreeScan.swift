#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ModlintConfiguration
import ModlintFacts
import ModlintManifest

/// One walk over the tree: package directories (with their manifest file names), every
/// directory, every `.swift` file.
struct TreeScan: Sendable {
    var packageDirectories: [String: [String]] = [:]
    /// Root-relative `.xcodeproj` and `.xcworkspace` folders (not the `project.xcworkspace`
    /// every project carries inside).
    var xcodeProjects: [String] = []
    var xcodeWorkspaces: [String] = []
    /// Build descriptions other than manifests and projects: specs, podspecs, Podfiles, BUILD
    /// and `.bzl` files (`BuildSystems.isRecordedDescription`).
    var buildDescriptions: [String] = []
    /// Files named like a description but not one a build system reads by default
    /// (`project-ci.yml` beside `project.yml`): noted when nothing includes them.
    var alternativeDescriptions: [String] = []
    var directories = Set<String>()
    var swiftFiles: [String] = []
    /// Tuist's project manifests (`Project.swift` outside `Tuist/`) and helpers
    /// (`…/ProjectDescriptionHelpers/…`), among `swiftFiles`, sorted: recorded by the walk
    /// as it meets them.
    var tuistManifests: [String] = []
    var tuistHelpers: [String] = []
    /// Root-relative files and bundle folders of the kinds SwiftPM processes as resources
    /// without a `resources:` list (`processedResourceExtensions`), in walk order: a target
    /// with one bundles resources into whatever links it.
    var processedResources: [String] = []
    /// Where the load may read (see `ReadScope`).
    var scope = ReadScope(roots: [])

    /// Directories SwiftPM and Xcode treat as resources, never as sources: Swift files in a
    /// DocC catalog (tutorial snippets) or a playground are not compiled into the target.
    static let bundleExtensions: Set<String> = [
        "docc", "xcassets", "bundle", "lproj", "xcdatamodeld", "xcdatamodel", "playground", "xcodeproj", "xcworkspace",
    ]

    /// What SwiftPM processes as a resource by default (its built-in file rules): asset
    /// catalogs, localizations, Core Data models, Interface Builder files, Metal sources,
    /// string catalogs.
    static let processedResourceExtensions: Set<String> = [
        "xcassets", "lproj", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "xib", "storyboard", "metal", "xcstrings",
    ]

    /// `xib` for `Main.xib`; `nil` for a name without one (or a dot file).
    static func nameExtension(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return String(name[name.index(after: dot)...])
    }

    /// Root-relative paths skipped because an exclude glob matched them.
    var excludedPaths: [String] = []
    /// When set, the walk hashes the identity (path, size, mtime, inode) of every Swift
    /// file and manifest into `fingerprint`, in walk order (deterministic: entries sorted).
    var fingerprinting = false
    var fingerprint = StableHash()
    /// The same without the identities of Swift sources (their paths are in): with the
    /// sources' facts it keys the result when only comments or white space changed.
    var structure = StableHash()
    /// The identity of each of `swiftFiles`, at the same position (when fingerprinting;
    /// `nil` for a `Package@swift-` variant kept as a source): the summary cache validates
    /// its entries with them instead of a second stat per file. Positions, not a table by
    /// path: hashing every path of the tree (and again to merge the walk's parts) showed
    /// in the pre-commit profile.
    var swiftIdentities: [FileIdentity?] = []

    /// Identities modified at or after this are racy (`FileIdentity.isRacy`); which kind
    /// of input had one.
    var racyThreshold = Int64.max
    var sourcesAreRacy = false
    var structureIsRacy = false

    /// The identity the walk read for `path` (`swiftFiles` is sorted: a binary search).
    func identity(of path: String) -> FileIdentity? {
        index(of: path).flatMap { swiftIdentities[$0] }
    }

    /// `path` as the walk found it on disk. Swift compares strings by canonical
    /// equivalence, so a project that names `Thêm/` decomposed (as macOS writes it) matches
    /// the folder checked out composed; only the bytes on disk open the file on Linux.
    func spelling(of path: String) -> String {
        guard !Paths.isASCII(path), let index = index(of: path) else { return path }
        return swiftFiles[index]
    }

    private func index(of path: String) -> Int? {
        WalkPositions.search(path, in: swiftFiles)
    }

    /// Sorts `swiftFiles`, their identities along.
    private mutating func sortFiles() {
        tuistManifests.sort()
        tuistHelpers.sort()
        let order = swiftFiles.indices.sorted { swiftFiles[$0] < swiftFiles[$1] }
        swiftFiles = order.map { swiftFiles[$0] }
        swiftIdentities = order.map { swiftIdentities[$0] }
    }

    mutating func walk(_ start: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion = Exclusion()) {
        var stack = [start]
        var visited = Set<String>()
        while let directory = stack.popLast() {
            guard visited.insert(directory).inserted else { continue }
            stack += visit(directory, root: root, skipping: skipped, excluding: excluded)
        }
        sortFiles()
    }

    /// The same walk with the subtrees below `start` spread over all cores: on a warm
    /// page cache the walk is mostly kernel time (getdents, stat), which parallelises.
    mutating func walkInParallel(_ start: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion = Exclusion()) {
        // Widen the frontier level by level until there is enough to share (a root that
        // holds a single folder, like a corpus or a monorepo's `Packages/`, still spreads).
        var subdirectories = visit(start, root: root, skipping: skipped, excluding: excluded).sorted()
        while !subdirectories.isEmpty && subdirectories.count < 16 {
            var next: [String] = []
            for directory in subdirectories { next += visit(directory, root: root, skipping: skipped, excluding: excluded) }
            subdirectories = next.sorted()
        }
        let fingerprinting = self.fingerprinting, racyThreshold = self.racyThreshold
        let parts = subdirectories.parallelMap { directory -> TreeScan in
            var part = TreeScan()
            part.fingerprinting = fingerprinting
            part.racyThreshold = racyThreshold
            part.walk(directory, root: root, skipping: skipped, excluding: excluded)
            return part
        }
        // Sized once: merging part by part would rehash every path at each growth.
        let fileCount = swiftFiles.count + parts.reduce(0) { $0 + $1.swiftFiles.count }
        swiftFiles.reserveCapacity(fileCount)
        swiftIdentities.reserveCapacity(fileCount)
        directories.reserveCapacity(directories.count + parts.reduce(0) { $0 + $1.directories.count })
        for part in parts {
            packageDirectories.merge(part.packageDirectories) { first, _ in first }
            xcodeProjects += part.xcodeProjects
            xcodeWorkspaces += part.xcodeWorkspaces
            buildDescriptions += part.buildDescriptions
            alternativeDescriptions += part.alternativeDescriptions
            directories.formUnion(part.directories)
            swiftFiles += part.swiftFiles
            tuistManifests += part.tuistManifests
            tuistHelpers += part.tuistHelpers
            swiftIdentities += part.swiftIdentities
            processedResources += part.processedResources
            excludedPaths += part.excludedPaths
            if fingerprinting {
                fingerprint.add(String(part.fingerprint.value, radix: 16))
                structure.add(String(part.structure.value, radix: 16))
                sourcesAreRacy = sourcesAreRacy || part.sourcesAreRacy
                structureIsRacy = structureIsRacy || part.structureIsRacy
            }
        }
        sortFiles()
    }

    /// A manifest, project or settings file: part of both fingerprints.
    /// A resource's path decides whether its target bundles resources: one that appears or
    /// goes changes the layout (its content does not).
    private mutating func addResource(_ path: String) {
        processedResources.append(path)
        if fingerprinting {
            fingerprint.add(path)
            structure.add(path)
        }
    }

    private mutating func addInput(_ path: String, identity: FileIdentity?) {
        let text = identity?.description ?? "?"
        fingerprint.add(path)
        fingerprint.add(text)
        structure.add(path)
        structure.add(text)
        if identity?.isRacy(threshold: racyThreshold) == true { structureIsRacy = true }
    }

    /// The only files the walk records: Swift sources, build descriptions and the files
    /// they read (`BuildSystems`), resources SwiftPM processes. Judged on the name's bytes, before a string is made for it (most entries of a
    /// tree are other files: resources, documentation, fixtures).
    static func isWalkedFile(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func hasSuffix(_ suffix: StaticString) -> Bool {
            let length = suffix.utf8CodeUnitCount
            guard name.count >= length else { return false }
            return memcmp(name.baseAddress! + (name.count - length), suffix.utf8Start, length) == 0
        }
        return hasSuffix(".swift") || BuildSystems.byteFilter.mayMatch(name)
            || hasSuffix(".xib") || hasSuffix(".storyboard") || hasSuffix(".metal") || hasSuffix(".xcstrings")
    }

    /// Folder names that hold a test suite's input data (XcodeGen's `Tests/Fixtures`,
    /// `Tests/AppTests/Fixtures`): projects and packages there are what the tests read,
    /// not part of the code base.
    static let fixtureFolderNames: Set<String> = ["Fixtures", "fixtures", "Fixture", "TestFixtures", "__Fixtures__", "__fixtures__"]

    /// A fixtures folder below a tests folder (`Tests`, `Test`, `…Tests`, `…Test`) of the
    /// linted tree. Linting the fixture itself (a path inside it) still reads it.
    static func isTestFixtureFolder(_ name: String, in directory: String) -> Bool {
        guard fixtureFolderNames.contains(name), !directory.isEmpty else { return false }
        return directory.split(separator: "/").contains { $0.hasSuffix("Tests") || $0.hasSuffix("Test") || $0 == "tests" }
    }

    /// The same test for a name already made a string: the files whose identity the walk reads.
    static func isWalkedFile(_ name: String) -> Bool {
        name.withBytes(isWalkedFile)
    }

    /// Reads one directory: records its packages, Swift files and identities; returns the
    /// subdirectories to descend into.
    private mutating func visit(_ directory: String, root: String, skipping skipped: Set<String>, excluding excluded: Exclusion) -> [String] {
        directories.insert(directory)
        // A target's folder counts even when it holds no Swift file (its module map, its
        // module name): a new or removed folder must miss the memos too.
        if fingerprinting {
            fingerprint.add(directory)
            structure.add(directory)
        }
        var subdirectories: [String] = []
        // With exclude globs every entry is matched (a glob that matches nothing is reported).
        var keepsFile: ((UnsafeBufferPointer<UInt8>) -> Bool)?
        if excluded.globs.isEmpty { keepsFile = { name in TreeScan.isWalkedFile(name) } }
        guard let entries = FileSystem.entries(of: Paths.join(root, directory).isEmpty ? "/" : Paths.join(root, directory),
                                               keepsFile: keepsFile,
                                               identify: fingerprinting ? { TreeScan.isWalkedFile($0) } : nil) else { return [] }
        var manifests: [String] = []
        // Decided once per folder: a per-file substring search showed in the walk's profile.
        let tuistFolder = TuistBuildSystem.Folder(directory)
        for entry in entries {
            let path = Paths.join(directory, entry.name)
            if !excluded.ignoredFiles.isEmpty && excluded.ignoredFiles.contains(path) { continue }
            if excluded.matches(path) {
                excludedPaths.append(path)
                continue
            }
            switch entry.kind {
            case .directory:
                // `pod install` rewrites Pods/Manifest.lock: the pods read as context change.
                if fingerprinting && entry.name == CocoaPodsBuildSystem.installFolder {
                    let lock = Paths.join(path, CocoaPodsBuildSystem.installLock)
                    addInput(lock, identity: FileIdentity(path: Paths.join(root, lock)))
                }
                if entry.name.hasPrefix(".") || skipped.contains(entry.name) || excluded.contextFolders.contains(path) { continue }
                if Self.isTestFixtureFolder(entry.name, in: directory) { continue }
                if BuildSystems.isDescriptionBundle(entry.name) {
                    if CommittedXcodeProjects.isProjectBundle(entry.name) { xcodeProjects.append(path) } else { xcodeWorkspaces.append(path) }
                    if fingerprinting { addInput(path, identity: FileIdentity(path: Paths.join(root, CommittedXcodeProjects.descriptionFile(ofBundle: path)))) }
                    continue
                }
                if let nameExtension = Self.nameExtension(entry.name), Self.bundleExtensions.contains(nameExtension) {
                    if Self.processedResourceExtensions.contains(nameExtension) { addResource(path) }
                    continue
                }
                subdirectories.append(path)
            case .file:
                recordFile(entry.name, at: path, identity: entry.identity, tuistFolder: tuistFolder, manifests: &manifests)
            case .other, .missing:
                recordUnidentified(entry.name, at: path, tuistFolder: tuistFolder, manifests: &manifests)
            }
        }
        if manifests.contains(SwiftPMBuildSystem.manifestName) {
            packageDirectories[directory] = manifests
        } else if !manifests.isEmpty {
            // Variants without a Package.swift are not a package; keep them as sources.
            swiftFiles.append(contentsOf: manifests.map { Paths.join(directory, $0) })
            swiftIdentities.append(contentsOf: manifests.map { _ in nil })
        }
        return subdirectories
    }

    /// A regular file of the walk: a build description, an input of one, a resource SwiftPM
    /// processes, a manifest or a Swift source.
    @inline(__always)
    private mutating func recordFile(_ name: String, at path: String, identity: FileIdentity?, tuistFolder: TuistBuildSystem.Folder,
                                     manifests: inout [String]) {
        // Swift files first, most of what the walk keeps: no description or input name
        // ends in `.swift` (Package.swift is a manifest here), so they skip the name tests.
        if name.hasSuffix(".swift") {
            if SwiftPMBuildSystem.isManifestName(name) {
                manifests.append(name)
                if fingerprinting { addInput(path, identity: identity) }
            } else {
                swiftFiles.append(path)
                swiftIdentities.append(identity)
                if tuistFolder.holdsHelpers { tuistHelpers.append(path) }
                if tuistFolder.isProjectManifest(name) { tuistManifests.append(path) }
                if fingerprinting {
                    fingerprint.add(path)
                    fingerprint.add(identity.map { UInt64(bitPattern: $0.size) } ?? UInt64.max)
                    fingerprint.add(identity.map { UInt64(bitPattern: $0.modified) } ?? UInt64.max)
                    fingerprint.add(identity?.inode ?? UInt64.max)
                    structure.add(path)
                    if identity?.isRacy(threshold: racyThreshold) == true { sourcesAreRacy = true }
                    // A Tuist manifest or helper is a build description: its content
                    // decides the layout, so its identity keys the layout memo too.
                    if tuistFolder.holdsOnlyTuistCode || TuistBuildSystem.isManifestName(name) { addInput(path, identity: identity) }
                }
            }
            return
        }
        if BuildSystems.isRecordedDescription(name) {
            buildDescriptions.append(path)
            if fingerprinting { addInput(path, identity: identity) }
            return
        }
        // Build settings files decide Xcode module names, module maps C module names,
        // YAML files may be included by an XcodeGen spec: a change must miss the memo.
        if BuildSystems.isDescriptionInput(name) {
            if fingerprinting { addInput(path, identity: identity) }
            if BuildSystems.isAlternativeDescription(name) { alternativeDescriptions.append(path) }
        }
        if let nameExtension = Self.nameExtension(name), Self.processedResourceExtensions.contains(nameExtension) {
            addResource(path)
        }
    }

    /// A FIFO, device, socket or dangling link where a manifest or source is expected:
    /// kept, so that reading it reports it — skipping it would drop a package (and every
    /// finding in it) without a word.
    private mutating func recordUnidentified(_ name: String, at path: String, tuistFolder: TuistBuildSystem.Folder, manifests: inout [String]) {
        if name == SwiftPMBuildSystem.manifestName {
            manifests.append(name)
        } else if BuildSystems.isRecordedDescription(name) {
            buildDescriptions.append(path)
            if fingerprinting {
                fingerprint.add(path)
                structure.add(path)
                structureIsRacy = true
            }
        } else if name.hasSuffix(".swift") && !name.hasPrefix(SwiftPMBuildSystem.variantPrefix) {
            swiftFiles.append(path)
            swiftIdentities.append(nil)
            if tuistFolder.isProjectManifest(name) { tuistManifests.append(path) }
            if fingerprinting {
                fingerprint.add(path)
                structure.add(path)
                sourcesAreRacy = true   // no identity to key a memo by
            }
        }
    }
}

/// `exclude` globs, matched against paths relative to their base directory.
struct Exclusion: Sendable {
    var globs: [Glob] = []
    /// Root-relative folders of dependency checkouts (read as context, not walked).
    var contextFolders: Set<String> = []
    /// Root-relative files left out without a word (`WorkspaceOptions.ignoredFiles`).
    var ignoredFiles: Set<String> = []
    /// The root's path relative to the base (`nil`: the root lies outside the base), or
    /// the base's path relative to the root when the base lies below it.
    private var rootInsideBase: String?
    private var baseInsideRoot: String?

    init() {}

    init(globs: [Glob], root: String, base: String?) {
        self.globs = globs
        guard let base, base != root else {
            rootInsideBase = ""
            return
        }
        if Paths.isInside(root, base) || base == "/" {
            rootInsideBase = base == "/" ? String(root.dropFirst()) : Paths.relative(root, to: base)
        } else if Paths.isInside(base, root) {
            baseInsideRoot = Paths.relative(base, to: root)
        }
    }

    /// `path` is relative to the workspace root.
    func matches(_ path: String) -> Bool {
        guard !globs.isEmpty else { return false }
        let relative: String
        if let rootInsideBase {
            relative = Paths.join(rootInsideBase, path)
        } else if let baseInsideRoot, Paths.isInside(path, baseInsideRoot), path != baseInsideRoot {
            relative = Paths.relative(path, to: baseInsideRoot)
        } else {
            return false
        }
        return globs.contains { $0.matches(relative) || $0.matches(relative + "/") }
    }
}

/// Which files of a tree modlint may open, by path: what the walk records (sources, build
/// descriptions, settings, specs), everything inside an Xcode project or workspace bundle
/// and the `Pods` folder, and the metadata files readers look up by name (`Package.resolved`,
/// JSON specs, property lists, lock files). `modlint diff` writes only these out of a
/// commit: the rest (media, documentation, C sources …) no reader opens, and creating
/// thousands of files costs more than analysing the sources.
public enum WorkspaceInputs {
    public static func mayBeRead(_ relativePath: String) -> Bool {
        let name = Paths.lastComponent(relativePath)
        if TreeScan.isWalkedFile(name) || BuildSystems.isRecordedDescription(name) { return true }
        for folder in relativePath.split(separator: "/").dropLast()
        where folder == CocoaPodsBuildSystem.installFolder || BuildSystems.isDescriptionBundle(String(folder)) { return true }
        guard let dot = name.lastIndex(of: ".") else { return true }
        return metadataExtensions.contains(String(name[name.index(after: dot)...]))
    }

    private static let metadataExtensions: Set<String> = ["json", "plist", "resolved", "lock", "modulemap", "xcfilelist", "entitlements", "bazelrc"]
}

/// Positions in the walk's sorted Swift files of paths that mostly come in that order (a
/// target's files): the position after the last one found is tried first, then a binary
/// search. Cheaper than hashing every path into a table, which a cold run did four times.
struct WalkPositions {
    private let files: [String]
    private var next = 0

    init(_ files: [String]) {
        self.files = files
    }

    mutating func position(of path: String) -> Int? {
        if next < files.count && files[next] == path {
            next += 1
            return next - 1
        }
        guard let found = Self.search(path, in: files) else { return nil }
        next = found + 1
        return found
    }

    /// The position of `path` in sorted `files`, by binary search.
    static func search(_ path: String, in files: [String]) -> Int? {
        var low = 0, high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low < files.count && files[low] == path ? low : nil
    }
}
