import Database
import Profile
import SwiftUI

public struct SettingsScreen: View {
    public init() {}

    public var body: some View {
        ProfileScreen()
    }
}
