import Catalog
import Core

public struct CheckoutFlow: Sendable {
    let catalog: CatalogService
    let client: NetworkClient

    public init(catalog: CatalogService, client: NetworkClient) {
        self.catalog = catalog
        self.client = client
    }
}

extension LiveNetworkClient {
    func checkout(cartID: String) async throws {
        _ = try await data(for: "checkout/\(cartID)")
    }
}
