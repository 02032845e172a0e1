public final class ServiceLocator {
    public static let shared = ServiceLocator()
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    public func register<Service>(_ type: Service.Type, factory: @escaping () -> Service) {
        factories[ObjectIdentifier(type)] = factory
    }

    public func resolve<Service>(_ type: Service.Type) -> Service {
        guard let factory = factories[ObjectIdentifier(type)], let service = factory() as? Service else {
            fatalError("\(type) is not registered")
        }
        return service
    }
}
