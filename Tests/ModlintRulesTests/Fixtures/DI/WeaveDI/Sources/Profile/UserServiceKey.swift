import WeaveDI

public protocol UserService: Sendable {
    func currentUser() async throws -> String
}

struct UserServiceKey: InjectedKey {
    static var liveValue: any UserService = RemoteUserService()
    static var testValue: any UserService = MockUserService()
}

struct AnalyticsKey: InjectedKey {
    static var liveValue: any AnalyticsTracking = FirebaseAnalytics()
}

extension InjectedValues {
    var userService: any UserService {
        get { self[UserServiceKey.self] }
        set { self[UserServiceKey.self] = newValue }
    }
    var analytics: any AnalyticsTracking {
        get { self[AnalyticsKey.self] }
        set { self[AnalyticsKey.self] = newValue }
    }
}

final class ProfileViewModel {
    @Injected(\.userService) var userService
    @Injected(\.analytics) var analytics
    @Injected(\.featureFlags) var featureFlags
}
