/// A day's step count, shared by the app, its widget and the modules.
public struct StepCount: Sendable {
    public var steps: Int

    public init(steps: Int) {
        self.steps = steps
    }
}
