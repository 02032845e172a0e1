/// What the login flow may ask the app to do next; the app decides how.
public protocol LoginNavigator: AnyObject {
    func showProfile(userID: String)
    func showPasswordReset()
}
