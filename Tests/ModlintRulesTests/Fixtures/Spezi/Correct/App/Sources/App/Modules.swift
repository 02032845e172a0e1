import SchedulerFeature
import Spezi

final class AccountModule: Module, DefaultInitializable {
    @Dependency(StorageModule.self) var storage
    @StandardActor var standard: ExampleStandard

    init() {}
}

final class StorageModule: Module, DefaultInitializable {
    @Dependency(AccountModule.self) var account: AccountModule?
    @Provide var cachedTasks: [String] = []
    private let initialTasks = ["Walk"]

    init() {}

    func configure() {
        cachedTasks = initialTasks
    }
}
