@testable import Profile
import XCTest

final class ProfileViewModelTests: XCTestCase {
    func testTitleDefaultsToProfile() {}
}
