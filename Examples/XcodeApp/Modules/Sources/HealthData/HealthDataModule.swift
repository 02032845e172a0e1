import Spezi
import WellnessKit

/// What the app's Standard must offer for health samples to be stored.
public protocol HealthDataConstraint: Standard {
    func store(steps: StepCount) async
}

/// Collects step counts and hands them to the Standard.
public final class HealthDataModule: Module {
    @StandardActor private var standard: any HealthDataConstraint

    public init() {}
}
