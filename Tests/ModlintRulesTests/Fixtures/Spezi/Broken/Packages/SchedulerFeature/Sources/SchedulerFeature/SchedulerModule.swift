import Spezi

public final class SchedulerModule: Module {
    @Dependency(NotificationsModule.self) private var notifications
    @Dependency var logger = LoggerModule(level: 1)
    @Collect private var tasks: [String]
    private var count = 0

    public init() {
        count = tasks.count
    }

    public func configure() {
        count = tasks.count
    }
}

public final class NotificationsModule: Module {
    public init(badge: Bool) {}
}

public final class LoggerModule: Module {
    public init(level: Int) {}
}
