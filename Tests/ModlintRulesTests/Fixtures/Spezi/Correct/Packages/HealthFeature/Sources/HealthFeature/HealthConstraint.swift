import Spezi

/// What the app's Standard must do with health samples.
public protocol HealthConstraint: Standard {
    func add(sample: Double) async
}
