import Combine

public final class LoginViewModel: ObservableObject {
    @Published public var email = ""
    @Published public var isLoading = false
    public weak var navigator: LoginNavigator?

    public init() {}

    public func logIn() {
        isLoading = true
        navigator?.showProfile(userID: email)
    }

    public func forgotPassword() {
        navigator?.showPasswordReset()
    }
}
