/// Severity of a finding; `off` disables a rule.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case off, note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
