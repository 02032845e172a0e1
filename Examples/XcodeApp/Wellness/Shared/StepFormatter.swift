import WellnessKit

/// Built by the app and, through an exception set, by the widget extension.
enum StepFormatter {
    static func text(for count: StepCount) -> String {
        "\(count.steps) steps"
    }
}
