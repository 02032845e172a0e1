import SharedModels

public final class SQLiteStore {
    public init() {}
    public func save(_ user: User) {}
}
