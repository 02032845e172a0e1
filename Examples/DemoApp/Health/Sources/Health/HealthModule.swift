import Spezi

/// What the app's Standard must offer so that health samples can be stored.
public protocol HealthConstraint: Standard {
    func add(sample: Double) async
}

/// A Spezi module that collects samples and hands them to the Standard.
public final class HealthModule: Module {
    @StandardActor private var standard: any HealthConstraint

    public init() {}

    public func record(_ value: Double) async {
        await standard.add(sample: value)
    }
}
