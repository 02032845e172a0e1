import WeaveDI

enum AppDI {
    static func bootstrap() async {
        await WeaveDI.Container.bootstrap { container in
            container.register(Logger.self) { OSLogger() }
            #if DEBUG
            container.register(NetworkClient.self) { StubNetworkClient() }
            #else
            container.register(NetworkClient.self) { URLSessionNetworkClient() }
            #endif
        }
        UnifiedDI.register(Logger.self) { ConsoleLogger() }
        UnifiedDI.register(SessionManager.self) {
            DefaultSessionManager(client: UnifiedDI.resolve(NetworkClient.self), logger: UnifiedDI.resolve(Logger.self))
        }
    }
}
