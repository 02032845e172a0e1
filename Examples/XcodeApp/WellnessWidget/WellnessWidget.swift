import HealthData
import WellnessKit
import WidgetKit

/// Deliberate mistake: the widget imports HealthData, which its target does not declare.
struct WellnessWidgetEntry {
    var steps: StepCount
}
