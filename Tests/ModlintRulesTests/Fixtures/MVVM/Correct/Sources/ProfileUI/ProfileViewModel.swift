/// Plain state; the view maps `accentName` to a color.
struct ProfileHeaderViewModel {
    var name: String
    var accentName = "blue"
}
