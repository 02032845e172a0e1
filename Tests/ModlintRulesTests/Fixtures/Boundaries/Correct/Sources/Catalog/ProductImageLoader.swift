import Core
import Foundation

/// Catalog's own logger: the name resolves to this type, not to Core's.
struct DefaultLogger {
    func log(_ message: String) {}
}

final class ProductImageLoader {
    private let client: NetworkClient
    private let logger = DefaultLogger()

    init(client: NetworkClient) {
        self.client = client
    }
}
