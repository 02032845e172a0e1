import SharedModels
import SwiftUI

public struct HomeScreen: View {
    public init() {}

    public var body: some View {
        Text(User.preview.name)
    }
}
