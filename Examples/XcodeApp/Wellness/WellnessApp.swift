import SwiftUI
import Spezi

@main
struct WellnessApp: App {
    @ApplicationDelegateAdaptor(WellnessDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            Text("Wellness")
                .spezi(delegate)
        }
    }
}
