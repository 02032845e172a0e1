import Catalog
import Core
import Foundation
import XCTest

final class CatalogServiceTests: XCTestCase {
    func testLoadsProducts() async throws {
        let client = LiveNetworkClient(baseURL: URL(string: "https://staging.example")!)
        let service = CatalogService(client: client, logger: PrintLogger())
        _ = try await service.products()
    }
}

struct PrintLogger: Logger {
    func log(_ message: String) { print(message) }
}
