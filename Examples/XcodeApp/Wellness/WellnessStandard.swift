import Reminders
import Spezi

/// The app's Standard. Deliberate mistake: it does not conform to `HealthDataConstraint`,
/// which `HealthDataModule` requires, so Spezi would stop at launch.
actor WellnessStandard: Standard, ReminderConstraint {
    func scheduleReminder(at hour: Int) async {}
}
