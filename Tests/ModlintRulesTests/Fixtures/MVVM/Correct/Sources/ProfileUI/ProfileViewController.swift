import UIKit

public final class ProfileViewController: UIViewController {
    public let userID: String

    public init(userID: String) {
        self.userID = userID
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
