import Home
import SharedModels
import SwiftUI
#if os(iOS)
import Database
#endif

public struct ProfileScreen: View {
    public init() {}

    public var body: some View {
        HomeScreen()
    }
}
