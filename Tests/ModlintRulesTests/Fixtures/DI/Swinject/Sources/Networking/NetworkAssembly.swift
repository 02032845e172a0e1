import Swinject

public final class NetworkAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register(HTTPClient.self) { _ in
            URLSessionHTTPClient(session: .shared)
        }
        .inObjectScope(.container)

        container.register(TokenStore.self) { r in
            KeychainTokenStore(refresher: r.resolve(TokenRefresher.self)!)
        }
        container.register(TokenRefresher.self) { r in
            OAuthTokenRefresher(store: r.resolve(TokenStore.self)!, client: r.resolve(HTTPClient.self)!)
        }
    }
}
