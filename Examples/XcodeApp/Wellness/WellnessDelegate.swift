import HealthData
import Reminders
import Spezi

/// The composition root: every module the app uses is configured here.
class WellnessDelegate: SpeziAppDelegate {
    override var configuration: Configuration {
        Configuration(standard: WellnessStandard()) {
            HealthDataModule()
            ReminderModule()
        }
    }
}
