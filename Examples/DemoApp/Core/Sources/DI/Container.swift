/// A hand-rolled container keyed by type.
public final class Container {
    private var factories: [ObjectIdentifier: (Container) -> Any] = [:]

    public init() {}

    public func register<Service>(_ type: Service.Type, factory: @escaping (Container) -> Service) {
        factories[ObjectIdentifier(type)] = factory
    }

    public func resolve<Service>(_ type: Service.Type) -> Service? {
        factories[ObjectIdentifier(type)]?(self) as? Service
    }
}
