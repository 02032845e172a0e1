import Dependencies
import DependenciesMacros

@DependencyClient
public struct NumberFactClient: Sendable {
    public var fetch: @Sendable (_ number: Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
    public static let testValue = Self()
    public static let previewValue = Self(fetch: { "\($0) is a good number." })
}

extension DependencyValues {
    public var numberFact: NumberFactClient {
        get { self[NumberFactClient.self] }
        set { self[NumberFactClient.self] = newValue }
    }
}

public struct SpeechClient: Sendable {
    public var requestAuthorization: @Sendable () async -> Bool
}

extension SpeechClient: DependencyKey {
    public static let liveValue = SpeechClient(requestAuthorization: { true })
}

extension DependencyValues {
    public var speechClient: SpeechClient {
        get { self[SpeechClient.self] }
        set { self[SpeechClient.self] = newValue }
    }
}
