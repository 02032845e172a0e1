import Core
import Foundation

public struct Product: Decodable, Sendable {
    public var id: String
    public var name: String
}

public final class CatalogService: Sendable {
    let client: NetworkClient
    let logger: Logger

    public init(client: NetworkClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    public func products() async throws -> [Product] {
        logger.log("loading products from \(client.baseURL)") // DefaultLogger() is only a comment
        return try JSONDecoder().decode([Product].self, from: await client.data(for: "products"))
    }
}
