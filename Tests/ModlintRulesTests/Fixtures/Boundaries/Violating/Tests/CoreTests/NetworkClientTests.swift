import XCTest
@testable import Core

final class NetworkClientTests: XCTestCase {
    func testBaseURL() {
        let client = LiveNetworkClient(baseURL: URL(string: "https://example.com")!)
        XCTAssertEqual(client.baseURL.host, "example.com")
    }
}
