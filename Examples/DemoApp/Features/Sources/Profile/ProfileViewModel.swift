import Foundation
import Networking
// Profile only declares Networking; SharedModels is reachable only through it.
import SharedModels

public final class ProfileViewModel {
    private let client: HTTPClient
    public private(set) var user: User?

    public init(client: HTTPClient) {
        self.client = client
    }

    public var title: String { user?.name ?? "Profile" }
}
