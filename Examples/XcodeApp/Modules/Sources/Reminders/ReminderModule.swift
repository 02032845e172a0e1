import Spezi

/// What the app's Standard must offer to schedule reminders.
public protocol ReminderConstraint: Standard {
    func scheduleReminder(at hour: Int) async
}

public final class ReminderModule: Module {
    @StandardActor private var standard: any ReminderConstraint

    public init() {}
}
