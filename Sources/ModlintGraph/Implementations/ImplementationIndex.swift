import ModlintConfiguration
import ModlintFacts
import ModlintTokenizer
import ModlintWorkspace

/// Implementation types of the workspace and where other modules use them: the analysis
/// behind the boundary rules (`impl-crosses-boundary`, `public-impl`), beside the DI and
/// Spezi analyses. Every file's type names are read as bytes (`TypeReferenceList.forEachName`)
/// and prefiltered by the tokenizer's `NamePrefilter`; a file's references are made only
/// when one of its names is an implementation type.
public struct ImplementationIndex {
    public struct Declaration: Sendable {
        public var module: Int
        public var site: Site
        public var declaration: TypeDeclaration
    }

    /// Every use of one implementation type by one other module, sites sorted.
    public struct Use: Sendable {
        public var name: String
        public var user: Int
        public var declaration: Declaration
        /// Uses outside registration sites (what `impl-crosses-boundary` reports).
        public var sites: [Site]
        /// Uses where the type is meant to be built (`isRegistrationSite`: a DI factory, a
        /// needle component, a key's value): allowed, but the type must stay visible there.
        public var wiringSites: [Site] = []
    }

    let workspace: Workspace
    let graph: ModuleGraph
    let configuration: Configuration
    /// Implementation type name → its declarations (first per module), by module.
    public private(set) var implementations: [String: [Declaration]] = [:]
    /// Modules declaring a type (of any kind) with a name that matches the patterns: a
    /// reference in such a module resolves to its own type.
    private var declaringModules: [String: Set<Int>] = [:]
    /// Names of the protocols declared anywhere in the workspace.
    public private(set) var protocolNames: Set<String> = []
    /// Per test module: modules it imports with `@testable`.
    private var testableImports: [Int: Set<Int>] = [:]

    public init(workspace: Workspace, graph: ModuleGraph, configuration: Configuration) {
        self.workspace = workspace
        self.graph = graph
        self.configuration = configuration
        let found = Self.declarations(workspace: workspace, graph: graph, patterns: NamePatterns(configuration.implPatterns))
        protocolNames = found.protocolNames
        declaringModules = found.declaringModules
        // An implementation hides behind an abstraction: only a type that conforms —
        // directly, through an extension, a superclass or an inherited protocol — to a
        // protocol declared in the workspace counts (a `Codable` entity called
        // `DefaultServer` is none).
        implementations = found.implementations.filter { entry in
            Self.conformsToWorkspaceProtocol(entry.key, in: found, workspace: workspace, graph: graph)
        }
        for index in graph.imports.indices where graph.imports[index].isTestable {
            let from = graph.imports[index].from
            if graph.modules[from].kind == .test { testableImports[from, default: []].insert(graph.imports[index].to) }
        }
    }

    /// What one pass over the workspace's declarations finds.
    struct Found {
        /// The inheritance lists by simple type name, noted by where they lie.
        var inheritance: InheritanceTable
        var protocolNames: Set<String> = []
        var declaringModules: [String: Set<Int>] = [:]
        /// Implementation candidates: named like one, neither a protocol nor an enum.
        var implementations: [String: [Declaration]] = [:]
    }

    /// One pass over every declaration of the workspace (60,000 in the corpus): the
    /// protocols, the implementation candidates, and the inheritance lists by simple type
    /// name, as written. A parent's name is simplified only when the conformance search
    /// reaches it (a few hundred of some fifteen thousand).
    static func declarations(workspace: Workspace, graph: ModuleGraph, patterns: NamePatterns) -> Found {
        // Sized once: the table notes most declarations of the workspace, and grown by
        // doubling it held up to twice their room at the run's peak.
        var found = Found(inheritance: InheritanceTable(capacity: graph.modules.reduce(0) { total, module in
            workspace.target(of: module).files.reduce(total) { $0 + $1.summary.declarations.count }
        }))
        // Through buffers: a module, a file or a declaration copied out of its array would
        // retain every string it holds, sixty thousand times over.
        graph.modules.withUnsafeBufferPointer { modules in
            for moduleIndex in modules.indices {
                // Enums are values, not services; macro and plugin types are loaded by the
                // compiler and must be public. A dependency's types are its API, whatever
                // their names (it is read as context).
                let moduleKind = modules[moduleIndex].kind
                let mayImplement = moduleKind != .macro && moduleKind != .plugin && !modules[moduleIndex].isContext
                let target = workspace.target(of: modules[moduleIndex])
                target.files.withUnsafeBufferPointer { files in
                    for fileIndex in files.indices {
                        files[fileIndex].summary.declarations.withUnsafeBufferPointer { declarations in
                            for index in declarations.indices {
                                let kind = declarations[index].kind
                                if kind == .typealias { continue }
                                // Extensions add conformances too (`extension LiveClock: Clock {}`):
                                // the list is noted by where it lies, not copied.
                                if !declarations[index].inheritance.isEmpty {
                                    found.inheritance.add(declarations[index].name, at: InheritanceTable.Position(
                                        module: moduleIndex, file: fileIndex, declaration: index))
                                }
                                if kind == .extension { continue }
                                if kind == .protocol { found.protocolNames.insert(declarations[index].name) }
                                guard patterns.matchAny(declarations[index].name) else { continue }
                                let name = declarations[index].name
                                found.declaringModules[name, default: []].insert(moduleIndex)
                                guard kind != .protocol, kind != .enum, mayImplement else { continue }
                                if found.implementations[name]?.contains(where: { $0.module == moduleIndex }) == true { continue }
                                let declaration = declarations[index]
                                found.implementations[name, default: []].append(Declaration(
                                    module: moduleIndex,
                                    site: Site(file: files[fileIndex].path, line: declaration.line, column: declaration.column),
                                    declaration: declaration
                                ))
                            }
                        }
                    }
                }
            }
        }
        found.inheritance.seal()
        return found
    }

    /// Whether `name` inherits, through the inheritance lists, from a protocol declared in
    /// the workspace.
    static func conformsToWorkspaceProtocol(_ name: String, in scanned: Found, workspace: Workspace, graph: ModuleGraph) -> Bool {
        func declaration(at position: InheritanceTable.Position) -> TypeDeclaration {
            let module = graph.modules[Int(position.module)]
            let files = workspace.target(of: module).files
            return files[Int(position.file)].summary.declarations[Int(position.declaration)]
        }
        var seen: Set<String> = [name]
        var queue = [name]
        while let next = queue.popLast() {
            var found = false
            scanned.inheritance.forEachList(of: next, declaration: declaration(at:)) { list in
                for written in list where !found {
                    let parent = SpeziModel.simpleName(written)
                    guard seen.insert(parent).inserted else { continue }
                    if scanned.protocolNames.contains(parent) { found = true }
                    queue.append(parent)
                }
            }
            if found { return true }
        }
        return false
    }

    /// Executable targets and modules matching `composition-roots`.
    public func isCompositionRoot(_ module: Int) -> Bool {
        let module = graph.modules[module]
        return module.kind == .executable || configuration.isCompositionRoot(module.name)
            || configuration.isCompositionRoot(module.id) || Self.isRegistrationModule(module.name)
    }

    /// A module whose job is registration, by the names the WeaveDI guide and Swinject use
    /// for it: `DI`, `AppDI`, `NetworkAssembly`, `AppContainer`, `DependencyInjection`.
    public static func isRegistrationModule(_ name: String) -> Bool {
        name == "DI" || name.hasSuffix("DI") && name.count > 2 && name.dropLast(2).last?.isLowercase == true
            || name.hasSuffix("Assembly") || name.hasSuffix("Assemblies") || name.hasSuffix("Container")
            || name.hasSuffix("DependencyInjection")
    }

    /// Whether a use sits where an implementation is meant to be built: the factory of a
    /// DI registration of that type in the same file (`container.register(P.self) {
    /// LiveP() }`, `UnifiedDI.register`, Factory's `Factory(self) { LiveP() }`), the line
    /// of a `liveValue` / `testValue` / `previewValue`, or a Spezi `Configuration`.
    public func isRegistrationSite(_ name: String, file: ModlintWorkspace.SourceFile, line: Int) -> Bool {
        let di = file.summary.di
        if di.registrations.contains(where: { $0.builds == name }) || di.containerCalls.contains(where: { $0.builds == name }) { return true }
        // Vapor's `configure(_ app: Application)` is where a server app is assembled.
        if Paths.lastComponent(file.path) == "configure.swift" && file.summary.imports.contains(where: { $0.module == "Vapor" }) { return true }
        // A needle `Component` subclass is the dependency graph's wiring: it builds the
        // implementations its scope provides (`var api: API { shared { APIImpl() } }`).
        if Self.isNeedleComponentFile(file) { return true }
        for key in di.keys {
            if [key.liveValue, key.testValue, key.previewValue].contains(where: { $0?.line == line }) { return true }
        }
        return file.summary.spezi.configurations.contains { configuration in
            configuration.instantiations.contains { $0.name == name && $0.line == line }
        }
    }

    /// A file that imports NeedleFoundation and declares a `Component<…>`,
    /// `NonCoreComponent<…>` (needle's lazily created scopes) or `BootstrapComponent` subclass.
    static func isNeedleComponentFile(_ file: ModlintWorkspace.SourceFile) -> Bool {
        guard file.summary.imports.contains(where: { $0.module == "NeedleFoundation" }) else { return false }
        return file.summary.declarations.contains { declaration in
            declaration.kind == .class && declaration.inheritance.contains { inherited in
                let entry = inherited.hasPrefix("NeedleFoundation.") ? inherited.dropFirst("NeedleFoundation.".count) : Substring(inherited)
                return entry.hasPrefix("Component<") || entry.hasPrefix("NonCoreComponent<") || entry == "BootstrapComponent"
            }
        }
    }

    /// A test target of `owner`: it imports `owner` with `@testable import`, or is named
    /// after it (`CoreTests` for `Core`, SwiftPM's convention).
    public func testsFromInside(_ user: Int, _ owner: Int) -> Bool {
        let tests = graph.modules[user]
        guard tests.kind == .test else { return false }
        return testableImports[user]?.contains(owner) == true || tests.name == graph.modules[owner].name + "Tests"
    }

    /// Whether `user` can name the declaration without `@testable`: `public`/`open`, or
    /// `package` within the same package. (A `@testable` test target is exempt anyway.)
    public func isAccessible(_ declaration: Declaration, from user: ModuleGraph.Module) -> Bool {
        switch declaration.declaration.accessLevel {
        case .public?, .open?: return true
        case .package?: return graph.modules[declaration.module].package == user.package
        default: return false
        }
    }

    /// Uses of implementation types in modules other than the declaring one, resolved
    /// through each file's imports; sorted by user module, type name, owner. Read through
    /// `LintContext.implementationUses`, which computes it once.
    public func crossModuleUses() -> [Use] {
        let candidates = implementations
        guard !candidates.isEmpty else { return [] }
        let graph = graph
        // Most references name other types: a bit per (length, first, last byte) rules
        // out nearly all of them before a name is hashed.
        let filter = NamePrefilter(candidates.keys)
        var visibility = FileVisibility(graph: graph)
        var uses: [Use] = []
        for (userIndex, module) in graph.modules.enumerated() {
            var byKey: [String: Use] = [:]
            let files = workspace.target(of: module).files
            for fileIndex in files.indices {
                // A file names each type once in its table: look names up, not references,
                // and as bytes first (a name is made a string only when the filter passes it).
                let references = files[fileIndex].summary.typeReferences
                var wanted: [Bool]?
                references.forEachName { index, bytes in
                    guard filter.mayContain(bytes) else { return }
                    let name = String(decoding: bytes, as: UTF8.self)
                    guard candidates[name] != nil, declaringModules[name]?.contains(userIndex) != true else { return }
                    if wanted == nil { wanted = Array(repeating: false, count: references.nameCount) }
                    wanted![index] = true
                }
                guard let wanted else { continue }
                let file = files[fileIndex]
                let visible = visibility.modules(seenBy: file.path, of: userIndex)
                // Made once here: a packed list makes its names and records on first use.
                let (names, records) = (references.names, references.records)
                for record in records where wanted[Int(record.name)] {
                    let reference = TypeReference(name: names[Int(record.name)], kind: TypeReferenceList.kind(of: record.columnAndKind),
                                                  line: Int(record.line), column: Int(record.columnAndKind >> 3))
                    let wiring = isRegistrationSite(reference.name, file: file, line: reference.line)
                    let declarations = candidates[reference.name]!
                    for declaration in declarations where declaration.module != userIndex && visible.contains(declaration.module)
                        && isAccessible(declaration, from: module) {
                        let key = "\(reference.name)\u{1F}\(declaration.module)"
                        let site = Site(file: file.path, line: reference.line, column: reference.column)
                        if wiring {
                            byKey[key, default: Use(name: reference.name, user: userIndex, declaration: declaration, sites: [])]
                                .wiringSites.append(site)
                        } else {
                            byKey[key, default: Use(name: reference.name, user: userIndex, declaration: declaration, sites: [])]
                                .sites.append(site)
                        }
                    }
                }
            }
            for key in byKey.keys.sorted() {
                var use = byKey[key]!
                use.sites.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
                use.wiringSites.sort { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
                uses.append(use)
            }
        }
        return uses
    }
}

/// Inheritance lists by the simple name of the type they belong to. Built for every
/// declaration of the workspace (some fifteen thousand lists in the corpus) and read for
/// the few hundred implementation candidates and their ancestors, so building must be
/// cheap: a list is noted by where it lies and by a 64-bit hash of its type's simple
/// name, with no string or array copied; notes are chained by the hash's low bits, and a
/// lookup compares the names of the few notes whose hash matches.
struct InheritanceTable {
    struct Position {
        var module: Int32
        var file: Int32
        var declaration: Int32

        init(module: Int, file: Int, declaration: Int) {
            self.module = Int32(truncatingIfNeeded: module)
            self.file = Int32(truncatingIfNeeded: file)
            self.declaration = Int32(truncatingIfNeeded: declaration)
        }
    }

    private var notes: [(key: UInt64, position: Position)] = []
    /// Per bucket (the key's low bits), its latest note; per note, the one before it in
    /// its bucket; -1 ends a chain.
    private var heads: [Int32] = []
    private var previous: [Int32] = []

    /// A table with room for `capacity` notes.
    init(capacity: Int) {
        notes.reserveCapacity(capacity)
    }

    /// Notes the inheritance list of the declaration at `position`, named `name` as written.
    mutating func add(_ name: String, at position: Position) {
        notes.append((Self.key(ofWritten: name), position))
    }

    /// Makes the table ready for lookups.
    mutating func seal() {
        var bucketCount = 16
        while bucketCount < notes.count { bucketCount <<= 1 }
        let mask = UInt64(bucketCount - 1)
        var heads = [Int32](repeating: -1, count: bucketCount)
        var previous = [Int32](repeating: -1, count: notes.count)
        for index in notes.indices {
            let bucket = Int(notes[index].key & mask)
            previous[index] = heads[bucket]
            heads[bucket] = Int32(truncatingIfNeeded: index)
        }
        self.heads = heads
        self.previous = previous
    }

    /// Calls `body` with each inheritance list declared for the simple name `name`, latest
    /// first; `declaration` finds a noted declaration.
    func forEachList(of name: String, declaration: (Position) -> TypeDeclaration, _ body: ([String]) -> Void) {
        guard !heads.isEmpty else { return }
        let key = Self.key(ofSimple: name)
        var index = Int(heads[Int(key & UInt64(heads.count - 1))])
        while index >= 0 {
            let (noteKey, position) = notes[index]
            index = Int(previous[index])
            guard noteKey == key else { continue }
            let noted = declaration(position)
            guard SpeziModel.simpleName(noted.name) == name else { continue }
            body(noted.inheritance)
        }
    }

    /// The key of a type name as written (`Outer.Inner`): that of its simple name.
    private static func key(ofWritten name: String) -> UInt64 {
        key(ofSimple: SpeziModel.simpleName(name))
    }

    private static func key(ofSimple name: String) -> UInt64 {
        var hash = StableHash()
        hash.add(name)
        return hash.value
    }
}

/// The `impl-patterns` of a configuration: whether a name matches any of them, with the
/// name's ASCII check made once for all patterns.
struct NamePatterns {
    private let patterns: [NamePattern]
    /// The prefix and suffix patterns' literals, end to end, and where each lies: the byte
    /// test reads plain values (iterating the patterns themselves copied each one, with
    /// the strings it holds, for every name).
    private let literals: [UInt8]
    private let affixes: [(pattern: Int, start: Int, count: Int, isSuffix: Bool)]
    /// Patterns of the other forms (exact, infix, glob): matched by characters.
    private let others: [Int]

    init(_ globs: [Glob]) {
        patterns = globs.map(NamePattern.init)
        var literals: [UInt8] = []
        var affixes: [(pattern: Int, start: Int, count: Int, isSuffix: Bool)] = []
        var others: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            if let (literal, isSuffix) = pattern.affix {
                affixes.append((index, literals.count, literal.count, isSuffix))
                literals += literal
            } else {
                others.append(index)
            }
        }
        self.literals = literals
        self.affixes = affixes
        self.others = others
    }

    func matchAny(_ name: String) -> Bool {
        let byBytes: Bool? = name.withBytes { bytes in
            literals.withUnsafeBufferPointer { literals in
                var isASCII: Bool?
                for affix in affixes {
                    var equal = bytes.count >= affix.count
                    let offset = affix.isSuffix ? bytes.count - affix.count : 0
                    var index = 0
                    while equal && index < affix.count {
                        equal = bytes[offset + index] == literals[affix.start + index]
                        index += 1
                    }
                    // Equal bytes still need the characters (a combining mark may follow
                    // them); bytes that differ settle an ASCII name.
                    if equal { return patterns[affix.pattern].matches(name) ? true : nil }
                    if isASCII == nil { isASCII = !bytes.contains { $0 >= 0x80 } }
                    if isASCII == false && patterns[affix.pattern].matches(name) { return true }
                }
                return false
            }
        }
        if byBytes == true { return true }
        // A byte match the characters refused: the remaining affixes are compared again,
        // by characters (as rare as a combining mark after a pattern's literal).
        if byBytes == nil, affixes.contains(where: { patterns[$0.pattern].matches(name) }) { return true }
        return others.contains { patterns[$0].matches(name) }
    }
}

/// An `impl-patterns` glob, matched without the general glob machinery when it is a plain
/// prefix, suffix or infix pattern (`Live*`, `*Impl`, `*Mock*`) — names are checked by
/// the hundred thousand.
struct NamePattern {
    private enum Form {
        case exact(String), prefix(String), suffix(String), infix(String), glob(Glob)
    }

    private let form: Form
    /// The literal's bytes, for the byte test of `.prefix` and `.suffix`.
    private let bytes: [UInt8]

    /// For a prefix or suffix pattern, its literal's bytes and which end it anchors.
    var affix: (literal: [UInt8], isSuffix: Bool)? {
        switch form {
        case .prefix: return (bytes, false)
        case .suffix: return (bytes, true)
        default: return nil
        }
    }

    init(_ glob: Glob) {
        let pattern = glob.pattern
        let leading = pattern.hasPrefix("*"), trailing = pattern.hasSuffix("*") && pattern.count > 1
        let core = String(pattern.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0))
        bytes = Array(core.utf8)
        if core.contains(where: { "*?[]/\\".contains($0) }) {
            form = .glob(glob)
        } else if leading && trailing {
            form = .infix(core)
        } else if leading {
            form = .suffix(core)
        } else if trailing {
            form = .prefix(core)
        } else {
            form = .exact(core)
        }
    }

    func matches(_ name: String) -> Bool {
        // An ASCII name that fails on the bytes fails on the characters too: most names
        // are settled by a byte comparison instead of `String`'s Unicode-aware one.
        switch form {
        case .exact(let text): return name == text
        case .prefix(let text):
            return (name.utf8.starts(with: text.utf8) || !Self.isASCII(name)) && name.hasPrefix(text)
        case .suffix(let text):
            return (name.utf8.reversed().starts(with: text.utf8.reversed()) || !Self.isASCII(name)) && name.hasSuffix(text)
        case .infix(let text): return name.contains(text)
        case .glob(let glob): return glob.matches(name)
        }
    }

    static func isASCII(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 }
    }
}

extension ImplementationIndex {
    /// `Foo` for an inheritance entry such as `Foo`, `Module.Foo`, `@unchecked Foo<T>`,
    /// `@retroactive Foo`; `nil` for suppressions (`~Copyable`) and anything unusual.
    public static func baseName(_ entry: String) -> String? {
        var text = Substring(entry).drop { $0 == " " }
        while text.last == " " { text = text.dropLast() }
        while text.hasPrefix("@") {
            guard let space = text.firstIndex(of: " ") else { return nil }
            text = text[text.index(after: space)...]
        }
        if let angle = text.firstIndex(of: "<") { text = text[..<angle] }
        if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
        text = text.drop { $0 == " " }
        guard let first = text.first, first.isLetter || first == "_", !text.contains(" ") else { return nil }
        return String(text)
    }
}

/// Workspace modules a file sees: what it imports, plus what those re-export. Built on
/// first use, since most files never reference an implementation type.
struct FileVisibility {
    let graph: ModuleGraph
    /// Per module, the indices of its imports in `graph.imports`: a file's imports are
    /// found among its module's, without hashing every import's path.
    private var importsByModule: [[Int32]]?
    private var reexports: [Int: [Int]] = [:]

    init(graph: ModuleGraph) {
        self.graph = graph
    }

    /// The modules `file`, a file of `module`, sees.
    mutating func modules(seenBy file: String, of module: Int) -> Set<Int> {
        if importsByModule == nil {
            var byModule = [[Int32]](repeating: [], count: graph.modules.count)
            for index in graph.imports.indices {
                byModule[graph.imports[index].from].append(Int32(truncatingIfNeeded: index))
            }
            importsByModule = byModule
        }
        var visible = Set<Int>()
        for index in importsByModule![module] where graph.imports[Int(index)].site.file == file {
            let imported = graph.imports[Int(index)].to
            visible.insert(imported)
            let exported = reexports[imported] ?? graph.reexportedModules(of: imported)
            reexports[imported] = exported
            visible.formUnion(exported)
        }
        return visible
    }
}
