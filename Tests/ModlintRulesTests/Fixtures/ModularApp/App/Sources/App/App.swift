import DI
import Home
import Profile
import Settings
import SwiftUI

@main
struct ModularApp: App {
    let container = AppContainer()

    var body: some Scene {
        WindowGroup { HomeScreen() }
    }
}
