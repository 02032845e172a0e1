@testable import App
import XCTest

final class AppTests: XCTestCase {
    func testLaunches() {}
}
