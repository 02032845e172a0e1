import Spezi

public final class HealthModule: Module {
    @StandardActor
    @ObservationIgnored // the Standard is an actor
    private var standard: any HealthConstraint

    public init() {}
}
