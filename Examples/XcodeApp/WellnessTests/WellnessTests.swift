@testable import Wellness
import XCTest

final class WellnessTests: XCTestCase {
    func testStandardExists() {
        _ = WellnessStandard()
    }
}
