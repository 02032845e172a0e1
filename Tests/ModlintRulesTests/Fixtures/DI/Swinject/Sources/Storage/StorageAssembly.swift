import Swinject

public final class StorageAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        #if DEBUG
        container.register(Database.self) { _ in InMemoryDatabase() }
        #else
        container.register(Database.self) { _ in SQLiteDatabase(path: "app.sqlite") }
        #endif
        container.register(Cache.self, name: "memory") { _ in MemoryCache() }
        container.register(Cache.self, name: "disk") { _ in DiskCache() }
        /// Doc comments show registrations too:
        /// container.register(Database.self) { _ in InMemoryDatabase() }
    }
}
