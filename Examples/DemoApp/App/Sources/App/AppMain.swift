import DI
import Database
import Networking
import Onboarding
import Profile
import Settings

/// The composition root: the only place that knows concrete implementations.
@main
struct AppMain {
    static func main() {
        let container = Container()
        container.register(HTTPClient.self) { _ in URLSessionHTTPClient() }
        container.register(Store.self) { _ in SQLiteStore(path: "app.sqlite") }
        let profile = ProfileViewModel(client: container.resolve(HTTPClient.self)!)
        print(profile.title, OnboardingFlow().steps.count, SettingsScreen().title)
    }
}
