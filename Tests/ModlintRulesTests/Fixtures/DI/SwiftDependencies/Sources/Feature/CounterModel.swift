import Dependencies
import NumberFactClient
import Observation

@MainActor
@Observable
final class CounterModel {
    var count = 0
    var fact: String?

    @ObservationIgnored @Dependency(\.numberFact) var numberFact
    @ObservationIgnored @Dependency(\.continuousClock) var clock
    @ObservationIgnored @Dependency(\.date.now) var now
    @ObservationIgnored @Dependency(\.uuid) var uuid
    @ObservationIgnored @Dependency(NumberFactClient.self) var client
    @ObservationIgnored @Dependency(\.haptics) var haptics

    func factButtonTapped() async {
        // @Dependency(\.commentedOut) var neverCounted
        fact = try? await numberFact.fetch(count)
    }
}
