import ModlintTokenizer

/// A DI framework as the fact pass reads it: the imports that turn it on, the property
/// wrappers it owns, and what it makes of a `receiver.method(T.self …)` call and of one of
/// its attributes. `DIAdapters.all` is the one list the extractor dispatches through, so
/// a framework of this shape is added with one file (and its tests) plus a line there.
/// Shapes that are not calls or attributes (`extension Container { var x: Factory<…> }`,
/// `DependencyKey` types) are read by `FactoryAdapter.property` and `DIKeyTypes`.
protocol DIAdapter: Sendable {
    static var framework: DIFramework { get }
    /// Modules whose import turns the adapter on for a file.
    static var modules: Set<String> { get }
    /// Property-wrapper attributes it reads (`Injected` for `@Injected`). An attribute two
    /// enabled adapters claim is read by neither (the file's imports leave it ambiguous).
    static var attributes: Set<String> { get }
    /// Names the DI pass dispatches on wherever they stand (`bootstrap`): the lexer marks
    /// them (`TokenizerVocabulary.marked`) so the pass skips every other token.
    static var markedWords: [String] { get }
    /// Names whose presence makes a file worth the DI pass even without the framework's
    /// import (its key protocols and values containers: `DependencyKey`, `InjectedValues`).
    static var watchedWords: [String] { get }
    /// `true` when the call was the framework's (then no other adapter sees it).
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool
    static func attribute(at index: Int, scan: inout DIScan)
}

extension DIAdapter {
    static var attributes: Set<String> { [] }
    static var markedWords: [String] { [] }
    static var watchedWords: [String] { [] }
    static func call(_ method: String, at index: Int, receiver: String, key: String, scan: inout DIScan) -> Bool { false }
    static func attribute(at index: Int, scan: inout DIScan) {}
}

enum DIAdapters {
    /// In dispatch order for calls (a `register` both could read is Swinject's first).
    static let all: [any DIAdapter.Type] = [SwinjectAdapter.self, WeaveDIAdapter.self, FactoryAdapter.self, SwiftDependenciesAdapter.self]

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
