import SwiftUI

/// Lives in the UI module, but is still a view model.
struct ProfileHeaderViewModel {
    var name: String
    var accent: Color = .blue
}
