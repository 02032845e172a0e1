import Swinject

final class AppAssembly: Assembly {
    func assemble(container: Container) {
        container.register(HTTPClient.self) { _ in StubHTTPClient() }
        container.register(ProfileViewModel.self) { r in
            ProfileViewModel(
                client: r.resolve(HTTPClient.self)!,
                cache: r.resolve(Cache.self, name: "disk")!,
                analytics: r.resolve(Analytics.self)!
            )
        }
    }
}

let assembler = Assembler([NetworkAssembly(), StorageAssembly(), AppAssembly()])
let log = "container.register(HTTPClient.self) { _ in StubHTTPClient() }"
