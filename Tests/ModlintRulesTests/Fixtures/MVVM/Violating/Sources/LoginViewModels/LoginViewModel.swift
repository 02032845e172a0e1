import Combine
import ProfileUI
import UIKit

public final class LoginViewModel: ObservableObject {
    @Published public var email = ""
    @Published public var isLoading = false
    public weak var navigator: LoginNavigator?
    weak var presenter: UIViewController?

    public init() {}

    public func logIn() {
        isLoading = true
        let profile = ProfileViewController(userID: email)
        presenter?.present(profile, animated: true)
    }

    public func forgotPassword() {
        navigator?.showPasswordReset()
    }
}
