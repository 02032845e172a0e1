import HealthFeature
import SchedulerFeature
import Spezi
import UploadFeature

class AppDelegate: SpeziAppDelegate {
    override var configuration: Configuration {
        Configuration(standard: ExampleStandard()) {
            HealthModule()
            if FeatureFlags.uploads {
                UploadModule(endpoint: "https://example.org")
            }
            featureModules
        }
    }

    private var featureModules: [any Module] {
        SchedulerModule()
        AccountModule()
    }
}

enum FeatureFlags {
    static let uploads = true
}
