import SharedModels

public protocol Store {
    func save(_ user: User) throws
}

public struct SQLiteStore: Store {
    let path: String

    public init(path: String) {
        self.path = path
    }

    public func save(_ user: User) throws {}
}
