import Foundation

public protocol NetworkClient: Sendable {
    var baseURL: URL { get }
    func data(for path: String) async throws -> Data
}

public final class LiveNetworkClient: NetworkClient {
    public let baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    public func data(for path: String) async throws -> Data {
        try await URLSession.shared.data(from: baseURL.appendingPathComponent(path)).0
    }
}
