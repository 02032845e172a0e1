import HealthFeature

extension ExampleStandard: HealthConstraint {
    func add(sample: Double) async {}
}
