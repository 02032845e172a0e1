import Foundation
import SharedModels
import Settings

public protocol HTTPClient: AnyObject {
    func fetchUser(id: UUID) async throws -> User
}

public final class URLSessionHTTPClient: HTTPClient {
    public init() {}

    public func fetchUser(id: UUID) async throws -> User {
        let host = SettingsScreen.useStagingServer ? "staging.example.com" : "api.example.com"
        _ = host
        return User(id: id, name: "Ada")
    }
}
