import Networking

public struct User: Codable, Sendable {
    public var name: String

    public static let preview = User(name: "Ada")
}
