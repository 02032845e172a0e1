import Health
import Spezi

/// The app's Standard. It does not (yet) conform to `HealthConstraint`, which
/// `HealthModule` requires: Spezi would stop the app at launch.
actor AppStandard: Standard {}

final class AppDelegate: SpeziAppDelegate {
    override var configuration: Configuration {
        Configuration(standard: AppStandard()) {
            HealthModule()
        }
    }
}
