import Catalog
import Core
import Foundation
import XCTest

final class CatalogServiceTests: XCTestCase {
    func testLoadsProducts() async throws {
        let service = CatalogService(client: FakeNetworkClient(), logger: PrintLogger())
        _ = try await service.products()
    }
}

struct FakeNetworkClient: NetworkClient {
    var baseURL: URL { URL(string: "https://fake.example")! }
    func data(for path: String) async throws -> Data { Data("[]".utf8) }
}

struct PrintLogger: Logger {
    func log(_ message: String) { print(message) }
}
