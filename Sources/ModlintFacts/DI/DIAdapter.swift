import ModlintTokenizer

/// A DI framework as the fact pass reads it: the imports that turn it on, the property
/// wrappers it owns, and what it makes of each shape the scan finds. The scan names no
/// adapter: it hands every shape to the adapters of the file (`DIAdapterSet`), each
/// deciding for itself, so a framework is added with one file (and its tests) plus a line
/// in `DIAdapters.all`.
///
/// Besides `call` and `attribute`, which every adapter is handed, an adapter lists the
/// shapes it reads in `shapes` and implements their requirements; the others keep the
/// defaults, which read nothing, and are never dispatched to. The key types and values
/// containers swift-dependencies and WeaveDI share (`DependencyKey` types, `extension
/// DependencyValues`) are read by `DIKeyTypes` and `DIValuesContainer`.
protocol DIAdapter: Sendable {
    static var framework: DIFramework { get }
    /// Modules whose import turns the adapter on for a file.
    static var modules: Set<String> { get }
    /// Property-wrapper attributes it reads (`Injected` for `@Injected`). An attribute two
    /// enabled adapters claim is read by neither (the file's imports leave it ambiguous).
    static var attributes: Set<String> { get }
    /// Names the DI pass dispatches on wherever they stand (`bootstrap`): the lexer marks
    /// them (`TokenizerVocabulary.marked`) and the scan hands each to `markedWord(at:scan:)`
    /// of the enabled adapters that list it; nothing else reads such a word.
    static var markedWords: [String] { get }
    /// Names whose presence makes a file worth the DI pass even without the framework's
    /// import (its key protocols and values containers: `DependencyKey`, `InjectedValues`).
    static var watchedWords: [String] { get }
    /// The shapes it reads besides metatype calls and attributes.
    static var shapes: DIShapes { get }
    /// Calls it reads by name, whatever their arguments (`Assembler([A(), B()])`): the scan
    /// hands `namedCall(at:scan:)` every call whose name is as long as one of these.
    static var namedCalls: [String] { get }
    /// Methods that register what a function passes them (`container.register(type)` in
    /// `func registerModule<T>(_ type: T.Type)`): such a function registers for the framework.
    static var forwardingMethods: Set<String> { get }

    /// `receiver.method(T.self …)`: `true` when the call was the framework's (then no
    /// other adapter sees it).
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool
    /// `@Name` or `@Name(…)` at `index` (the name), one of its `attributes` no other
    /// enabled adapter claims.
    static func attribute(_ name: String, at index: Int, scan: inout DIScan)
    /// `.keyPathCalls`: `receiver.method(\.path …)`; `true` when the call was the framework's.
    static func keyPathCall(_ method: String, at index: Int, receiver: String, path: (root: String?, property: String),
                            scan: inout DIScan) -> Bool
    /// `.closureCalls`: `receiver.method { … }` without parentheses, at `method`.
    static func closureCall(at method: Int, scan: inout DIScan)
    /// `.namedCalls`: a call of one of `namedCalls`' lengths, at its name.
    static func namedCall(at index: Int, scan: inout DIScan)
    /// `.markedWords`: one of its `markedWords` at `index`.
    static func markedWord(at index: Int, scan: inout DIScan)
    /// `.properties`: whether it reads the member properties of `owner`; the scan then
    /// reads their type and labels a getter's body.
    static func readsProperties(of owner: String) -> Bool
    /// `.properties`: `var name: Type { … }` in a type whose properties it reads.
    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan)
    /// `.properties`: `var name: Type = …` in a type whose properties some adapter reads, at
    /// `keyword` (the `var`), the `=` at `equals`; `true` when the value was the framework's.
    static func initializedProperty(at keyword: Int, equals: Int, scan: inout DIScan) -> Bool
    /// `.properties`: whether the member declared at `keyword` (the `var`) is of one of the
    /// framework's own types (`lazy var x: Factory<T>`): no container of the workspace's
    /// own reads it as one of its members then.
    static func ownsMember(at keyword: Int, tokens: DITokens) -> Bool
    /// `.containerMembers`: a member `var` at `keyword` of `owner`, one of the container
    /// types the file declares (`DIScan.containerTypes`); `true` when it was the adapter's
    /// (the property readers then do not see it).
    static func containerVariable(at keyword: Int, owner: String, scan: inout DIScan) -> Bool
    /// `.containerMembers`: a member function with a body (`{` at `open`) of `owner`, one
    /// of the container types the file declares, its name at `nameToken`.
    static func containerFunction(nameToken: Int, open: Int, owner: String, scan: inout DIScan)
    /// After the scan: the facts of the whole file.
    static func finish(_ facts: inout DIFacts)
}

/// The shapes an adapter reads besides metatype calls and attributes.
struct DIShapes: OptionSet, Sendable {
    let rawValue: UInt8

    /// `receiver.method(\.path …)` (`keyPathCall`).
    static let keyPathCalls = DIShapes(rawValue: 1)
    /// `receiver.method { … }` (`closureCall`).
    static let closureCalls = DIShapes(rawValue: 2)
    /// Calls by name (`namedCalls`, `namedCall`).
    static let namedCalls = DIShapes(rawValue: 4)
    /// Its `markedWords` (`markedWord`).
    static let markedWords = DIShapes(rawValue: 8)
    /// Member properties (`readsProperties`, `property`, `initializedProperty`, `ownsMember`).
    static let properties = DIShapes(rawValue: 16)
    /// Members of the container types the file declares (`containerVariable`, `containerFunction`).
    static let containerMembers = DIShapes(rawValue: 32)
    /// Its containers are values that code passes on and empties (`Feature.register(in:
    /// container)`, `container.removeAll()`, `container = Container()`): in a file that
    /// imports it, the scan records container passes and resets.
    static let containerValues = DIShapes(rawValue: 64)
}

extension DIAdapter {
    static var attributes: Set<String> { [] }
    static var markedWords: [String] { [] }
    static var watchedWords: [String] { [] }
    static var shapes: DIShapes { [] }
    static var namedCalls: [String] { [] }
    static var forwardingMethods: Set<String> { [] }
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool { false }
    static func attribute(_ name: String, at index: Int, scan: inout DIScan) {}
    static func keyPathCall(_ method: String, at index: Int, receiver: String, path: (root: String?, property: String),
                            scan: inout DIScan) -> Bool { false }
    static func closureCall(at method: Int, scan: inout DIScan) {}
    static func namedCall(at index: Int, scan: inout DIScan) {}
    static func markedWord(at index: Int, scan: inout DIScan) {}
    static func readsProperties(of owner: String) -> Bool { false }
    static func property(name: String, type: String, owner: String, nameToken: Int, body: (open: Int, close: Int), scan: inout DIScan) {}
    static func initializedProperty(at keyword: Int, equals: Int, scan: inout DIScan) -> Bool { false }
    static func ownsMember(at keyword: Int, tokens: DITokens) -> Bool { false }
    static func containerVariable(at keyword: Int, owner: String, scan: inout DIScan) -> Bool { false }
    static func containerFunction(nameToken: Int, open: Int, owner: String, scan: inout DIScan) {}
    static func finish(_ facts: inout DIFacts) {}
}

enum DIAdapters {
    /// The framework adapters, in dispatch order (a `register` both could read is
    /// Swinject's first).
    static let all: [any DIAdapter.Type] = [SwinjectAdapter.self, WeaveDIAdapter.self, FactoryAdapter.self, SwiftDependenciesAdapter.self]

    /// Always on, whatever the imports: it reads the metatype calls and the attributes no
    /// framework adapter takes, and the members of the container types a file declares.
    static let fallback: any DIAdapter.Type = HandRolledContainerAdapter.self

    /// The adapters that read the members of a file's container types (the fallback's
    /// shape), for files that declare one.
    static let containerMemberReaders: [any DIAdapter.Type] = (all + [fallback]).filter { $0.shapes.contains(.containerMembers) }

    /// Every attribute some adapter owns: one no enabled adapter claims is the framework's
    /// all the same (not imported here), never a hand-rolled wrapper.
    static let ownedAttributes: Set<String> = all.reduce(into: []) { $0.formUnion($1.attributes) }

    /// The words the lexer marks and watches for the DI pass: the adapters' and those of
    /// the key types they share (`DIKeyTypes`). `FactExtractor` tokenizes with it.
    static let vocabulary = TokenizerVocabulary(
        marked: DIKeyTypes.valueNames + all.flatMap { $0.markedWords },
        watched: DIKeyTypes.watchedWords + all.flatMap { $0.watchedWords }
    )

    /// Every watched word: a file holding one is read by the DI pass (`DITriggers`).
    static let watchedWords: Set<String> = Set(vocabulary.watched)

    /// Every adapter's marked words, with their bytes: the scan finds them by these, and a
    /// bit per length (`markedWordLengths`) rules most marked tokens out first.
    static let markedWords: [(word: String, bytes: [UInt8])] = all.flatMap { $0.markedWords }.map { ($0, Array($0.utf8)) }
    static let markedWordLengths: UInt64 = lengthBits(markedWords.map(\.word))

    /// One bit per byte length of `words` (a length of 64 or more has none).
    static func lengthBits(_ words: [String]) -> UInt64 {
        words.reduce(0) { $0 | (1 << UInt64($1.utf8.count)) }
    }

    /// Every module some adapter is turned on by.
    static let allModules: Set<String> = all.reduce(into: []) { $0.formUnion($1.modules) }

    /// Whether `module` turns some adapter on. Every file's imports are asked, nearly
    /// none of them a DI framework: the name prefilter (`NameKey`) rules most out before a
    /// hashed lookup.
    static func isDIModule(_ module: String) -> Bool {
        modulePrefilter.mayContain(module) && allModules.contains(module)
    }

    private static let modulePrefilter = NamePrefilter(allModules)
}

/// The adapters of one file: those its imports turn on and, for each shape the scan hands
/// out, those of them that read it (plus the fallback for the members of the file's
/// container types). Made once per file; in most files every list is empty, and the scan's
/// loop tests a list's emptiness (or a length bit) before it dispatches.
struct DIAdapterSet {
    /// The adapters the file's imports turn on, in `DIAdapters.all` order.
    let enabled: [any DIAdapter.Type]
    let keyPathCallReaders: [any DIAdapter.Type]
    let closureCallReaders: [any DIAdapter.Type]
    let namedCallReaders: [any DIAdapter.Type]
    let markedWordReaders: [any DIAdapter.Type]
    let propertyReaders: [any DIAdapter.Type]
    let containerMemberReaders: [any DIAdapter.Type]
    /// A bit per length of the enabled adapters' `namedCalls`.
    let namedCallLengths: UInt64
    /// A bit per length of every adapter's marked words (`DIAdapters.markedWordLengths`).
    let markedWordLengths: UInt64
    /// Some enabled adapter's containers are values passed on and emptied.
    let passesContainers: Bool
    /// One bit per enabled framework.
    private let frameworks: UInt8

    /// `containers`: the hand-rolled container types the file declares.
    init(_ imports: [ImportFact], containers: Set<String>) {
        containerMemberReaders = containers.isEmpty ? [] : DIAdapters.containerMemberReaders
        markedWordLengths = DIAdapters.markedWordLengths
        // Most files import no DI framework: settled without building a set per file.
        guard imports.contains(where: { DIAdapters.isDIModule($0.module) }) else {
            enabled = []
            (keyPathCallReaders, closureCallReaders, namedCallReaders, markedWordReaders, propertyReaders) = ([], [], [], [], [])
            (namedCallLengths, passesContainers, frameworks) = (0, false, 0)
            return
        }
        let modules = Set(imports.map(\.module))
        let enabled = DIAdapters.all.filter { !$0.modules.isDisjoint(with: modules) }
        self.enabled = enabled
        func readers(_ shape: DIShapes) -> [any DIAdapter.Type] { enabled.filter { $0.shapes.contains(shape) } }
        keyPathCallReaders = readers(.keyPathCalls)
        closureCallReaders = readers(.closureCalls)
        namedCallReaders = readers(.namedCalls)
        markedWordReaders = readers(.markedWords)
        propertyReaders = readers(.properties)
        namedCallLengths = DIAdapters.lengthBits(namedCallReaders.flatMap { $0.namedCalls })
        passesContainers = enabled.contains { $0.shapes.contains(.containerValues) }
        frameworks = enabled.reduce(0) { $0 | Self.bit($1.framework) }
    }

    /// Whether the file imports `framework`.
    func imports(_ framework: DIFramework) -> Bool {
        frameworks & Self.bit(framework) != 0
    }

    private static func bit(_ framework: DIFramework) -> UInt8 {
        switch framework {
        case .weaveDI: return 1
        case .swinject: return 2
        case .swiftDependencies: return 4
        case .factory: return 8
        case .handRolled: return 16
        }
    }
}
