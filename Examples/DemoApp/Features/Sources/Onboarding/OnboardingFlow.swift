import SharedModels

public struct OnboardingFlow {
    public let steps: [String] = ["Welcome", "Permissions", "Account"]

    public init() {}

    public func finish(for user: User) -> String {
        "Welcome, \(user.name)!"
    }
}
