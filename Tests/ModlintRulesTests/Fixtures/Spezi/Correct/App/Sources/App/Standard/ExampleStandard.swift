import Spezi

actor ExampleStandard: Standard, EnvironmentAccessible {
    @Dependency(StorageModule.self) private var storage
}
