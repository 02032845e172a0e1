@testable import App
import Swinject
import XCTest

final class AppAssemblyTests: XCTestCase {
    func testOverridesWin() {
        let container = Container()
        container.register(HTTPClient.self) { _ in StubHTTPClient() }
        container.register(HTTPClient.self) { _ in RecordingHTTPClient() }
        XCTAssertNil(container.resolve(Unregistered.self))
    }
}
