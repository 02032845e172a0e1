@testable import Home
import Testing

@Test func homeScreenBuilds() {
    _ = HomeScreen()
}
