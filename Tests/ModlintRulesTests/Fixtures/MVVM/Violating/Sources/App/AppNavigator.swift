import LoginUI
import LoginViewModels
import ProfileUI
import UIKit

/// The app's navigator knows the screens; view models only know the protocol.
final class AppNavigator: LoginNavigator {
    let navigationController = UINavigationController()

    func showProfile(userID: String) {
        navigationController.pushViewController(ProfileViewController(userID: userID), animated: true)
    }

    func showPasswordReset() {}
}
