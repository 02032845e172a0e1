import Dependencies
import NumberFactClient

extension NumberFactClient: DependencyKey {
    public static let liveValue = NumberFactClient(fetch: { number in
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://numbersapi.com/\(number)")!)
        return String(decoding: data, as: UTF8.self)
    })
}

enum LegacySpeechClientKey: DependencyKey {
    static let liveValue = SpeechClient(requestAuthorization: { false })
    static let testValue = SpeechClient(requestAuthorization: { false })
}

extension DependencyValues {
    public var speechClient: SpeechClient {
        get { self[LegacySpeechClientKey.self] }
        set { self[LegacySpeechClientKey.self] = newValue }
    }
}
