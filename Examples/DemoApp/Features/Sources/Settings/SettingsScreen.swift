import Database
import Networking
import Onboarding

public struct SettingsScreen {
    public let title = "Settings"

    public init() {}

    /// Feature flags that Networking reads (the reason for the cycle).
    public static var useStagingServer = false

    public func restartOnboarding() -> OnboardingFlow { OnboardingFlow() }
}
