/// Stanford Spezi facts of one file: what a module requires of the Standard, which
/// modules it depends on, which configurations an app delegate declares, and where
/// `@Provide` / `@Collect` properties are used during the module lifecycle.
///
/// Only files that import `Spezi` (or a `Spezi*` module) are read; every other file gets
/// the empty value. Types are recorded by name as written; the workspace model decides
/// which names are modules, standards and constraint protocols.
public struct SpeziFacts: Sendable, Equatable, Codable {
    /// The file imports `Spezi` or a `Spezi*` module, so that `Module`, `Standard`,
    /// `Component` and `@Dependency` in it mean Spezi's.
    public var importsSpezi: Bool
    public var standardRequirements: [SpeziStandardRequirement]
    public var dependencies: [SpeziDependency]
    public var configurations: [SpeziConfiguration]
    /// Computed properties whose bodies create values (`var modules: [any Module] { A(); B() }`),
    /// so that a configuration listing the property lists what it returns.
    public var computedProperties: [SpeziComputedProperty]
    /// `@Provide` and `@Collect` properties.
    public var wrappedProperties: [SpeziWrappedProperty]
    /// Names read inside `configure()` and `init(…)`, first occurrence per name and function.
    public var lifecycleReads: [SpeziLifecycleRead]

    public init(importsSpezi: Bool = false, standardRequirements: [SpeziStandardRequirement] = [],
                dependencies: [SpeziDependency] = [], configurations: [SpeziConfiguration] = [],
                computedProperties: [SpeziComputedProperty] = [], wrappedProperties: [SpeziWrappedProperty] = [],
                lifecycleReads: [SpeziLifecycleRead] = []) {
        self.importsSpezi = importsSpezi
        self.standardRequirements = standardRequirements
        self.dependencies = dependencies
        self.configurations = configurations
        self.computedProperties = computedProperties
        self.wrappedProperties = wrappedProperties
        self.lifecycleReads = lifecycleReads
    }

    public var isEmpty: Bool { self == SpeziFacts() }
}

/// A type name at a position (`FeatureModule` in `FeatureModule(…)`).
public struct SpeziTypeUse: Sendable, Equatable, Codable {
    public var name: String
    /// Readable `#if` condition, `nil` when unconditional.
    public var condition: String?
    public var line: Int
    public var column: Int
    /// The type whose arguments or trailing builder closure hold this instantiation
    /// (`StorageModule { SyncModule() }` → `StorageModule`): a module handed to another
    /// module is one of that module's dependencies.
    public var enclosing: String?

    public init(name: String, condition: String? = nil, line: Int, column: Int, enclosing: String? = nil) {
        self.name = name
        self.condition = condition
        self.line = line
        self.column = column
        self.enclosing = enclosing
    }
}

/// `@StandardActor var standard: …` inside a type.
public struct SpeziStandardRequirement: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// `any P` (or `any P & Q`): the configuration's Standard must conform to every name.
        case constraint
        /// `ConcreteStandard`: the configuration's Standard must be this type.
        case concrete
        /// `(any P)?`, `any Standard` checked with `as?` …: no requirement.
        case soft
    }

    /// Qualified name of the enclosing type (an extension's type as written).
    public var owner: String
    public var property: String
    /// The type annotation as written, white space folded.
    public var typeText: String
    public var kind: Kind
    /// Constraint protocols (`.constraint`) or the concrete Standard (`.concrete`), with
    /// their positions; empty for `.soft`.
    public var types: [SpeziTypeUse]
    public var line: Int
    public var column: Int

    public init(owner: String, property: String, typeText: String, kind: Kind, types: [SpeziTypeUse], line: Int, column: Int) {
        self.owner = owner
        self.property = property
        self.typeText = typeText
        self.kind = kind
        self.types = types
        self.line = line
        self.column = column
    }
}

/// A Spezi `@Dependency` property.
public struct SpeziDependency: Sendable, Equatable, Codable {
    /// Qualified name of the enclosing type.
    public var owner: String
    public var property: String
    /// The module type (`X` of `@Dependency(X.self)` or of the annotation); `nil` for a
    /// collection (`[any Module]`).
    public var type: String?
    /// `: X?`: Spezi leaves it `nil` when `X` is not configured.
    public var isOptional: Bool
    /// `[any Module]` / `[X]`: the modules come from `defaultTypes`.
    public var isCollection: Bool
    /// `= X()` or, for a collection, the values built for it in `init` (`_x = Dependency { A(); B() }`).
    public var defaultTypes: [SpeziTypeUse]
    public var line: Int
    public var column: Int

    public init(owner: String, property: String, type: String?, isOptional: Bool = false, isCollection: Bool = false,
                defaultTypes: [SpeziTypeUse] = [], line: Int, column: Int) {
        self.owner = owner
        self.property = property
        self.type = type
        self.isOptional = isOptional
        self.isCollection = isCollection
        self.defaultTypes = defaultTypes
        self.line = line
        self.column = column
    }

    /// Spezi must find (or create) the module: neither optional nor a collection.
    public var isRequired: Bool { !isOptional && !isCollection }
    /// A required dependency that Spezi cannot create itself from a default value.
    public var needsConfiguration: Bool { isRequired && defaultTypes.isEmpty }
}

/// `Configuration(standard: S()) { … }` or `Configuration { … }`.
public struct SpeziConfiguration: Sendable, Equatable, Codable {
    /// Qualified name of the enclosing type (the app delegate).
    public var owner: String
    /// The Standard created in `standard:`; `nil` for Spezi's default standard.
    public var standard: SpeziTypeUse?
    /// Every `T(…)` / `T { … }` in the body, nested arguments and `if`/`#if` branches
    /// included (the workspace model keeps those that are modules).
    public var instantiations: [SpeziTypeUse]
    /// Lower-case names used in the body (computed properties that return modules).
    public var references: [String]
    public var line: Int
    public var column: Int

    public init(owner: String, standard: SpeziTypeUse?, instantiations: [SpeziTypeUse], references: [String], line: Int, column: Int) {
        self.owner = owner
        self.standard = standard
        self.instantiations = instantiations
        self.references = references
        self.line = line
        self.column = column
    }
}

/// A computed property and the values its body creates.
public struct SpeziComputedProperty: Sendable, Equatable, Codable {
    public var owner: String
    public var name: String
    public var instantiations: [SpeziTypeUse]
    public var references: [String]

    public init(owner: String, name: String, instantiations: [SpeziTypeUse], references: [String]) {
        self.owner = owner
        self.name = name
        self.instantiations = instantiations
        self.references = references
    }
}

/// A `@Provide` or `@Collect` property.
public struct SpeziWrappedProperty: Sendable, Equatable, Codable {
    public enum Wrapper: String, Sendable, Codable {
        case provide = "Provide"
        case collect = "Collect"
    }

    public var owner: String
    public var name: String
    public var wrapper: Wrapper
    public var line: Int
    public var column: Int

    public init(owner: String, name: String, wrapper: Wrapper, line: Int, column: Int) {
        self.owner = owner
        self.name = name
        self.wrapper = wrapper
        self.line = line
        self.column = column
    }
}

/// A name read inside a module's `configure()` or `init(…)` (assignments `x = …` aside).
public struct SpeziLifecycleRead: Sendable, Equatable, Codable {
    public enum Function: String, Sendable, Codable {
        case configure
        case initializer = "init"
    }

    public var owner: String
    public var function: Function
    public var name: String
    public var line: Int
    public var column: Int

    public init(owner: String, function: Function, name: String, line: Int, column: Int) {
        self.owner = owner
        self.function = function
        self.name = name
        self.line = line
        self.column = column
    }
}
