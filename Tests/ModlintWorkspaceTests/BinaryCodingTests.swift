import Foundation
import ModlintFacts
import ModlintManifest
import ModlintTestSupport
@testable import ModlintWorkspace
import Testing

/// The summary cache's layout must round-trip every summary exactly; a summary that does
/// not is silently re-lexed on every run.
struct BinaryCodingTests {
    static let sources: [String] = [
        """
        import Swinject
        final class Assembly: Assembly {
            func assemble(container: Container) {
                container.register(Logger.self) { _ in ConsoleLogger() }
                container.register(Client.self, name: "live") { r in LiveClient(logger: r.resolve(Logger.self)!) }
            }
        }
        """,
        """
        import Dependencies
        private enum APIClientKey: DependencyKey {
            static let liveValue = APIClient.live
            static let testValue = APIClient.mock
        }
        extension DependencyValues {
            var apiClient: APIClient {
                get { self[APIClientKey.self] }
                set { self[APIClientKey.self] = newValue }
            }
        }
        struct Feature {
            @Dependency(\\.apiClient) var apiClient
            @Dependency(\\.date) var date
        }
        """,
        """
        import Spezi
        protocol HealthConstraint: Standard {}
        final class HealthModule: Module {
            @StandardActor var standard: any HealthConstraint
            @Dependency(Other.self) var other
            @Provide var value: [Int] = []
        }
        """,
        """
        // modlint:disable:next undeclared-import - reason, until: 2030-01-01
        import Foo
        struct Tracer<Input, Output>: OTelPropagator where Input: Sendable {
            let propagator: any OTelPropagator = OTelInMemoryPropagator()
            func f(_ x: SingleValueEncodingContainer) {}
        }
        """,
    ]

    @Test(arguments: sources.indices)
    func summariesRoundTrip(_ index: Int) throws {
        let summary = FactExtractor.summarize(bytes: Array(Self.sources[index].utf8))
        let bytes = SummaryCodec.encode(summary)
        #expect(bytes.withUnsafeBytes(SummaryCodec.decode) == summary)
    }

    /// Every 40th corpus file (about 280), whatever its content, comes back exactly.
    @Test func corpusFilesRoundTrip() throws {
        let corpus = ProcessInfo.processInfo.environment["MODLINT_CORPUS"] ?? "/tmp/modlint-corpus"
        guard let list = try? String(contentsOfFile: corpus + "/swift-files.txt", encoding: .utf8) else { return }
        let files = list.split(separator: "\n").enumerated().filter { $0.offset % 40 == 0 }.map { String($0.element) }
        for file in files {
            guard let bytes = FileSystem.read(file.hasPrefix("/") ? file : corpus + "/pkgs/" + file) else { continue }
            let summary = FactExtractor.summarize(bytes: bytes)
            let encoded = SummaryCodec.encode(summary)
            #expect(encoded.withUnsafeBytes(SummaryCodec.decode) == summary, "\(file)")
        }
    }

    /// Every DI field, set to something other than its default, comes back exactly.
    @Test func everyDIFieldRoundTrips() throws {
        let site = DISite(line: 7, column: 3, condition: "os(iOS)", conditionID: -2, branches: [1, -1, 4, 0])
        let plain = DISite(line: 1, column: 1)
        var facts = DIFacts(
            registrations: [DIRegistration(framework: .swinject, key: DIKey("Logger", name: "live"), container: "assembly", scope: "container",
                                           builds: "OSLogger", resolves: [DIKey("Clock"), DIKey("\\Values.date", name: "n")],
                                           backingKey: "LoggerKey", site: site),
                            DIRegistration(framework: .handRolled, key: DIKey("A"), container: "c@3:Root.make", site: plain)],
            consumptions: [DIConsumption(framework: .swiftDependencies, key: DIKey("\\DependencyValues.apiClient"), site: site)],
            keys: [DIKeyDeclaration(framework: .weaveDI, type: "ClientKey", conformance: "InjectedKey", liveValue: site,
                                    testValue: nil, previewValue: plain, site: site)],
            containerCalls: [DIContainerCall(method: "register", receiver: "container", key: DIKey("Cache", name: "disk"), builds: "DiskCache",
                                             enclosingCall: 0, functionLine: 12, function: "Root.make", site: site),
                             DIContainerCall(method: "make", receiver: "", key: DIKey("B"), site: plain)],
            containerMethods: ["register", "resolve"]
        )
        facts.containerPasses = [DIContainerPass(callee: "Feature.register", container: "shared", line: 40, function: "App.bootstrap", functionLine: 38),
                                 DIContainerPass(callee: "Other.register", container: "c@3:Root.make", line: 5)]
        facts.assemblerLists = [DIAssemblerList(assemblies: ["NetworkAssembly", "AppAssembly"], functionLine: 9, line: 11),
                                DIAssemblerList(assemblies: ["StorageAssembly"], line: 3)]
        facts.wrapperUses = [DIWrapperUse(wrapper: "Inject", type: "Clock", site: site)]
        facts.registrations[0].isFallback = true
        facts.registrations[0].arguments = 2
        facts.registrations[1].access = "fileprivate"
        facts.registrations[0].function = "AppAssembly.assemble"
        facts.registrations[0].functionLine = 4
        facts.methodForwards = [DIMethodForward(method: "registerModule", target: "register", framework: .swinject),
                                DIMethodForward(method: "add", target: "register")]
        var summary = SourceSummary(lineCount: 50, byteCount: 900)
        summary.di = facts
        let bytes = SummaryCodec.encode(summary)
        let decoded = try #require(bytes.withUnsafeBytes(SummaryCodec.decode))
        #expect(decoded.di == facts)
        #expect(decoded == summary)
    }

    /// A damaged or truncated record decodes to nothing rather than to other facts.
    @Test func truncatedRecordsAreRejected() {
        let summary = FactExtractor.summarize(bytes: Array(Self.sources[2].utf8))
        let bytes = SummaryCodec.encode(summary)
        for length in stride(from: 0, to: bytes.count, by: 3) {
            #expect(Array(bytes[..<length]).withUnsafeBytes(SummaryCodec.decode) == nil, "prefix \(length)")
        }
    }

    /// The facts checksum ignores what any edit changes (line and byte counts) and sees
    /// what rules read (a line number).
    @Test func factsChecksum() {
        func checksum(_ text: String) -> UInt64 {
            SummaryCodec.encode(FactExtractor.summarize(bytes: Array(text.utf8))).withUnsafeBytes(SummaryCodec.factsChecksum)
        }
        let base = checksum("import Core\nstruct A: P {}\n")
        #expect(checksum("import Core\nstruct A: P {} // note\n\n") == base)
        #expect(checksum("// note\nimport Core\nstruct A: P {}\n") != base)
        #expect(checksum("import Core\nimport Kit\nstruct A: P {}\n") != base)
    }
}

/// Edge cases of the layouts: empty values, references through the generic coder.
struct BinaryCodingEdgeCaseTests {
    /// Any single damaged byte changes the checksum, in every lane, block and tail.
    @Test func checksumSeesEveryByte() {
        var generator = SeededGenerator(seed: 14)
        for length in [0, 1, 7, 8, 31, 32, 33, 64, 100, 1_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let original = Checksum.of(bytes)
            for position in bytes.indices {
                var damaged = bytes
                damaged[position] ^= 0x01 << UInt8(position % 8)
                #expect(Checksum.of(damaged) != original, "length \(length), byte \(position)")
            }
            #expect(Checksum.of(bytes + [0]) != original, "length \(length) grown by a zero byte")
        }
    }

    @Test func emptySummary() throws {
        let summary = SourceSummary()
        #expect(SummaryCodec.encode(summary).withUnsafeBytes(SummaryCodec.decode) == summary)
    }

    @Test func referencesOnly() throws {
        let references = [TypeReference(name: "A", line: 1, column: 2)]
        var bytes: [UInt8] = []
        try BinaryCoding.encode(Box(references: references, after: 7), into: &bytes)
        let decoded = try bytes.withUnsafeBytes { try BinaryCoding.decode(Box.self, from: $0) }
        #expect(decoded.references == references && decoded.after == 7)
    }

    struct Box: Codable, Equatable {
        var references: [TypeReference]
        var after: Int
    }
}

/// Every part of a real summary round-trips on its own.
struct BinaryCodingFieldTests {
    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> Bool {
        var bytes: [UInt8] = []
        try BinaryCoding.encode(value, into: &bytes)
        return try bytes.withUnsafeBytes { try BinaryCoding.decode(T.self, from: $0) } == value
    }

    @Test func fields() throws {
        let summary = FactExtractor.summarize(bytes: Array(BinaryCodingTests.sources[0].utf8))
        #expect(try roundTrip(summary.imports), "imports")
        #expect(try roundTrip(summary.declarations), "declarations")
        #expect(try roundTrip(summary.problems), "problems")
        #expect(try roundTrip(summary.di), "di")
        #expect(try roundTrip(summary.spezi), "spezi")
        #expect(try roundTrip(summary.suppressions), "suppressions")
    }
}

/// Empty arrays next to the reference fast path once shifted the layout: keep them covered.
struct BinaryCodingImportTests {
    @Test func imports() throws {
        let probe = BinaryCodingFieldTests()
        #expect(try probe.roundTrip(ImportFact(module: "A", path: ["A"], line: 1, column: 1)), "plain")
        #expect(try probe.roundTrip(ImportFact(module: "A", path: ["A"], accessLevel: .public, line: 1, column: 1)), "access")
        #expect(try probe.roundTrip(ImportFact(module: "A", path: ["A"], condition: "DEBUG", conditionID: 1, line: 1, column: 1)), "condition")
        #expect(try probe.roundTrip(ImportFact(module: "A", path: ["A"], attributes: ["testable"], line: 1, column: 1)), "attributes")
        #expect(try probe.roundTrip([ImportFact(module: "A", path: ["A"], line: 1, column: 1)]), "array")
    }

    /// Lists of strings take a shortcut past the unkeyed container: the bytes must be what
    /// the container writes, in a keyed field, in a list, and behind an optional.
    private struct Files: Codable, Equatable {
        var files: [String]
        var groups: [[String]]
        var optional: [String]?
        var none: [String]?
    }

    /// The same fields, each list written element by element through a container.
    private struct ByContainer: Encodable {
        struct List: Encodable {
            var strings: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for string in strings { try container.encode(string) }
            }
        }
        var files: List
        var groups: [List]
        var optional: List?
        var none: List?
    }

    @Test func stringListsAreWrittenAsContainersWriteThem() throws {
        let value = Files(files: ["Sources/A/A.swift", "", "Sources/B/Ü.swift"], groups: [["x"], [], ["y", "z"]],
                          optional: ["Package.swift"], none: nil)
        var shortcut: [UInt8] = []
        try BinaryCoding.encode(value, into: &shortcut)
        var container: [UInt8] = []
        try BinaryCoding.encode(ByContainer(files: .init(strings: value.files), groups: value.groups.map { .init(strings: $0) },
                                            optional: .init(strings: value.optional!), none: nil), into: &container)
        #expect(shortcut == container)
        let decoded = try shortcut.withUnsafeBytes { try BinaryCoding.decode(Files.self, from: $0) }
        #expect(decoded == value)
        // A count larger than the bytes left fails instead of sizing an array.
        var damaged = shortcut
        damaged[0] = 0xFF
        damaged[3] = 0x7F
        #expect(throws: (any Error).self) { try damaged.withUnsafeBytes { try BinaryCoding.decode(Files.self, from: $0) } }
    }
}

/// The layout memo stores manifests with the positional coder: every manifest field must
/// survive it (a dictionary field once made every layout memo fail to encode, silently).
struct ManifestLayoutCodingTests {
    @Test func everyManifestFieldRoundTrips() throws {
        var target = ManifestTarget(name: "Feature", kind: .regular, line: 3)
        target.platforms = ["watchos"]
        target.definedFlags = [DefinedFlag(name: "HAPTICS", platforms: ["ios"]), DefinedFlag(name: "TRACE", platforms: [])]
        var manifest = PackageManifest(name: "App", toolsVersion: "6.1")
        manifest.targets = [target]
        manifest.traits = ["Telemetry"]
        manifest.platforms = ["ios"]
        var bytes: [UInt8] = []
        try BinaryCoding.encode(manifest, into: &bytes)
        let decoded = try bytes.withUnsafeBytes { try BinaryCoding.decode(PackageManifest.self, from: $0) }
        #expect(decoded == manifest)
    }
}
