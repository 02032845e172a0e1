import Core
import Foundation

/// Catalog's own logger: the name resolves to this type, not to Core's.
struct DefaultLogger {
    func log(_ message: String) {}
}

final class ProductImageLoader {
    private let client = LiveNetworkClient(baseURL: URL(string: "https://images.example")!)
    private let logger = DefaultLogger()

    func usesLiveClient(_ other: NetworkClient) -> Bool {
        other is LiveNetworkClient
    }
}
