import Catalog
import Core

public struct CheckoutFlow: Sendable {
    let catalog: CatalogService
    let client: NetworkClient

    public init(catalog: CatalogService, client: NetworkClient) {
        self.catalog = catalog
        self.client = client
    }

    func checkout(cartID: String) async throws {
        _ = try await client.data(for: "checkout/\(cartID)")
    }
}
