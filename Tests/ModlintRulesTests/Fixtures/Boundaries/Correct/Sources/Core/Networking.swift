import Foundation

public protocol NetworkClient: Sendable {
    var baseURL: URL { get }
    func data(for path: String) async throws -> Data
}

package final class LiveNetworkClient: NetworkClient {
    package let baseURL: URL

    package init(baseURL: URL) {
        self.baseURL = baseURL
    }

    package func data(for path: String) async throws -> Data {
        try await URLSession.shared.data(from: baseURL.appendingPathComponent(path)).0
    }
}
