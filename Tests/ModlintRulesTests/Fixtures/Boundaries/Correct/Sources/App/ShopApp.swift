import Catalog
import Checkout
import Core
import Foundation

/// The composition root: the only place that knows concrete types.
@main
struct ShopApp {
    static func main() {
        let client: NetworkClient = LiveNetworkClient(baseURL: URL(string: "https://shop.example")!)
        let logger: Logger = DefaultLogger()
        let catalog = CatalogService(client: client, logger: logger)
        _ = CheckoutFlow(catalog: catalog, client: client)
    }
}
