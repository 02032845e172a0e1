import Foundation
import ModlintRules
import ModlintWorkspace
import Testing

/// A fix travels in the cached result (the binary coder, which reads fields by position)
/// and in the JSON result (which leaves `traits` out when empty): both round-trip.
struct DependencyFixCodingTests {
    static let fixes = [
        DependencyFix(action: .add, manifest: "Package.swift", target: "Feature", dependency: "\"Core\""),
        {
            var fix = DependencyFix(action: .add, manifest: "Package.swift", target: "Feature", dependency: "\"Tracing\"",
                                    packageDependency: ".package(path: \"../Kit\")", platforms: ["iOS"])
            fix.traits = ["Telemetry"]
            return fix
        }(),
    ]

    @Test(arguments: fixes)
    func binaryRoundTrip(_ fix: DependencyFix) throws {
        var bytes: [UInt8] = []
        try BinaryCoding.encode([fix, fix], into: &bytes)
        let decoded = try bytes.withUnsafeBytes { try BinaryCoding.decode([DependencyFix].self, from: $0) }
        #expect(decoded == [fix, fix])
    }

    @Test(arguments: fixes)
    func jsonRoundTrip(_ fix: DependencyFix) throws {
        let data = try JSONEncoder().encode(fix)
        #expect(String(decoding: data, as: UTF8.self).contains("traits") == !fix.traits.isEmpty)
        #expect(try JSONDecoder().decode(DependencyFix.self, from: data) == fix)
    }
}
